import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CanceledError, type HttpAdapter, type HttpRequest } from './http';
import { mockDelayHeader, mockDelayOf, randomMockDelay, withMockUploadProgress } from './mock-timing';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the mocked-API mode's pace", () => {
  it.each([
    [0, 1000],
    [0.5, 1500],
    [0.999_999, 2000],
  ])('random %d waits %d ms', (random, expected) => {
    expect(randomMockDelay(() => random)).toBe(expected);
  });

  it('waits the delay the client chose when it is in the range, else a random one', () => {
    const request = (delay: string) =>
      new Request('http://localhost/v1/x', { headers: { [mockDelayHeader]: delay } });
    expect(mockDelayOf(request('1234'), () => 0)).toBe(1234);
    expect(mockDelayOf(request('50000'), () => 0)).toBe(1000);
    expect(mockDelayOf(new Request('http://localhost/v1/x'), () => 0)).toBe(1000);
  });

  it('reports upload progress every 100 ms until the answer, and tells the worker its delay', async () => {
    const sent: HttpRequest[] = [];
    const send: HttpAdapter = (request) => {
      sent.push(request);
      return new Promise((resolve) =>
        setTimeout(
          () => resolve({ data: null, status: 200, headers: {} }),
          Number(request.headers[mockDelayHeader]),
        ),
      );
    };
    const progress = vi.fn();
    const form = new FormData();
    form.append('file', new Blob(['x'.repeat(1000)]), 'backup.zip');
    const call = withMockUploadProgress(
      send,
      () => 0,
    )({
      method: 'put',
      baseURL: '',
      url: '/v1/migration/workspace-backup/import/workspace-id/ws-1',
      headers: {},
      data: form,
      onUploadProgress: (event) => progress(event.loaded, event.total),
    });
    expect(sent[0]?.headers[mockDelayHeader]).toBe('1000');
    expect(sent[0]?.onUploadProgress).toBeUndefined();
    await vi.advanceTimersByTimeAsync(100);
    expect(progress).toHaveBeenCalledTimes(1);
    expect(progress).toHaveBeenLastCalledWith(100, 1000);
    await vi.advanceTimersByTimeAsync(400);
    expect(progress).toHaveBeenCalledTimes(5);
    expect(progress).toHaveBeenLastCalledWith(500, 1000);
    await vi.advanceTimersByTimeAsync(500);
    await call;
    expect(progress).toHaveBeenLastCalledWith(1000, 1000);
    const values = progress.mock.calls.map((args) => args[0] as number);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });

  it('stops reporting when the call fails', async () => {
    const progress = vi.fn();
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    const failing: HttpAdapter = () => Promise.reject(new CanceledError());
    const call = withMockUploadProgress(failing)({
      method: 'post',
      baseURL: '',
      url: '/v1/assets/user-profile-image',
      headers: {},
      data: form,
      onUploadProgress: progress,
    });
    await expect(call).rejects.toBeInstanceOf(CanceledError);
    await vi.advanceTimersByTimeAsync(1000);
    expect(progress).not.toHaveBeenCalled();
  });

  it('sends any other call as it is', async () => {
    const send = vi.fn<HttpAdapter>(async () => ({ data: 'ok', status: 200, headers: {} }));
    const request: HttpRequest = { method: 'get', baseURL: '', url: '/healthz', headers: {} };
    await withMockUploadProgress(send)(request);
    expect(send).toHaveBeenCalledWith(request);
  });
});

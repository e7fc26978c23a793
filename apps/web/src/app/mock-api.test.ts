import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CanceledError, encodeBody, type HttpMethod, type RequestOptions } from '../lib/http';
import { createMockAdapter } from '../lib/mock-api';
import { mockRoutes } from './mock-routes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Calls the mocked API as the API client does: the body encoded, as JSON text or a FormData. */
function client(random: () => number) {
  const adapter = createMockAdapter({ random, routes: mockRoutes });
  const send = (method: HttpMethod, url: string, data?: unknown, options: RequestOptions = {}) => {
    const body = encodeBody(data);
    return adapter({
      ...options,
      method,
      baseURL: '',
      url,
      headers: {},
      ...(body.data === undefined ? {} : { data: body.data }),
    });
  };
  return {
    get: (url: string, options?: RequestOptions) => send('get', url, undefined, options),
    post: (url: string, data: unknown) => send('post', url, data),
    put: (url: string, data: unknown, options?: RequestOptions) => send('put', url, data, options),
  };
}

describe('mocked API', () => {
  it('answers after a random delay between 1 and 2 seconds', async () => {
    const settled = vi.fn();
    void client(() => 0.5)
      .get('/v1/workspaces/')
      .then(settled);
    await vi.advanceTimersByTimeAsync(1499);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledOnce();
    const response = settled.mock.calls[0]?.[0];
    expect(response.data.statusCode).toBe(200);
    expect(response.data.data.length).toBeGreaterThan(0);
  });

  it.each([
    [0, 1000],
    [0.999_999, 2000],
  ])('random %d waits %d ms', async (random, expected) => {
    const settled = vi.fn();
    void client(() => random)
      .get('/healthz')
      .then(settled);
    await vi.advanceTimersByTimeAsync(expected - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalled();
  });

  it('answers the login step with the second-step code', async () => {
    const call = client(() => 0).post('/v1/auth/identity/login/national-code/', {
      nationalCode: '0000000000',
    });
    await vi.advanceTimersByTimeAsync(1000);
    const response = await call;
    expect(response.data).toMatchObject({ statusCode: 630, data: { method: 'sms' } });
  });

  it('rejects unknown calls with a 404 envelope', async () => {
    const call = client(() => 0).get('/v1/nothing/here');
    const outcome = call.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await outcome).toMatchObject({ response: { status: 404, data: { statusCode: 404 } } });
  });

  it('reports upload progress every 100 ms until done', async () => {
    const progress = vi.fn();
    const form = new FormData();
    form.append('file', new Blob(['x'.repeat(1000)]), 'backup.zip');
    const call = client(() => 0).put('/v1/migration/workspace-backup/import/workspace-id/ws-1', form, {
      onUploadProgress: (event) => progress(event.loaded, event.total),
    });
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

  it('stops when the request is aborted', async () => {
    const controller = new AbortController();
    const call = client(() => 0).get('/healthz', { signal: controller.signal });
    const outcome = call.catch((error: unknown) => error);
    controller.abort();
    expect(await outcome).toBeInstanceOf(CanceledError);
  });
});

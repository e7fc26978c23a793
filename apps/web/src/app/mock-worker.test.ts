import { getResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockDelayHeader } from '../lib/mock-timing';
import { mockHandlers, unknownApiCall } from './mock-handlers';
import { delayedApiCalls } from './mock-worker';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Asks the mocked-API mode's handlers, in the worker's order (the delay first), as its worker does. */
function ask(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
  const request = new Request(new URL(path, document.baseURI), {
    method,
    headers: { 'Content-Type': 'application/json', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return getResponse([...delayedApiCalls, ...mockHandlers, ...unknownApiCall], request);
}

describe('mocked API', () => {
  it('answers after a random delay between 1 and 2 seconds', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const settled = vi.fn<(response: Response | undefined) => void>();
    void ask('GET', '/v1/workspaces/').then(settled);
    await vi.advanceTimersByTimeAsync(1499);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledOnce();
    const body = await settled.mock.calls[0]?.[0]?.json();
    expect(body.statusCode).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    vi.mocked(Math.random).mockRestore();
  });

  it('waits the delay an upload chose', async () => {
    const settled = vi.fn();
    void ask('GET', '/healthz', { headers: { [mockDelayHeader]: '1800' } }).then(settled);
    await vi.advanceTimersByTimeAsync(1799);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalled();
  });

  it('answers the login step with the second-step code', async () => {
    const call = ask('POST', '/v1/auth/identity/login/national-code/', {
      body: { nationalCode: '0000000000' },
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(await (await call)?.json()).toMatchObject({ statusCode: 630, data: { method: 'sms' } });
  });

  it('answers unknown calls with a 404 envelope', async () => {
    const call = ask('GET', '/v1/nothing/here');
    await vi.advanceTimersByTimeAsync(2000);
    const response = await call;
    expect(response?.status).toBe(404);
    expect(await response?.json()).toMatchObject({ statusCode: 404 });
  });

  it("leaves the app's own files to the server", async () => {
    expect(await ask('GET', '/assets/locales/fa/common.json')).toBeUndefined();
  });
});

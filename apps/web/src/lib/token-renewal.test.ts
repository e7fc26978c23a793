import { identityPaths } from '@wsm/contracts';
import Cookies from 'js-cookie';
import { delay, HttpResponse, http, type JsonBodyType } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/fake-http';
import { initAppI18n } from '../test/i18n';
import { server as msw } from '../test/server';
import { apiClient, ensureFreshToken, needsRenewal, renewalThresholdMs } from './api-client';
import { CanceledError } from './http';
import { setNavigationBridge } from './navigation';
import { notify } from './notify';
import {
  cookieLifetimes,
  cookieNames,
  getAccessExpiry,
  localKeys,
  removeCookie,
  setAccessToken,
  setCookie,
} from './storage';

// Session renewal: before a request when the expiry is near, after a 401
// once, one renewal for every concurrent caller, and a refused renewal logs out.

const navigate = vi.fn();
const toastError = vi.spyOn(notify, 'error').mockImplementation(() => 'id');
const minute = 60_000;

beforeAll(async () => {
  await initAppI18n('en');
});

beforeEach(() => {
  navigate.mockReset();
  toastError.mockClear();
  setNavigationBridge(navigate);
  window.history.replaceState(null, '', '/en/workspace?tab=2');
  localStorage.clear();
});

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) removeCookie(name);
});

function signIn(expiresInMs: number, access = 'access-1', csrf = 'csrf-1') {
  // Through storage.ts, as the app writes them: its reads within one task share a snapshot. The API sets
  // the HttpOnly refresh cookie, which the page never sees; the readable CSRF cookie stands for it here.
  setAccessToken(access);
  setCookie(cookieNames.refreshCsrf, csrf, cookieLifetimes.accessToken);
  localStorage.setItem(localKeys.accessExpiry, String(Date.now() + expiresInMs));
  localStorage.setItem(localKeys.user, '{"id":"u1"}');
}

/**
 * A fake server (MSW handlers over the mocked API's): the renewal (its CSRF header kept in `renewals`, its body in `renewalBodies`) answers `renewal` (after a short delay, so calls overlap); any other call
 * answers 200 with the bearer it received, or 401 when that bearer is in `expired`.
 */
function fakeServer(renewal: { status: number; body: unknown } | 'network', expired: string[] = []) {
  const renewals: unknown[] = [];
  const renewalBodies: unknown[] = [];
  const calls: { url: string; bearer: unknown }[] = [];
  msw.use(
    http.post(identityPaths.renew, async ({ request }) => {
      renewals.push(request.headers.get('X-CSRF-Token') ?? undefined);
      renewalBodies.push(await request.json());
      await delay(5);
      if (renewal === 'network') return HttpResponse.error();
      return HttpResponse.json(renewal.body as JsonBodyType, { status: renewal.status });
    }),
    http.all('*', ({ request }) => {
      const bearer = request.headers.get('Authorization') ?? undefined;
      calls.push({ url: new URL(request.url).pathname, bearer });
      if (typeof bearer === 'string' && expired.includes(bearer.replace('Bearer ', '')))
        return HttpResponse.json(envelope(401), { status: 401 });
      return HttpResponse.json(envelope(200, { bearer }));
    }),
  );
  return { renewals, renewalBodies, calls };
}

const renewed = {
  status: 200,
  body: envelope(200, { accessToken: 'access-2', refreshToken: 'refresh-2-xxxxxxxxxxxx', expiresIn: 900 }),
};

describe('needsRenewal', () => {
  it('is false without a refresh cookie, and when the expiry is further than the threshold', () => {
    expect(needsRenewal()).toBe(false);
    signIn(renewalThresholdMs + minute);
    expect(needsRenewal()).toBe(false);
  });

  it('is true within the threshold, past the expiry, and without an access token', () => {
    signIn(renewalThresholdMs - 1000);
    expect(needsRenewal()).toBe(true);
    signIn(-minute);
    expect(needsRenewal()).toBe(true);
    signIn(30 * minute);
    removeCookie('accessToken');
    expect(needsRenewal()).toBe(true);
  });
});

describe('renewal before a request', () => {
  it('does not renew while the access token is fresh', async () => {
    signIn(10 * minute);
    const server = fakeServer(renewed);
    const response = await apiClient.get('/v1/x');
    expect(server.renewals).toEqual([]);
    expect(response.data.data.bearer).toBe('Bearer access-1');
  });

  it('renews when the expiry is near, stores the new pair and sends the new token', async () => {
    signIn(minute);
    const server = fakeServer(renewed);
    const before = Date.now();
    const response = await apiClient.get('/v1/x');
    // By the cookie: the CSRF value in its header, no refresh token in the body, none kept by the page.
    expect(server.renewals).toEqual(['csrf-1']);
    expect(server.renewalBodies).toEqual([{}]);
    expect(response.data.data.bearer).toBe('Bearer access-2');
    expect(Cookies.get('accessToken')).toBe('access-2');
    expect(Cookies.get('refreshToken')).toBeUndefined();
    const expiry = getAccessExpiry() ?? 0;
    expect(expiry).toBeGreaterThanOrEqual(before + 900_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 900_000);
  });

  it('defaults the expiry to one hour when the server gives none', async () => {
    signIn(minute);
    fakeServer({ status: 200, body: envelope(200, { accessToken: 'a2', refreshToken: 'r2' }) });
    await apiClient.get('/v1/x');
    const expiry = getAccessExpiry() ?? 0;
    expect(Math.abs(expiry - (Date.now() + 60 * minute))).toBeLessThan(5000);
  });

  it('makes one renewal for concurrent requests', async () => {
    signIn(minute);
    const server = fakeServer(renewed);
    const responses = await Promise.all([
      apiClient.get('/v1/a'),
      apiClient.get('/v1/b'),
      apiClient.get('/v1/c'),
    ]);
    expect(server.renewals).toHaveLength(1);
    expect(responses.map((r) => r.data.data.bearer)).toEqual([
      'Bearer access-2',
      'Bearer access-2',
      'Bearer access-2',
    ]);
  });

  it('is not done before the renewal call itself, nor before a call with its own bearer', async () => {
    signIn(minute);
    const server = fakeServer(renewed);
    await apiClient.post('/v1/challenge', {}, { bearer: 'challenge-token' });
    expect(server.renewals).toEqual([]);
    expect(server.calls[0]?.bearer).toBe('Bearer challenge-token');
  });

  it('logs out when the server refuses the refresh token, and cancels the request', async () => {
    for (const refusal of [envelope(660), envelope(401)]) {
      signIn(minute);
      navigate.mockReset();
      const server = fakeServer({ status: refusal.statusCode === 401 ? 401 : 400, body: refusal });
      await expect(apiClient.get('/v1/x')).rejects.toBeInstanceOf(CanceledError);
      expect(server.calls).toEqual([]);
      expect(Cookies.get('accessToken')).toBeUndefined();
      expect(Cookies.get('refreshCsrf')).toBeUndefined();
      expect(localStorage.getItem(localKeys.user)).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/en/login?tab=2', { replace: true });
      expect(toastError).toHaveBeenCalledTimes(1);
      expect(toastError.mock.calls[0]?.[0]).toBe('Your session has ended. Please log in again.');
      toastError.mockClear();
    }
  });

  it('keeps the session when the renewal cannot reach the server', async () => {
    signIn(minute);
    const server = fakeServer('network');
    await apiClient.get('/v1/x');
    expect(server.renewals).toHaveLength(1);
    expect(Cookies.get('refreshCsrf')).toBe('csrf-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('ensureFreshToken does nothing for a visitor', async () => {
    const server = fakeServer(renewed);
    await ensureFreshToken();
    expect(server.renewals).toEqual([]);
  });
});

describe('renewal after a 401', () => {
  it('renews once and repeats the call with the new token', async () => {
    signIn(10 * minute);
    const server = fakeServer(renewed, ['access-1']);
    const response = await apiClient.get('/v1/x');
    expect(server.renewals).toHaveLength(1);
    expect(server.calls.map((c) => c.bearer)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(response.data.data.bearer).toBe('Bearer access-2');
    expect(toastError).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shares one renewal between calls refused together', async () => {
    signIn(10 * minute);
    const server = fakeServer(renewed, ['access-1']);
    await Promise.all([apiClient.get('/v1/a'), apiClient.get('/v1/b')]);
    expect(server.renewals).toHaveLength(1);
  });

  it('does not loop: a 401 after the renewal is the full logout of the catalogue', async () => {
    signIn(10 * minute);
    const server = fakeServer(renewed, ['access-1', 'access-2']);
    await expect(apiClient.get('/v1/x')).rejects.toMatchObject({ httpStatus: 401 });
    expect(server.renewals).toHaveLength(1);
    expect(Cookies.get('refreshCsrf')).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/en/login?tab=2', { replace: true });
  });

  it('logs out when the renewal after a 401 is refused', async () => {
    signIn(10 * minute);
    fakeServer({ status: 400, body: envelope(660) }, ['access-1']);
    await expect(apiClient.get('/v1/x')).rejects.toBeInstanceOf(CanceledError);
    expect(Cookies.get('accessToken')).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/en/login?tab=2', { replace: true });
  });

  it('a revoked session: every call refused together ends at login with one "session ended", never "no access"', async () => {
    signIn(10 * minute);
    fakeServer({ status: 401, body: envelope(401) }, ['access-1']);
    const calls = ['/v1/a', '/v1/b', '/v1/c'].map((url) =>
      apiClient.get(url).catch((error: unknown) => error),
    );
    await Promise.all(calls);
    // A call refused after the logout cleared the tokens (no renewal left to try) says the same.
    await expect(
      apiClient.get('/v1/late', { headers: { Authorization: 'Bearer access-1' } }),
    ).rejects.toMatchObject({
      httpStatus: 401,
    });
    const shown = toastError.mock.calls.map((call) => call[0]);
    expect(new Set(shown)).toEqual(new Set(['Your session has ended. Please log in again.']));
    expect(navigate).toHaveBeenCalledWith('/en/login?tab=2', { replace: true });
  });

  it('is not tried for calls with their own bearer (the login challenge)', async () => {
    signIn(10 * minute);
    const server = fakeServer(renewed, ['challenge']);
    const onError = vi.fn();
    await expect(apiClient.post('/v1/verify', {}, { bearer: 'challenge', onError })).rejects.toMatchObject({
      httpStatus: 401,
    });
    expect(server.renewals).toEqual([]);
    expect(onError).toHaveBeenCalledWith(401, expect.anything());
  });
});

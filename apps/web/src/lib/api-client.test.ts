import { identityPaths } from '@wsm/contracts';
import Cookies from 'js-cookie';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/fake-http';
import { initAppI18n } from '../test/i18n';
import { server } from '../test/server';
import { apiClient, resetUnexpectedError } from './api-client';
import { ApiError } from './api-error';
import { CanceledError } from './http';
import { setNavigationBridge } from './navigation';
import { notify } from './notify';
import { getStoredErrorCode, localKeys } from './storage';

const navigate = vi.fn();
const toastError = vi.spyOn(notify, 'error').mockImplementation(() => 'id');

beforeAll(async () => {
  await initAppI18n('en');
});

beforeEach(() => {
  navigate.mockReset();
  toastError.mockClear();
  resetUnexpectedError();
  setNavigationBridge(navigate);
  window.history.replaceState(null, '', '/en/workspace?tab=2');
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

/** The server answers every call with the given HTTP status and body (JSON, or text for a string). */
function answer(status: number, body: unknown): void {
  server.use(
    http.all('*', () =>
      typeof body === 'string'
        ? HttpResponse.text(body, { status })
        : HttpResponse.json(body as JsonBodyType, { status }),
    ),
  );
}

/** The connection fails before any answer. */
function networkFailure(): void {
  server.use(http.all('*', () => HttpResponse.error()));
}

const lastToast = () => toastError.mock.calls.at(-1)?.[0];

describe('requests', () => {
  it('send the bearer token and the language', async () => {
    Cookies.set('accessToken', 'token-1');
    let seen: Headers | undefined;
    server.use(
      http.all('*', ({ request }) => {
        seen = request.headers;
        return HttpResponse.json(envelope(200));
      }),
    );
    await apiClient.get('/v1/x');
    expect(seen?.get('Authorization')).toBe('Bearer token-1');
    expect(seen?.get('Accept-Language')).toBe('en');
  });

  it('send an object as JSON, a FormData as multipart, the params as the query, and report the upload', async () => {
    const sent: { method: string; url: URL; type: string | null; body: string }[] = [];
    server.use(
      http.all('*', async ({ request }) => {
        sent.push({
          method: request.method,
          url: new URL(request.url),
          type: request.headers.get('Content-Type'),
          body: await request.text(),
        });
        return request.method === 'GET'
          ? new HttpResponse(new Blob(['zip']), { headers: { 'Content-Type': 'application/zip' } })
          : HttpResponse.json(envelope(200));
      }),
    );
    const form = new FormData();
    form.append('name', 'value');
    const progress = vi.fn();
    await apiClient.delete('/v1/d', { data: { id: 'x' } });
    await apiClient.post('/v1/f', form, { onUploadProgress: progress });
    const download = await apiClient.get('/v1/g', {
      params: { page: 2, none: undefined },
      responseType: 'blob',
    });
    expect(sent[0]).toMatchObject({ method: 'DELETE', body: '{"id":"x"}', type: 'application/json' });
    expect(sent[0]?.url.pathname).toBe('/v1/d');
    expect(sent[1]?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent[1]?.body).toContain('name="name"');
    expect(progress).toHaveBeenCalled();
    expect(sent[2]?.url.search).toBe('?page=2');
    expect(sent[2]?.body).toBe('');
    expect(download.data).toBeInstanceOf(Blob);
  });

  it('resolve body 200 and 630 for the caller', async () => {
    answer(200, envelope(200, { a: 1 }));
    const first = await apiClient.post('/v1/a', {});
    expect(first.data.data).toEqual({ a: 1 });
    answer(200, envelope(630, { method: 'sms' }));
    const second = await apiClient.post('/v1/b', {});
    expect(second.data.statusCode).toBe(630);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('pass plain (non-envelope) answers through', async () => {
    answer(200, { status: 'ok' });
    const response = await apiClient.get('/healthz');
    expect(response.data).toEqual({ status: 'ok' });
  });
});

describe('body status catalogue', () => {
  it('260 with a wait shows it as a countdown, hours included', async () => {
    answer(400, envelope(260, { retryAfter: 3725 }));
    const call = apiClient.post('/v1/x');
    await expect(call).rejects.toMatchObject({ statusCode: 260 });
    expect(lastToast()).toMatch(/^Too many attempts\. Try again in \u2066(1:02:05|1:02:04)\u2069$/);
  });

  it.each([
    [260, 'The request is limited, please try again later'],
    [261, 'The requested action is duplicated'],
    [403, 'You do not have access to this request'],
    [620, 'The entered information for validation is incorrect'],
    [621, 'Your account has been suspended'],
    [622, 'Your account is not verified'],
    [660, "The system's security shield has detected errors"],
  ])('%d shows its message and rejects', async (code, text) => {
    answer(400, envelope(code));
    const call = apiClient.post('/v1/x');
    await expect(call).rejects.toMatchObject({ kind: 'http', statusCode: code, httpStatus: 400 });
    expect(lastToast()).toBe(text);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('gives 660 to the caller handler instead of the toast', async () => {
    const onError = vi.fn();
    answer(400, envelope(660));
    await expect(apiClient.post('/v1/x', {}, { onError })).rejects.toBeInstanceOf(ApiError);
    expect(onError).toHaveBeenCalledWith(660, expect.objectContaining({ statusCode: 660 }));
    expect(toastError).not.toHaveBeenCalled();
  });

  it('gives 401 to the caller handler when there is one', async () => {
    Cookies.set('accessToken', 'a');
    const onError = vi.fn();
    answer(200, envelope(401));
    await expect(apiClient.get('/v1/x', { onError })).rejects.toMatchObject({
      kind: 'status',
      statusCode: 401,
    });
    expect(onError).toHaveBeenCalledWith(401, expect.anything());
    expect(Cookies.get('accessToken')).toBe('a');
  });

  it('logs out fully on 401 without a caller handler, keeping the query string', async () => {
    Cookies.set('accessToken', 'a');
    Cookies.set('refreshCsrf', 'c');
    for (const key of [localKeys.user, localKeys.accessExpiry, localKeys.workspaceId, localKeys.appId])
      localStorage.setItem(key, 'x');
    localStorage.setItem(localKeys.mode, 'dark');
    answer(401, envelope(401));
    // The renewal this 401 starts cannot reach the server: the 401 itself is what logs out here.
    server.use(http.post(identityPaths.renew, () => HttpResponse.error()));
    await expect(apiClient.get('/v1/x')).rejects.toMatchObject({
      httpStatus: 401,
    });
    // The call carried the stored session: the server ended it (revoked or expired).
    expect(lastToast()).toBe('Your session has ended. Please log in again.');
    expect(Cookies.get('accessToken')).toBeUndefined();
    expect(Cookies.get('refreshCsrf')).toBeUndefined();
    for (const key of [localKeys.user, localKeys.accessExpiry, localKeys.workspaceId, localKeys.appId])
      expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(localKeys.mode)).toBe('dark');
    expect(navigate).toHaveBeenCalledWith('/en/login?tab=2', { replace: true });
  });

  it('says "no access", not "session ended", to a 401 of a call made without a session', async () => {
    answer(401, envelope(401));
    await expect(apiClient.get('/v1/x')).rejects.toMatchObject({
      httpStatus: 401,
    });
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(lastToast()).toBe('You do not have access');
  });

  it('keeps 403 its own words', async () => {
    Cookies.set('accessToken', 'a');
    answer(200, envelope(403));
    await expect(apiClient.get('/v1/x')).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(lastToast()).toBe('You do not have access to this request');
  });

  it('skips the toast of a code the caller shows at a field, and only that code', async () => {
    const fieldCodes = [261];
    answer(200, envelope(261));
    await expect(apiClient.post('/v1/x', {}, { fieldCodes })).rejects.toMatchObject({ statusCode: 261 });
    expect(toastError).not.toHaveBeenCalled();
    answer(200, envelope(260));
    await expect(apiClient.post('/v1/x', {}, { fieldCodes })).rejects.toMatchObject({ statusCode: 260 });
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  it('passes other codes to the caller handler silently', async () => {
    const onError = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer(400, envelope(400));
    await expect(apiClient.post('/v1/x', {}, { onError })).rejects.toMatchObject({
      statusCode: 400,
    });
    answer(404, envelope(404));
    await expect(apiClient.get('/v1/y')).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(onError).toHaveBeenCalledWith(400, expect.anything());
    expect(toastError).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('HTTP-level rules', () => {
  it('shows the network error on a failed connection', async () => {
    networkFailure();
    await expect(apiClient.get('/v1/x')).rejects.toMatchObject({
      kind: 'network',
    });
    expect(lastToast()).toBe('Failed to establish an internet connection');
  });

  it.each([
    [403, '/en/403'],
    [500, '/en/500'],
    [503, '/en/503'],
  ])('%d goes to its page', async (status, page) => {
    answer(status, envelope(status));
    await expect(apiClient.get('/v1/x')).rejects.toMatchObject({
      httpStatus: status,
    });
    expect(navigate).toHaveBeenCalledWith(page, { replace: false });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('stores any other status and goes to /error', async () => {
    answer(502, '<html>bad gateway</html>');
    await expect(apiClient.get('/v1/x')).rejects.toMatchObject({
      httpStatus: 502,
    });
    expect(getStoredErrorCode()).toBe('502');
    expect(navigate).toHaveBeenCalledWith('/en/error', { replace: false });
  });

  it('ignores requests flagged noRedirection', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer(500, envelope(500));
    await expect(
      apiClient.get('/v1/x', {
        noRedirection: true,
        onError: () => undefined,
      }),
    ).rejects.toBeInstanceOf(ApiError);
    networkFailure();
    await expect(apiClient.get('/v1/x', { noRedirection: true })).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('ignores cancelled requests and keeps their error', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(apiClient.get('/v1/x', { signal: controller.signal })).rejects.toBeInstanceOf(CanceledError);
    expect(navigate).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('exceptions', () => {
  it('show "An unexpected error occurred" once while it is showing', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const throwing = () => {
      throw new Error('handler bug');
    };
    answer(400, envelope(999));
    const call = () => apiClient.get('/v1/x', { onError: throwing });
    await expect(call()).rejects.toMatchObject({ kind: 'unexpected' });
    await expect(call()).rejects.toMatchObject({ kind: 'unexpected' });
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(lastToast()).toBe('An unexpected error occurred');
    vi.advanceTimersByTime(3000);
    await expect(call()).rejects.toMatchObject({ kind: 'unexpected' });
    expect(toastError).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
    error.mockRestore();
    warn.mockRestore();
  });

  it('are texts in Persian too', async () => {
    await initAppI18n('fa');
    answer(400, envelope(621));
    await expect(apiClient.get('/v1/x')).rejects.toBeInstanceOf(ApiError);
    expect(lastToast()).toBe('حساب کاربری شما تعلیق شده است');
    await initAppI18n('en');
  });
});

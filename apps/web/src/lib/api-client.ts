import { type Envelope, identityPaths, StatusCode, type TokenPair } from '@wsm/contracts';
import { ApiError } from './api-error';
import { appConfig } from './app-config';
import { reportUnexpectedError, statusToasts, toastError } from './error-toasts';
import {
  CanceledError,
  encodeBody,
  type HttpAdapter,
  HttpError,
  type HttpMethod,
  type HttpRequest,
  type HttpResponse,
  type RequestOptions,
  sendWithXhr,
} from './http';
import { currentLocale } from './i18n';
import { navigateTo } from './navigation';
import { fullLogout, storeTokens } from './session';
import { getAccessExpiry, getAccessToken, getRefreshCsrf, storeErrorCode } from './storage';
import { showRateLimited } from './wait';

// The one API client, with the whole status-code catalogue in this file:
// first the HTTP-level rules (network, 401, 403, 400/404, 500, 503, other), then the body statusCode
// rules. Callers receive the response for body 200 and 630; everything else rejects with an ApiError
// after the catalogue has done its part (toast, redirect or logout).

/** A call's options: the HTTP ones, and how the catalogue treats its failures. */
export interface ApiRequestConfig extends RequestOptions {
  /** Skip the HTTP-level rules (no toast, no redirect); the body catalogue still applies. */
  noRedirection?: boolean;
  /** The caller's handler: receives body 401 and 660 instead of the defaults, and codes outside the catalogue. */
  onError?: (statusCode: number, envelope?: Envelope) => void;
  /** Marks the token renewal call itself, so it is not preceded by a renewal. */
  isRenewal?: boolean;
  /**
   * A bearer token for this call instead of the stored access token (the login challenge token of
   * /login/2fa/send and /login/2fa/verify). Such calls are never renewed or retried.
   */
  bearer?: string;
  /** Set on the one retry of a call that failed with HTTP 401 and was followed by a renewal. */
  renewedRetry?: boolean;
  /**
   * Body codes the caller shows at a form field itself (a wrong password, a taken name): the
   * catalogue's toast is skipped for them, so the message is shown once, where it belongs.
   */
  fieldCodes?: readonly number[];
}

/** A DELETE may carry a body too. */
export interface ApiDeleteConfig extends ApiRequestConfig {
  data?: unknown;
}

interface ApiCall extends ApiDeleteConfig {
  method: HttpMethod;
  url: string;
}

export function isEnvelope(value: unknown): value is Envelope {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { statusCode?: unknown }).statusCode === 'number' &&
    'data' in value
  );
}

/**
 * The body statusCode catalogue. Returns true when the caller should receive the response
 * (200 success, 630 second step); every other code is handled here and the call fails.
 */
export function handleBodyStatus(
  envelope: Envelope,
  config: { onError?: (code: number, envelope?: Envelope) => void; fieldCodes?: readonly number[] },
): boolean {
  const code = envelope.statusCode;
  switch (code) {
    case StatusCode.ok:
    case StatusCode.secondStep:
      return true;
    case StatusCode.securityShield:
      if (config.onError) config.onError(code, envelope);
      else toastError('errors:api.securityShield');
      return false;
    case StatusCode.unauthorized:
      if (config.onError) config.onError(code, envelope);
      else fullLogout();
      return false;
    case StatusCode.rateLimited:
      // "Try again in 12:34", counting down; forms also disable their button until then (lib/wait.ts).
      showRateLimited(envelope.data);
      return false;
    default: {
      const toastKey = statusToasts[code];
      if (toastKey) {
        if (!config.fieldCodes?.includes(code)) toastError(toastKey);
        return false;
      }
      // Outside the catalogue (400 with field errors, 404, ...): the caller's handler decides.
      console.warn(`API status ${code}: ${envelope.statusMessage}`);
      config.onError?.(code, envelope);
      return false;
    }
  }
}

/** Tells a person whose session the server ended (revoked, expired) why they are back at login. */
function toastSessionEnded(): void {
  toastError('errors:api.sessionEnded');
}

/** True when a call carried the stored session's access token (not a flow token of its own). */
function sentWithSession(config: ApiRequestConfig, request: HttpRequest): boolean {
  if (config.bearer !== undefined || config.isRenewal) return false;
  return request.headers.Authorization !== undefined;
}

/**
 * The HTTP-level rules for an answer outside 2xx. Returns true when the body catalogue should run
 * next (401, 400, 404); false when this rule already sent the user to a status page. A 401 to a call
 * made with the stored session means that session has ended; any other 401 is "no access".
 */
export function handleHttpStatus(status: number, withSession = false): boolean {
  switch (status) {
    case 401:
      if (withSession) toastSessionEnded();
      else toastError('errors:api.unauthorized');
      return true;
    case 400:
    case 404:
      return true;
    case 403:
      navigateTo('/403');
      return false;
    case 500:
      navigateTo('/500');
      return false;
    case 503:
      navigateTo('/503');
      return false;
    default:
      storeErrorCode(status);
      navigateTo('/error');
      return false;
  }
}

// ---- session renewal (docs/security.md) ---------------------------------------------------------
//
// The refresh token is an HttpOnly cookie sent only to renewal; the page proves the call is its own by
// echoing the readable CSRF cookie in a header (docs/security.md, "Refresh token cookie").
// Before a request: when a refresh cookie exists and the stored access expiry is within the threshold
// (the spec's "2 units", read as minutes: access tokens live 15 minutes by default), the pair is renewed
// first. After a request: an HTTP 401 on a call made with the stored access token (a token that expired
// while the tab slept, or a clock that is off) renews once and repeats the call. Every caller in the tab
// shares one renewal, and tabs take turns through a Web Lock, because the refresh token rotates and
// presenting a rotated one kills the session (660). A renewal the server refuses logs out; a network
// failure or a server error keeps the session, and the call itself fails as it would.

/** Renew when the access token expires within this many milliseconds. */
export const renewalThresholdMs = 2 * 60_000;

/** The header that carries the refresh cookie's CSRF value to renewal. */
export const csrfHeaderName = 'X-CSRF-Token';

export type RenewalOutcome = 'renewed' | 'rejected' | 'unavailable';

const renewalLockName = 'wsm-token-renewal';
let renewalInFlight: Promise<RenewalOutcome> | null = null;

/** True when a refresh cookie exists and the access token is missing or expires within the threshold. */
export function needsRenewal(now: number = Date.now()): boolean {
  if (!getRefreshCsrf()) return false;
  const expiry = getAccessExpiry();
  return !getAccessToken() || expiry === undefined || expiry - now <= renewalThresholdMs;
}

async function withRenewalLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  return locks.request(renewalLockName, task);
}

async function callRenew(): Promise<RenewalOutcome> {
  const csrf = getRefreshCsrf();
  if (!csrf) return 'rejected';
  try {
    const response = await apiClient.post<Envelope<TokenPair>>(
      identityPaths.renew,
      {},
      // The catalogue stays silent: a refused renewal is handled below, as one logout.
      {
        isRenewal: true,
        noRedirection: true,
        onError: () => undefined,
        headers: { [csrfHeaderName]: csrf },
      },
    );
    storeTokens(response.data.data);
    return 'renewed';
  } catch (error) {
    const answered = error instanceof ApiError && error.envelope !== undefined;
    const serverTrouble = error instanceof ApiError && (error.httpStatus ?? 0) >= 500;
    return answered && !serverTrouble ? 'rejected' : 'unavailable';
  }
}

/**
 * Renews the token pair, once for every concurrent caller. `staleAccessToken` is the token a call was
 * refused with: when another tab has replaced it meanwhile, nothing is renewed. A refused renewal
 * logs out, keeping the query string.
 */
export function renewSession(staleAccessToken?: string): Promise<RenewalOutcome> {
  renewalInFlight ??= withRenewalLock(async (): Promise<RenewalOutcome> => {
    // Another tab may have renewed while this one waited for the lock.
    if (staleAccessToken !== undefined ? getAccessToken() !== staleAccessToken : !needsRenewal())
      return getRefreshCsrf() ? 'renewed' : 'rejected';
    const outcome = await callRenew();
    if (outcome === 'rejected') {
      toastSessionEnded();
      fullLogout();
    }
    return outcome;
  }).finally(() => {
    renewalInFlight = null;
  });
  return renewalInFlight;
}

/**
 * The hook awaited before every request except the renewal call itself: renews when the stored
 * expiry is near. After a refused renewal the request is cancelled (the user is being logged out).
 */
export async function ensureFreshToken(): Promise<void> {
  if (!needsRenewal()) return;
  const outcome = await renewSession();
  if (outcome === 'rejected') throw new CanceledError('The session has ended');
}

// The mocked-API mode is decided at build time; in a normal build this branch and the mock module are
// dropped. In a mock build the calls go over XMLHttpRequest as usual, to MSW's service worker
// (app/mock-worker.ts); uploads report their progress through mock-timing.ts.
const mockAdapter: HttpAdapter = async (request) =>
  (await import('./mock-timing')).withMockUploadProgress(sendWithXhr)(request);

async function prepareRequest(call: ApiCall): Promise<HttpRequest> {
  if (!call.isRenewal && call.bearer === undefined) await ensureFreshToken();
  const body = encodeBody(call.data);
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  if (body.contentType) headers['Content-Type'] = body.contentType;
  Object.assign(headers, call.headers);
  const token = call.bearer ?? getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  headers['Accept-Language'] = currentLocale();
  return {
    method: call.method,
    baseURL: appConfig.apiBaseUrl,
    url: call.url,
    headers,
    ...(body.data === undefined ? {} : { data: body.data }),
    ...(call.params ? { params: call.params } : {}),
    ...(call.signal ? { signal: call.signal } : {}),
    ...(call.onUploadProgress ? { onUploadProgress: call.onUploadProgress } : {}),
    ...(call.responseType ? { responseType: call.responseType } : {}),
  };
}

function onResponse<T>(response: HttpResponse, call: ApiCall): Promise<HttpResponse<T>> {
  const body: unknown = response.data;
  // Files, health checks and other plain answers go to the caller as they are.
  if (!isEnvelope(body)) return Promise.resolve(response as HttpResponse<T>);
  try {
    if (handleBodyStatus(body, call)) return Promise.resolve(response as HttpResponse<T>);
  } catch (cause) {
    reportUnexpectedError(cause);
    return Promise.reject(new ApiError('unexpected', { cause }));
  }
  return Promise.reject(
    new ApiError('status', { statusCode: body.statusCode, httpStatus: response.status, envelope: body }),
  );
}

/** The stored access token a failed call was sent with, when it is worth renewing and repeating the call. */
function renewableToken(call: ApiCall, request: HttpRequest): string | undefined {
  if (call.isRenewal || call.renewedRetry || call.bearer !== undefined || !getRefreshCsrf()) return undefined;
  return /^Bearer (.+)$/.exec(request.headers.Authorization ?? '')?.[1];
}

async function onFailure<T>(error: unknown, call: ApiCall, request?: HttpRequest): Promise<HttpResponse<T>> {
  if (error instanceof HttpError && error.response?.status === 401 && request) {
    const sentToken = renewableToken(call, request);
    if (sentToken) {
      const outcome = await renewSession(sentToken);
      if (outcome === 'renewed') return send<T>({ ...call, renewedRetry: true });
      if (outcome === 'rejected') return Promise.reject(new CanceledError('The session has ended'));
    }
  }
  return applyFailureRules(error, call, request);
}

function applyFailureRules(error: unknown, call: ApiCall, request?: HttpRequest): Promise<never> {
  // A cancelled call is the caller's own decision: nothing to show, and the original error is kept so
  // TanStack Query and AbortController users recognise it.
  if (error instanceof CanceledError) return Promise.reject(error);
  if (!(error instanceof HttpError) || !request) {
    reportUnexpectedError(error);
    return Promise.reject(new ApiError('unexpected', { cause: error }));
  }
  try {
    if (!error.response) {
      if (!call.noRedirection) toastError('errors:api.network');
      return Promise.reject(new ApiError('network', { cause: error }));
    }
    const status = error.response.status;
    const body: unknown = error.response.data;
    const envelope = isEnvelope(body) ? body : undefined;
    const continueToBody = call.noRedirection
      ? true
      : handleHttpStatus(status, sentWithSession(call, request));
    if (continueToBody && envelope) handleBodyStatus(envelope, call);
    return Promise.reject(
      new ApiError('http', { statusCode: envelope?.statusCode, httpStatus: status, envelope, cause: error }),
    );
  } catch (cause) {
    reportUnexpectedError(cause);
    return Promise.reject(new ApiError('unexpected', { cause }));
  }
}

/**
 * One call through the whole client: the renewal before it, the adapter, then the catalogue on the
 * answer; an HTTP 401 renews once and repeats the call.
 */
async function send<T>(call: ApiCall): Promise<HttpResponse<T>> {
  let request: HttpRequest | undefined;
  let response: HttpResponse;
  try {
    request = await prepareRequest(call);
    response = await apiClient.defaults.adapter(request);
  } catch (error) {
    return onFailure<T>(error, call, request);
  }
  return onResponse<T>(response, call);
}

// An answer is typed by its caller, who parses it with the contracts' schemas; until then it is `any`
// (as axios had it), so that unwrap(apiClient.get(path)) takes the type its caller expects.
// biome-ignore lint/suspicious/noExplicitAny: the caller types the answer
type Unchecked = any;

export const apiClient = {
  /**
   * The adapter every call goes through: XMLHttpRequest (which MSW answers in a mock build and in the
   * tests), with the mocked upload progress in a mock build.
   */
  defaults: { adapter: import.meta.env.VITE_API_MOCK === 'true' ? mockAdapter : sendWithXhr },
  get: <T = Unchecked>(url: string, config: ApiRequestConfig = {}) =>
    send<T>({ ...config, method: 'get', url }),
  delete: <T = Unchecked>(url: string, config: ApiDeleteConfig = {}) =>
    send<T>({ ...config, method: 'delete', url }),
  post: <T = Unchecked>(url: string, data?: unknown, config: ApiRequestConfig = {}) =>
    send<T>({ ...config, method: 'post', url, data }),
  put: <T = Unchecked>(url: string, data?: unknown, config: ApiRequestConfig = {}) =>
    send<T>({ ...config, method: 'put', url, data }),
};

/** The data of a successful envelope answer. */
export async function unwrap<T>(request: Promise<HttpResponse<Envelope<T>>>): Promise<T> {
  return (await request).data.data;
}

export { ApiError, type ApiErrorKind } from './api-error';
export {
  reportUnexpectedError,
  resetUnexpectedError,
  statusToasts,
  unexpectedErrorHoldMs,
} from './error-toasts';
export type { HttpResponse, QueryParams } from './http';

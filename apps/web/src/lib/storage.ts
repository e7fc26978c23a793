import { isLocale, type Locale } from '@wsm/contracts';
import Cookies from 'js-cookie';

// Every name the app keeps in the browser, in one place, so other features
// and the end-to-end tests agree on them.

const minute = 60_000;
const day = 24 * 60 * minute;

/**
 * Cookie names. The refresh token itself is an HttpOnly cookie the API sets and sends only to renewal
 * (docs/security.md, "Refresh token cookie"); the page sees its readable CSRF companion, refreshCsrf.
 */
export const cookieNames = {
  accessToken: 'accessToken',
  refreshCsrf: 'refreshCsrf',
  recoveryToken: 'recoveryToken',
  resendTimer: 'resend-timer',
  nationalCode: 'national-code',
} as const;

/** Cookie lifetimes in milliseconds. */
export const cookieLifetimes = {
  accessToken: 30 * day,
  recoveryToken: 5 * minute,
  resendTimer: 2 * minute,
  nationalCode: 5 * minute,
} as const;

/** localStorage keys. `language` keeps the last chosen interface language for visitors without a user. */
export const localKeys = {
  user: 'user',
  accessExpiry: 'access-expiry',
  workspaceId: 'workspace-id',
  appId: 'app-id',
  mode: 'mode',
  pwaSuggested: 'pwa-suggested',
  version: 'version',
  versionRetryCount: 'version-retry-count',
  versionNextRetry: 'version-next-retry',
  enteredPhone: 'entered-phone',
  enteredEmail: 'entered-email',
  signupStep: 'signup-step',
  language: 'language',
} as const;

/** sessionStorage keys. `error-code` is the HTTP status the /error page shows. */
export const sessionKeys = {
  announcementAllowed: 'announcement-allowed',
  errorCode: 'error-code',
  loginChallenge: 'login-challenge',
  signupToken: 'signup-token',
  /** The page a logged-out visit asked for, followed after the login's last step. */
  returnTo: 'return-to',
  /** The pending sign-in a logged-in browser last went on to from the login page (once per sign-in). */
  signInContinued: 'sign-in-continued',
} as const;

/** Without a server-given expiry an access token is treated as valid for one hour. */
export const defaultAccessExpiryMs = 60 * minute;

export type CookieName = (typeof cookieNames)[keyof typeof cookieNames];
export type LocalKey = (typeof localKeys)[keyof typeof localKeys];
export type SessionKey = (typeof sessionKeys)[keyof typeof sessionKeys];
export type ColorMode = 'light' | 'dark';

// --- cookies ---------------------------------------------------------------------------------------

// Reading document.cookie is a synchronous trip to the browser's cookie store: the first signed-in
// screen read it 88 times, 33-45 ms in all on a desktop and up to 7 ms a read. Reads within
// one task share one snapshot; it is dropped when the task's microtasks run and at every write of ours.
let snapshot: Record<string, string> | undefined;

function cookies(): Record<string, string> {
  if (!snapshot) {
    // The prerenderer has no document: no cookies there.
    snapshot = typeof document === 'undefined' ? {} : Cookies.get();
    queueMicrotask(() => {
      snapshot = undefined;
    });
  }
  return snapshot;
}

export function getCookie(name: CookieName | string): string | undefined {
  return cookies()[name] || undefined;
}

export function setCookie(name: CookieName | string, value: string, lifetimeMs: number): void {
  Cookies.set(name, value, {
    expires: new Date(Date.now() + lifetimeMs),
    path: '/',
    sameSite: 'lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
  snapshot = undefined;
}

export function removeCookie(name: CookieName | string): void {
  Cookies.remove(name, { path: '/' });
  snapshot = undefined;
}

export const getAccessToken = (): string | undefined => getCookie(cookieNames.accessToken);
/** The refresh cookie's CSRF value: renewal echoes it in a header; present while a session may renew. */
export const getRefreshCsrf = (): string | undefined => getCookie(cookieNames.refreshCsrf);

export function setAccessToken(token: string): void {
  setCookie(cookieNames.accessToken, token, cookieLifetimes.accessToken);
}

export const getRecoveryToken = (): string | undefined => getCookie(cookieNames.recoveryToken);
export function setRecoveryToken(token: string): void {
  setCookie(cookieNames.recoveryToken, token, cookieLifetimes.recoveryToken);
}

export const getEnteredNationalCode = (): string | undefined => getCookie(cookieNames.nationalCode);
export function setEnteredNationalCode(code: string): void {
  setCookie(cookieNames.nationalCode, code, cookieLifetimes.nationalCode);
}

/** Starts a resend countdown: the cookie holds the moment the resend button becomes active again. */
export function startResendTimer(
  name: string = cookieNames.resendTimer,
  durationMs: number = cookieLifetimes.resendTimer,
): void {
  setCookie(name, String(Date.now() + durationMs), durationMs);
}

/** Milliseconds left on a resend countdown (0 when none is running). */
export function resendRemainingMs(name: string = cookieNames.resendTimer, now = Date.now()): number {
  const until = Number(getCookie(name));
  return Number.isFinite(until) && until > now ? until - now : 0;
}

// --- web storage -----------------------------------------------------------------------------------

// Storage can throw (private windows, disabled storage, quota): the app keeps working without it.
function area(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function read(kind: 'local' | 'session', key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: 'local' | 'session', key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
}

function remove(kind: 'local' | 'session', key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export const readLocal = (key: LocalKey): string | null => read('local', key);
export const writeLocal = (key: LocalKey, value: string): void => write('local', key, value);
export const removeLocal = (key: LocalKey): void => remove('local', key);
export const readSession = (key: SessionKey): string | null => read('session', key);
export const writeSession = (key: SessionKey, value: string): void => write('session', key, value);
export const removeSession = (key: SessionKey): void => remove('session', key);

// --- typed values ----------------------------------------------------------------------------------

/** The stored user; only language.key is read by the shell, the identity feature owns the rest. */
export interface StoredUser {
  language?: { key?: string } | null;
  [field: string]: unknown;
}

export function getStoredUser(): StoredUser | null {
  const raw = readLocal(localKeys.user);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as StoredUser)
      : null;
  } catch {
    return null;
  }
}

export function setStoredUser(user: StoredUser): void {
  writeLocal(localKeys.user, JSON.stringify(user));
}

const localeOfLanguage: Record<string, Locale> = { persian: 'fa', english: 'en', arabic: 'ar' };
/** The profile language key of each locale. */
export const languageOfLocale: Record<Locale, string> = { fa: 'persian', en: 'english', ar: 'arabic' };

/** The stored user's language as a locale: persian → fa, english → en, arabic → ar, anything else → undefined. */
export function userLocale(user: StoredUser | null): Locale | undefined {
  const key = user?.language?.key;
  return key && Object.hasOwn(localeOfLanguage, key) ? localeOfLanguage[key] : undefined;
}

export function getAccessExpiry(): number | undefined {
  const value = Number(readLocal(localKeys.accessExpiry));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Stores when the access token expires; without a server-given time, one hour from now. */
export function setAccessExpiry(expiresAt: number = Date.now() + defaultAccessExpiryMs): void {
  writeLocal(localKeys.accessExpiry, String(expiresAt));
}

export const getWorkspaceId = (): string | null => readLocal(localKeys.workspaceId);
export const getAppId = (): string | null => readLocal(localKeys.appId);

export function setWorkspaceId(id: string | null): void {
  if (id) writeLocal(localKeys.workspaceId, id);
  else removeLocal(localKeys.workspaceId);
}

export function setAppId(id: string | null): void {
  if (id) writeLocal(localKeys.appId, id);
  else removeLocal(localKeys.appId);
}

export function getSavedMode(): ColorMode | null {
  const value = readLocal(localKeys.mode);
  return value === 'light' || value === 'dark' ? value : null;
}

/** Dispatched on window when this tab saves a colour mode (other tabs hear the `storage` event). */
export const modeSavedEvent = 'wsm:mode-saved';

/** Saves a colour mode; null forgets it, so the app follows the system again. */
export function saveMode(mode: ColorMode | null): void {
  if (mode) writeLocal(localKeys.mode, mode);
  else removeLocal(localKeys.mode);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(modeSavedEvent));
}

export function getSavedLanguage(): Locale | undefined {
  const value = readLocal(localKeys.language);
  return isLocale(value) ? value : undefined;
}

/** Remembers a chosen language, also on the stored user so the next start resolves to it. */
export function saveLanguage(locale: Locale): void {
  writeLocal(localKeys.language, locale);
  const user = getStoredUser();
  if (user) setStoredUser({ ...user, language: { ...user.language, key: languageOfLocale[locale] } });
}

export function getStoredErrorCode(): string | null {
  return readSession(sessionKeys.errorCode);
}

export function storeErrorCode(code: number | string): void {
  writeSession(sessionKeys.errorCode, String(code));
}

export function clearStoredErrorCode(): void {
  removeSession(sessionKeys.errorCode);
}

/** Logged in means both auth values are present: the access token and the refresh cookie's CSRF value. */
export function hasAuthCookies(): boolean {
  return Boolean(getAccessToken() && getRefreshCsrf());
}

/**
 * Forgets the signed-in user: the access token, the refresh cookie's CSRF value (without it the HttpOnly
 * refresh cookie renews nothing; logout has the API clear that one), the user, the expiry and the
 * selected workspace and app. A login keeps the CSRF value the answer with its tokens has just set.
 */
export function clearStoredAuth({ keepRefreshCsrf = false } = {}): void {
  removeCookie(cookieNames.accessToken);
  if (!keepRefreshCsrf) removeCookie(cookieNames.refreshCsrf);
  removeLocal(localKeys.user);
  removeLocal(localKeys.accessExpiry);
  removeLocal(localKeys.workspaceId);
  removeLocal(localKeys.appId);
}

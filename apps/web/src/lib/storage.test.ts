import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearStoredAuth,
  cookieLifetimes,
  cookieNames,
  getAccessExpiry,
  getAccessToken,
  getSavedMode,
  getStoredUser,
  hasAuthCookies,
  localKeys,
  removeCookie,
  resendRemainingMs,
  saveLanguage,
  setAccessExpiry,
  setAccessToken,
  setCookie,
  startResendTimer,
  userLocale,
} from './storage';

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.clear();
  vi.useRealTimers();
});

describe('names and lifetimes', () => {
  it('match the spec', () => {
    expect(cookieNames).toEqual({
      accessToken: 'accessToken',
      refreshCsrf: 'refreshCsrf',
      recoveryToken: 'recoveryToken',
      resendTimer: 'resend-timer',
      nationalCode: 'national-code',
    });
    const day = 86_400_000;
    expect(cookieLifetimes).toEqual({
      accessToken: 30 * day,
      recoveryToken: 300_000,
      resendTimer: 120_000,
      nationalCode: 300_000,
    });
    expect(localKeys).toMatchObject({
      workspaceId: 'workspace-id',
      appId: 'app-id',
      mode: 'mode',
      pwaSuggested: 'pwa-suggested',
      version: 'version',
    });
  });
});

describe('session values', () => {
  it('count as logged in only with the access token and the refresh cookie’s CSRF value', () => {
    setAccessToken('a');
    expect(hasAuthCookies()).toBe(false);
    setCookie(cookieNames.refreshCsrf, 'c', 60_000);
    expect(hasAuthCookies()).toBe(true);
    localStorage.setItem(localKeys.workspaceId, 'w');
    localStorage.setItem(localKeys.mode, 'dark');
    clearStoredAuth();
    expect(hasAuthCookies()).toBe(false);
    expect(localStorage.getItem(localKeys.workspaceId)).toBeNull();
    expect(getSavedMode()).toBe('dark');
  });

  it('default the access expiry to one hour from now', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    setAccessExpiry();
    expect(getAccessExpiry()).toBe(1_000_000 + 3_600_000);
  });

  it('run a resend countdown', () => {
    vi.useFakeTimers({ now: 5_000_000 });
    startResendTimer();
    expect(resendRemainingMs()).toBe(120_000);
    expect(resendRemainingMs(undefined, 5_000_000 + 130_000)).toBe(0);
  });

  it('map the stored user language and keep a chosen one', () => {
    expect(userLocale({ language: { key: 'persian' } })).toBe('fa');
    expect(userLocale({ language: { key: 'english' } })).toBe('en');
    expect(userLocale({ language: { key: 'arabic' } })).toBe('ar');
    expect(userLocale({ language: { key: 'german' } })).toBeUndefined();
    expect(userLocale({ language: { key: 'toString' } })).toBeUndefined();
    localStorage.setItem(localKeys.user, JSON.stringify({ id: 1, language: { key: 'persian', name: 'x' } }));
    saveLanguage('en');
    expect(getStoredUser()).toEqual({ id: 1, language: { key: 'english', name: 'x' } });
    expect(localStorage.getItem(localKeys.language)).toBe('en');
    saveLanguage('ar');
    expect(getStoredUser()).toEqual({ id: 1, language: { key: 'arabic', name: 'x' } });
  });

  it('ignore a corrupt stored user', () => {
    localStorage.setItem(localKeys.user, '{not json');
    expect(getStoredUser()).toBeNull();
  });
});

describe('cookie reads', () => {
  it('read the cookie store once per task, and see their own writes at once', async () => {
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    if (!cookie?.get) throw new Error('no document.cookie getter');
    const read = vi.spyOn(cookie, 'get');
    Object.defineProperty(document, 'cookie', { ...cookie, configurable: true });
    try {
      setAccessToken('a1');
      setCookie(cookieNames.refreshCsrf, 'c1', 60_000);
      await Promise.resolve();
      read.mockClear();
      expect(hasAuthCookies()).toBe(true);
      const oneCheck = read.mock.calls.length;
      expect(oneCheck).toBeGreaterThan(0);
      await Promise.resolve();
      read.mockClear();
      for (let i = 0; i < 10; i++) expect(hasAuthCookies()).toBe(true);
      expect(read).toHaveBeenCalledTimes(oneCheck);
      setAccessToken('a2');
      expect(getAccessToken()).toBe('a2');
      removeCookie(cookieNames.accessToken);
      expect(hasAuthCookies()).toBe(false);
      // The next task reads the store afresh: a change made elsewhere (another tab) is seen.
      Cookies.set(cookieNames.accessToken, 'from-another-tab');
      await Promise.resolve();
      expect(getAccessToken()).toBe('from-another-tab');
    } finally {
      Reflect.deleteProperty(document, 'cookie');
    }
  });
});

import { defaultLocale, type Locale } from '@wsm/contracts';
import { localeOfPath } from '../lib/locale-path';
import { getSavedLanguage, getStoredUser, hasAuthCookies, type StoredUser, userLocale } from '../lib/storage';

export interface StartupLocaleInput {
  pathname: string;
  loggedIn: boolean;
  user: StoredUser | null;
  /** The language the app would use on its own (last chosen, else the default). */
  current: Locale;
}

export interface StartupLocale {
  locale: Locale;
  /** True when the URL has no supported locale and must be re-navigated under `locale`. */
  renavigate: boolean;
}

/**
 * The startup language: a supported URL locale wins; otherwise a
 * logged-in user's stored language (persian → fa, english → en, arabic → ar); otherwise the current language.
 */
export function resolveStartupLocale(input: StartupLocaleInput): StartupLocale {
  const fromUrl = localeOfPath(input.pathname);
  if (fromUrl) return { locale: fromUrl, renavigate: false };
  const fromUser = input.loggedIn ? userLocale(input.user) : undefined;
  return { locale: fromUser ?? input.current, renavigate: true };
}

/** The same, read from the browser: the stored user is loaded once, here. */
export function startupLocaleFromBrowser(pathname: string = window.location.pathname): StartupLocale {
  return resolveStartupLocale({
    pathname,
    loggedIn: hasAuthCookies(),
    user: getStoredUser(),
    current: getSavedLanguage() ?? defaultLocale,
  });
}

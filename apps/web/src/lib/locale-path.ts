import { isLocale, type Locale } from '@wsm/contracts';

/** The locale segment a path starts with, if it is a supported one. */
export function localeOfPath(pathname: string): Locale | undefined {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : undefined;
}

/** The path without its leading supported locale segment ('/fa/login' → '/login', '/fa' → '/'). */
export function stripLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (!locale) return pathname || '/';
  const rest = pathname.slice(locale.length + 1);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

export interface LocalizeOptions {
  /** Leave the path exactly as given (an external address, or a deliberate locale-free path). */
  skipLocale?: boolean;
}

/**
 * Prefixes an in-app path with a locale: '/login?x=1' → '/fa/login?x=1'.
 * Paths that already start with a supported locale, relative paths, external addresses and
 * skipped paths are returned unchanged.
 */
export function localizePath(to: string, locale: Locale, options: LocalizeOptions = {}): string {
  if (options.skipLocale || !to.startsWith('/') || to.startsWith('//')) return to;
  const pathname = to.split(/[?#]/, 1)[0] ?? '';
  if (localeOfPath(pathname)) return to;
  // The root keeps only its query or hash: '/?a=1' → '/fa?a=1'.
  if (pathname === '/') return `/${locale}${to.slice(1)}`;
  return `/${locale}${to}`;
}

/** The same page under another locale: '/fa/login?x' → '/en/login?x'. */
export function switchLocalePath(pathname: string, search: string, hash: string, locale: Locale): string {
  return `${localizePath(stripLocale(pathname), locale)}${search}${hash}`;
}

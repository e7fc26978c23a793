import { isLocale } from '@wsm/contracts';
import { readSession, removeSession, sessionKeys, writeSession } from './storage';

// The page a logged-out visit asked for, carried through login as `returnTo` (docs/security.md, "Return
// after login"). Only a same-origin path under a supported locale is ever followed, so the parameter
// cannot send anyone to another site.

/** The query parameter that names the page to return to. */
export const returnToParam = 'returnTo';

/**
 * A pending sign-in of an application (docs/sign-in-with-workspace.md): the API's interaction route,
 * exactly `/oidc/interaction/{uid}/`. It is followed with a full page load, not inside the app.
 */
const interactionPath = /^\/oidc\/interaction\/([A-Za-z0-9_-]{1,100})\/$/;

/** The interaction's uid when `path` is the interaction route of a pending sign-in. */
export function signInRequestUid(path: string | null | undefined): string | undefined {
  return path ? interactionPath.exec(path)?.[1] : undefined;
}

/**
 * `value` as a same-origin path under a supported locale (not an identity page), or a pending sign-in's
 * interaction route, else undefined.
 */
export function safeReturnTo(value: string | null | undefined, origin?: string): string | undefined {
  // Only a plain absolute path: no scheme, no `//host`, no backslashes or control characters that
  // browsers read as a host.
  if (!value?.startsWith('/') || value.startsWith('//') || /[\\\p{Cc}]/u.test(value)) return undefined;
  // Read only now: a page drawn without a browser (the prerendered login) asks with no returnTo.
  const base = origin ?? window.location.origin;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  if (!url.search && !url.hash && signInRequestUid(url.pathname) && url.pathname === value) return value;
  const [, locale, rest = '/'] = /^\/([^/]+)(\/.*)?$/.exec(url.pathname) ?? [];
  if (!isLocale(locale)) return undefined;
  // Back to login, sign-up or logout would go round in a circle.
  if (/^\/(login|signup|logout)(\/|$)/.test(rest)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login path that returns to `path` (with its query string) afterwards. */
export function loginPathReturningTo(loginPath: string, path: string): string {
  const back = safeReturnTo(path);
  return back ? `${loginPath}?${returnToParam}=${encodeURIComponent(back)}` : loginPath;
}

/** Keeps the login page's `returnTo` for the steps that follow, or forgets an older one. */
export function rememberReturnTo(search: string): void {
  const back = safeReturnTo(new URLSearchParams(search).get(returnToParam));
  if (back) writeSession(sessionKeys.returnTo, back);
  else removeSession(sessionKeys.returnTo);
}

/** The remembered `returnTo`, forgotten as it is read. */
export function takeReturnTo(): string | undefined {
  const back = safeReturnTo(readSession(sessionKeys.returnTo));
  removeSession(sessionKeys.returnTo);
  return back;
}

import { navigateTo } from './navigation';
import { clearStoredAuth, setAccessExpiry, setAccessToken } from './storage';

// Session-wide events: when stored auth is cleared, in-memory state (query cache, user context) must be
// emptied too; those owners subscribe here instead of the storage layer knowing about them.

type Listener = () => void;
const listeners = new Set<Listener>();

/** Subscribes to "the signed-in user is gone"; returns the unsubscribe function. */
export function onSessionCleared(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Clears stored auth (tokens, user, expiry, workspace and app) and tells the in-memory owners. */
export function clearSession(options?: { keepRefreshCsrf?: boolean }): void {
  clearStoredAuth(options);
  for (const listener of listeners) listener();
}

/** The full logout of an unauthorised answer: clear everything, then login, keeping the query string. */
export function fullLogout(): void {
  clearSession();
  const search = typeof window === 'undefined' ? '' : window.location.search;
  navigateTo(`/login${search}`, { replace: true });
}

/**
 * A token pair as the login, sign-up and renewal calls answer it (docs/api.md). The
 * refresh token is not kept by the page: the same answer set it as an HttpOnly cookie.
 */
export interface IssuedTokens {
  accessToken: string;
  refreshToken?: string;
  /** Lifetime of the access token in seconds; without it the default expiry (one hour) applies. */
  expiresIn?: number;
}

/** Stores a new token pair and the access expiry . */
export function storeTokens(tokens: IssuedTokens, now: number = Date.now()): void {
  setAccessToken(tokens.accessToken);
  const lifetime = tokens.expiresIn;
  setAccessExpiry(typeof lifetime === 'number' && lifetime > 0 ? now + lifetime * 1000 : undefined);
}

/** The `sub` (user id) of an access token, without verifying it (the server does that). */
export function tokenSubject(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : undefined;
  } catch {
    return undefined;
  }
}

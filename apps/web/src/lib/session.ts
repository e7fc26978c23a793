import { navigateTo } from './navigation';
import { clearStoredAuth } from './storage';

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
export function clearSession(): void {
  clearStoredAuth();
  for (const listener of listeners) listener();
}

/** The full logout of an unauthorised answer: clear everything, then login, keeping the query string. */
export function fullLogout(): void {
  clearSession();
  const search = typeof window === 'undefined' ? '' : window.location.search;
  navigateTo(`/login${search}`, { replace: true });
}

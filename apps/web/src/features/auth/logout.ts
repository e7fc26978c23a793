import { navigateTo } from '../../lib/navigation';
import { clearSession } from '../../lib/session';
import { getAccessToken } from '../../lib/storage';
import { endServerSession } from './api';
import { clearIdentityFlows } from './flow-state';

/** How long logging out waits for the server before it goes on without it. */
export const logoutServerWaitMs = 5000;

let running: Promise<void> | null = null;

/**
 * Logout: ends the session on the server when a token existed, then
 * clears the tokens, the user and its expiry, empties the in-memory user, workspace and application
 * state, and goes to /login with the given query string. Runs once however often it is asked.
 */
export function logout(search = ''): Promise<void> {
  running ??= (async () => {
    try {
      if (getAccessToken())
        await endServerSession(AbortSignal.timeout(logoutServerWaitMs)).catch(() => undefined);
    } finally {
      clearSession();
      clearIdentityFlows();
      navigateTo(`/login${search}`, { replace: true });
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

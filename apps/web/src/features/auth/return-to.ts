import { returnToParam, signInRequestUid, takeReturnTo } from '../../lib/return-to';
import { resolveGuard } from '../../lib/route-guards';

// Where a login lands (docs/security.md, "Return after login"): the page a logged-out visit asked for
// (`returnTo`, checked by lib/return-to.ts and kept for the tab while the login's steps run), else the
// one workspace of a member of exactly one, else the picker.

/**
 * Where a completed login goes: the remembered page, after selecting the one workspace of a member of
 * exactly one; a page that needs a workspace while there are several goes through the picker, which
 * continues to it. Without a page: the one workspace's applications, else the picker.
 */
export async function landingAfterLogin(): Promise<string> {
  const back = takeReturnTo();
  // An application's pending sign-in goes on at the API's interaction route (leaveForSignIn).
  if (signInRequestUid(back)) return back as string;
  const { myWorkspaceIds, selectWorkspace } = await import('./my-workspaces');
  const ids = await myWorkspaceIds();
  const only = ids?.length === 1 ? ids[0] : undefined;
  if (only) selectWorkspace(only);
  if (!back) return only ? '/workspace/apps' : '/';
  const guard = resolveGuard({
    path: back.replace(/^\/[^/]+/, '').split(/[?#]/, 1)[0] || '/',
    loggedIn: true,
    workspaceId: only ?? null,
    appId: null,
  });
  if (guard.type === 'redirect' && guard.reason === 'no-workspace')
    return `/?${returnToParam}=${encodeURIComponent(back)}`;
  return back;
}

/** Whether a landing path is an application's pending sign-in, which a full page load continues. */
export function isSignInContinuation(path: string): boolean {
  return signInRequestUid(path) !== undefined;
}

/** Continues an application's pending sign-in: the interaction route is the API's, not a page of the app. */
export function leaveForSignIn(path: string): void {
  window.location.assign(path);
}

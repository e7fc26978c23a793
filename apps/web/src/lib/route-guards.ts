// The access rules, as one pure function over a locale-free path.
//
// Reading of the spec, decided here once:
// - A pattern written "/x*" covers /x and everything below it (/x/...), not /xyz.
// - The workspace and application rules apply to logged-in users only: a visitor is either on a
//   public route or sent to login, so the rules cannot send them round in circles.
// - The configured whitelist is exempt from every redirect, not only from the login redirect.
// - With a workspace but no application, everything allowed without a workspace stays allowed
//   (/, /profile*, the error pages, /coming-soon), plus /workspace*: a user must be able to reach
//   their profile and the workspace screens that let them pick an application.

export type GuardResult =
  | { type: 'allow' }
  | { type: 'redirect'; to: string; reason: 'logged-out' | 'no-workspace' | 'no-application' };

export interface GuardInput {
  /** The path without its locale segment, e.g. '/workspace/apps'. */
  path: string;
  loggedIn: boolean;
  workspaceId: string | null | undefined;
  appId: string | null | undefined;
  /** Extra public routes from app configuration (same pattern syntax: a trailing * covers sub-paths). */
  whitelist?: readonly string[];
}

export const errorPagePaths = ['/401', '/403', '/404', '/500', '/503', '/600', '/error'] as const;

/** Reachable without login. */
export const publicRoutes: readonly string[] = [
  '/login*',
  '/signup*',
  ...errorPagePaths,
  '/coming-soon',
  '/announcement*',
];

/** Reachable by a logged-in user who has not selected a workspace. */
export const noWorkspaceRoutes: readonly string[] = [
  '/',
  '/workspace/new',
  '/workspace/apps',
  '/workspace/invitations*',
  '/profile*',
  ...errorPagePaths,
  '/coming-soon',
  '/announcement*',
  '/logout*',
];

/** Reachable by a logged-in user with a workspace but no application (on top of noWorkspaceRoutes). */
export const noApplicationRoutes: readonly string[] = [
  '/workspace*',
  '/workspace/invitations*',
  '/announcement*',
  '/logout*',
];

export const loginPath = '/login';

/** '/a/b/' → '/a/b'; '' → '/'. Query strings and hashes are not part of a guarded path. */
export function normalizeGuardPath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export function matchesRoute(path: string, pattern: string): boolean {
  if (pattern.endsWith('*')) {
    const base = normalizeGuardPath(pattern.slice(0, -1));
    return path === base || path.startsWith(`${base}/`);
  }
  return path === normalizeGuardPath(pattern);
}

const matchesAny = (path: string, patterns: readonly string[]) =>
  patterns.some((pattern) => matchesRoute(path, pattern));

export function isPublicRoute(path: string, whitelist: readonly string[] = []): boolean {
  const normalized = normalizeGuardPath(path);
  return matchesAny(normalized, publicRoutes) || matchesAny(normalized, whitelist);
}

export function resolveGuard(input: GuardInput): GuardResult {
  const path = normalizeGuardPath(input.path);
  const whitelist = input.whitelist ?? [];
  if (matchesAny(path, whitelist)) return { type: 'allow' };
  if (!input.loggedIn) {
    return matchesAny(path, publicRoutes)
      ? { type: 'allow' }
      : { type: 'redirect', to: loginPath, reason: 'logged-out' };
  }
  if (matchesAny(path, noWorkspaceRoutes)) return { type: 'allow' };
  if (!input.workspaceId) return { type: 'redirect', to: '/', reason: 'no-workspace' };
  if (matchesAny(path, noApplicationRoutes)) return { type: 'allow' };
  if (!input.appId) return { type: 'redirect', to: '/workspace/apps', reason: 'no-application' };
  return { type: 'allow' };
}

import { describe, expect, it } from 'vitest';
import { type GuardInput, type GuardResult, isPublicRoute, matchesRoute, resolveGuard } from './route-guards';

const allow: GuardResult = { type: 'allow' };
const toLogin: GuardResult = { type: 'redirect', to: '/login', reason: 'logged-out' };
const toRoot: GuardResult = { type: 'redirect', to: '/', reason: 'no-workspace' };
const toApps: GuardResult = { type: 'redirect', to: '/workspace/apps', reason: 'no-application' };

/** The status pages, open to everyone. */
const statusPaths = ['/401', '/403', '/404', '/500', '/503', '/600', '/error', '/coming-soon'];

const publicPaths = [
  '/login',
  '/login/verify',
  '/login/verify/email',
  '/signup',
  '/signup/verify',
  ...statusPaths,
  '/announcement',
  '/announcement/12',
];

const privatePaths = [
  '/',
  '/workspace',
  '/workspace/new',
  '/workspace/apps',
  '/workspace/invitations',
  '/workspace/invitations/3',
  '/workspace/settings/roles',
  '/profile',
  '/profile/security',
  '/logout',
  '/dashboard',
  '/loginx',
];

/** One test per path: in `state`, the path resolves to `expected`. */
const eachPath = (title: string, paths: string[], state: Omit<GuardInput, 'path'>, expected: GuardResult) =>
  it.each(paths)(title, (path) => {
    expect(resolveGuard({ ...state, path })).toEqual(expected);
  });

describe('logged out', () => {
  const state = { loggedIn: false, workspaceId: null, appId: null };

  eachPath('public %s is allowed', publicPaths, state, allow);

  eachPath('%s redirects to login', privatePaths, state, toLogin);

  it('lets configured whitelist routes through', () => {
    const whitelist = ['/pricing', '/help*'];
    expect(resolveGuard({ ...state, path: '/pricing', whitelist })).toEqual(allow);
    expect(resolveGuard({ ...state, path: '/help/faq', whitelist })).toEqual(allow);
    expect(resolveGuard({ ...state, path: '/pricing/x', whitelist })).toEqual(toLogin);
  });
});

describe('logged in without a workspace', () => {
  const state = { loggedIn: true, workspaceId: null, appId: null };

  eachPath(
    '%s is allowed',
    [
      '/',
      '/workspace/new',
      '/workspace/apps',
      '/workspace/invitations',
      '/workspace/invitations/7/answer',
      '/profile',
      '/profile/security/sessions',
      ...statusPaths,
      '/announcement',
      '/announcement/5',
      '/logout',
      '/logout/all',
    ],
    state,
    allow,
  );

  eachPath(
    '%s redirects to the workspace picker',
    ['/workspace', '/workspace/settings', '/workspace/newer', '/dashboard', '/login', '/signup'],
    state,
    toRoot,
  );
});

describe('logged in with a workspace but no application', () => {
  const state = { loggedIn: true, workspaceId: 'w1', appId: null };

  eachPath(
    '%s is allowed',
    [
      '/workspace',
      '/workspace/settings/members',
      '/workspace/invitations',
      '/workspace/apps',
      '/announcement/1',
      '/logout',
      '/',
      '/profile',
      '/error',
      '/coming-soon',
    ],
    state,
    allow,
  );

  eachPath('%s redirects to the applications', ['/dashboard', '/reports/daily', '/login'], state, toApps);
});

describe('logged in with a workspace and an application', () => {
  eachPath(
    '%s is allowed',
    ['/dashboard', '/reports/daily', '/workspace/settings', '/', '/login'],
    { loggedIn: true, workspaceId: 'w1', appId: 'a1' },
    allow,
  );
});

describe('paths', () => {
  it('ignores trailing slashes, queries and hashes', () => {
    expect(resolveGuard({ loggedIn: false, workspaceId: null, appId: null, path: '/login/?next=1' })).toEqual(
      allow,
    );
    expect(resolveGuard({ loggedIn: true, workspaceId: null, appId: null, path: '/profile/#x' })).toEqual(
      allow,
    );
    expect(resolveGuard({ loggedIn: true, workspaceId: null, appId: null, path: '' })).toEqual(allow);
  });

  it('matches a starred pattern by whole segments', () => {
    expect(matchesRoute('/workspace', '/workspace*')).toBe(true);
    expect(matchesRoute('/workspace/a', '/workspace*')).toBe(true);
    expect(matchesRoute('/workspaces', '/workspace*')).toBe(false);
    expect(isPublicRoute('/signup/password')).toBe(true);
    expect(isPublicRoute('/profile')).toBe(false);
  });
});

import { type ComponentType, isValidElement, Suspense } from 'react';
import { type Location, matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import type { StatusPageKind } from '../features/status-pages/status-kinds';
import { DocumentMeta } from './document-meta';
import { lazyPage, preloadPage } from './lazy-page';
import { LoadingOverlay } from './loading-overlay';
import { LocaleLayout, LocaleRedirect, type RouteHandle } from './locale-layout';
import { RouteErrorBoundary } from './route-error';

// Every page lives under /:locale (fa | en | ar). Pages are split by route so the first visit (login) loads
// only the shell, the public layout and the login frame. The routes are react-router's declarative ones
// (useRoutes), not its data router: the app uses no loaders or actions, and the data router would add
// ~15 KB (brotli) to every first screen.

const StatusPage = lazyPage(async () => (await import('../features/status-pages/status-page')).StatusPage);

const statusRoute = (path: string, kind: StatusPageKind): RouteObject => ({
  path,
  element: <StatusPage kind={kind} />,
});

// Also used by /logout, which anyone may reach: it always ends at /login.
const notFoundHandle: RouteHandle = { skipGuard: true };

// Sign-up and password recovery (src/features/auth), plain markup like the login: a first visit to them
// loads no MUI.
const publicFormRoutes: RouteObject[] = [
  {
    path: 'signup',
    Component: lazyPage(async () => (await import('../features/auth/signup-page')).SignupPage),
  },
  {
    path: 'login/forgot-password',
    Component: lazyPage(async () => (await import('../features/auth/recovery-pages')).RecoveryStartPage),
  },
  {
    path: 'login/forgot-password/verify',
    Component: lazyPage(async () => (await import('../features/auth/recovery-pages')).RecoveryVerifyPage),
  },
  {
    path: 'login/forgot-password/change',
    Component: lazyPage(async () => (await import('../features/auth/recovery-pages')).RecoveryChangePage),
  },
  {
    path: 'login/forgot-password/link',
    Component: lazyPage(async () => (await import('../features/auth/recovery-pages')).RecoveryLinkPage),
  },
];

// The other identity screens (src/features/auth), drawn with MUI: the login code steps, a login alert's
// "end that session" and logout.
const LoginVerifyPage = lazyPage(
  async () => (await import('../features/auth/login-verify-page')).LoginVerifyPage,
);

const identityRoutes: RouteObject[] = [
  { path: 'login/verify', element: <LoginVerifyPage method="sms" /> },
  { path: 'login/verify/email', element: <LoginVerifyPage method="email" /> },
  { path: 'login/verify/google', element: <LoginVerifyPage method="google" /> },
  {
    // A login alert's link: for anyone holding it, logged in here or not.
    path: 'security/end-session',
    handle: notFoundHandle,
    Component: lazyPage(async () => (await import('../features/auth/end-session-page')).EndSessionPage),
  },
  {
    // Logout clears the session before it navigates; the guard must not race it to a query-less login.
    path: 'logout',
    handle: notFoundHandle,
    Component: lazyPage(async () => (await import('../features/auth/logout-page')).LogoutPage),
  },
];

/** A route whose module exports its page as `Component`. */
const moduleRoute = (path: string, load: () => Promise<{ Component: ComponentType }>): RouteObject => ({
  path,
  Component: lazyPage(async () => (await load()).Component),
});

// The settings sections whose pages live outside src/features/workspaces.
const otherSettingsRoutes: RouteObject[] = [
  moduleRoute('members', () => import('../features/workspace-settings/members-page')),
  moduleRoute('roles', () => import('../features/workspace-settings/roles-page')),
  moduleRoute('users', () => import('../features/workspace-settings/users-page')),
  moduleRoute('backups', () => import('../features/backups/backups-page')),
  moduleRoute('audit', () => import('../features/workspace-settings/audit-page')),
  moduleRoute('integrations', () => import('../features/integrations/integrations-page')),
];

// The screens drawn with MUI sit under this layout route; the login, sign-up, recovery, the status pages,
// the public frame, the signed-in frame and its first screens (the picker, the applications) are plain
// markup (components/plain), so a first visit to them loads no MUI.
const ThemeScope = lazyPage(async () => (await import('./theme-shell')).ThemeScope);

// The workspace screens (src/features/workspaces), in the app layout with the app bar: a login lands on
// the picker or the applications, drawn without MUI; the others bring MUI's theme.
const workspaceRoutes: RouteObject[] = [
  {
    index: true,
    Component: lazyPage(async () => (await import('../features/workspaces/picker-page')).PickerPage),
  },
  {
    path: 'workspace/apps',
    Component: lazyPage(async () => (await import('../features/workspaces/apps-page')).AppsPage),
  },
  {
    Component: ThemeScope,
    children: [
      {
        path: 'workspace/new',
        Component: lazyPage(
          async () => (await import('../features/workspaces/create-workspace-page')).CreateWorkspacePage,
        ),
      },
      {
        path: 'workspace/invitations',
        Component: lazyPage(
          async () => (await import('../features/workspaces/invitations-page')).InvitationsPage,
        ),
      },
      {
        path: 'workspace/invitations/:id',
        Component: lazyPage(
          async () => (await import('../features/workspaces/invitations-page')).InvitationPage,
        ),
      },
      {
        path: 'workspace/settings',
        Component: lazyPage(
          async () => (await import('../features/workspaces/settings/settings-layout')).SettingsLayout,
        ),
        children: [
          {
            index: true,
            Component: lazyPage(
              async () => (await import('../features/workspaces/settings/settings-layout')).SettingsIndex,
            ),
          },
          {
            path: 'info',
            Component: lazyPage(
              async () => (await import('../features/workspaces/settings/info-page')).InfoPage,
            ),
          },
          {
            path: 'applications',
            Component: lazyPage(
              async () =>
                (await import('../features/workspaces/settings/applications-page')).ApplicationsPage,
            ),
          },
          ...otherSettingsRoutes,
        ],
      },
    ],
  },
];

/**
 * A signed-in frame's module, once its first reads are in (features/workspaces/first-reads.ts). The
 * reads go out from a small file of their own while the frame's code downloads (early-reads.ts).
 */
async function frameWithReads<T>(frame: Promise<T>): Promise<T> {
  const [module, { startFrameReads }] = await Promise.all([
    frame,
    import('../features/workspaces/first-reads'),
    import('../features/workspaces/early-reads').then(({ sendEarlyReads }) => sendEarlyReads()),
  ]);
  await startFrameReads();
  return module;
}

export const routes: RouteObject[] = [
  { path: '/', Component: LocaleRedirect },
  {
    path: '/:locale',
    element: <LocaleLayout skipsGuard={skipsGuard} />,
    children: [
      {
        Component: lazyPage(async () => (await import('./public-layout')).PublicLayout),
        children: [
          {
            path: 'login',
            Component: lazyPage(async () => (await import('../features/auth/login-page')).LoginPage),
          },
          ...publicFormRoutes,
          { Component: ThemeScope, children: identityRoutes },
          statusRoute('401', '401'),
          statusRoute('403', '403'),
          statusRoute('404', '404'),
          statusRoute('500', '500'),
          statusRoute('503', '503'),
          statusRoute('600', '600'),
          statusRoute('error', 'error'),
          statusRoute('coming-soon', 'coming-soon'),
          { ...statusRoute('*', '404'), handle: notFoundHandle },
        ],
      },
      {
        Component: lazyPage(
          async () => (await frameWithReads(import('../features/workspaces/app-layout'))).AppLayout,
        ),
        children: workspaceRoutes,
      },
      {
        Component: ThemeScope,
        children: [
          {
            Component: lazyPage(
              async () => (await frameWithReads(import('../features/profile/account-layout'))).AccountLayout,
            ),
            children: [
              {
                path: 'profile',
                Component: lazyPage(
                  async () => (await import('../features/profile/profile-page')).ProfilePage,
                ),
              },
              {
                path: 'profile/security',
                Component: lazyPage(
                  async () => (await import('../features/profile/security-page')).SecurityPage,
                ),
              },
              {
                path: 'profile/notifications',
                Component: lazyPage(
                  async () =>
                    (await import('../features/notifications/notifications-page')).NotificationsPage,
                ),
              },
              {
                path: 'announcement',
                Component: lazyPage(
                  async () =>
                    (await import('../features/notifications/announcements-page')).AnnouncementsPage,
                ),
              },
              {
                path: 'announcement/:id',
                Component: lazyPage(
                  async () => (await import('../features/notifications/announcements-page')).AnnouncementPage,
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];

function skipsGuard(location: Location): boolean {
  return (matchRoutes(routes, location) ?? []).some(
    ({ route }) => (route.handle as RouteHandle | undefined)?.skipGuard,
  );
}

/** Whether `pathname` is no page of the app: it shows the 404 page, as /<locale>/404 does. */
export function isUnknownPath(pathname: string): boolean {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';
}

/** Starts loading the files of every route the location matches: the page with its layouts, at once. */
export function preloadRoutes(location: Partial<Location> | string): Promise<unknown> {
  const matches = matchRoutes(routes, location) ?? [];
  return Promise.all(
    matches.map(({ route }) =>
      preloadPage(route.Component ?? (isValidElement(route.element) ? route.element.type : undefined)),
    ),
  );
}

/**
 * The page at the router's location. A navigation keeps the page before on screen until the next one's
 * files are in (the router's updates are transitions); a first draw shows the loading overlay meanwhile.
 */
export function AppRoutes() {
  const location = useLocation();
  // Without this, a layout would load its child page's file only once it is drawn itself.
  void preloadRoutes(location);
  const page = useRoutes(routes);
  return (
    <RouteErrorBoundary pathname={location.pathname}>
      {/* Outside the boundary: the title is the page's while its files still load. */}
      <DocumentMeta />
      <Suspense fallback={<LoadingOverlay />}>{page}</Suspense>
    </RouteErrorBoundary>
  );
}

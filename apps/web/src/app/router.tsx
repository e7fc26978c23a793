import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router';
import type { StatusPageKind } from '../features/status-pages/status-kinds';
import { setNavigationBridge } from '../lib/navigation';
import { LoadingOverlay } from './loading-overlay';
import { LocaleLayout, localeLoader, type RouteHandle, rootLoader } from './locale-layout';
import { RouteError } from './route-error';

// Every page lives under /:locale (fa | en | ar). Pages are split by route so the first visit (login) loads
// only the shell, the public layout and the login frame.

const statusPage = (kind: StatusPageKind) => async () => {
  const { StatusPage } = await import('../features/status-pages/status-page');
  return { Component: () => <StatusPage kind={kind} /> };
};

const statusRoute = (path: string, kind: StatusPageKind): RouteObject => ({ path, lazy: statusPage(kind) });

// Also used by /logout, which anyone may reach: it always ends at /login.
const notFoundHandle: RouteHandle = { skipGuard: true };

// Sign-up and password recovery (src/features/auth), plain markup like the login: a first visit to them
// loads no MUI.
const publicFormRoutes: RouteObject[] = [
  {
    path: 'signup',
    lazy: async () => ({ Component: (await import('../features/auth/signup-page')).SignupPage }),
  },
  {
    path: 'login/forgot-password',
    lazy: async () => ({ Component: (await import('../features/auth/recovery-pages')).RecoveryStartPage }),
  },
  {
    path: 'login/forgot-password/verify',
    lazy: async () => ({ Component: (await import('../features/auth/recovery-pages')).RecoveryVerifyPage }),
  },
  {
    path: 'login/forgot-password/change',
    lazy: async () => ({ Component: (await import('../features/auth/recovery-pages')).RecoveryChangePage }),
  },
];

// The other identity screens (src/features/auth), drawn with MUI: the login code steps, a login alert's
// "end that session" and logout.
const identityRoutes: RouteObject[] = [
  {
    path: 'login/verify',
    lazy: async () => {
      const { LoginVerifyPage } = await import('../features/auth/login-verify-page');
      return { Component: () => <LoginVerifyPage method="sms" /> };
    },
  },
  {
    path: 'login/verify/email',
    lazy: async () => {
      const { LoginVerifyPage } = await import('../features/auth/login-verify-page');
      return { Component: () => <LoginVerifyPage method="email" /> };
    },
  },
  {
    path: 'login/verify/google',
    lazy: async () => {
      const { LoginVerifyPage } = await import('../features/auth/login-verify-page');
      return { Component: () => <LoginVerifyPage method="google" /> };
    },
  },
  {
    // A login alert's link: for anyone holding it, logged in here or not.
    path: 'security/end-session',
    handle: notFoundHandle,
    lazy: async () => ({ Component: (await import('../features/auth/end-session-page')).EndSessionPage }),
  },
  {
    // Logout clears the session before it navigates; the guard must not race it to a query-less login.
    path: 'logout',
    handle: notFoundHandle,
    lazy: async () => ({ Component: (await import('../features/auth/logout-page')).LogoutPage }),
  },
];

// The settings sections whose pages live outside src/features/workspaces.
const otherSettingsRoutes: RouteObject[] = [
  { path: 'members', lazy: () => import('../features/workspace-settings/members-page') },
  { path: 'roles', lazy: () => import('../features/workspace-settings/roles-page') },
  { path: 'users', lazy: () => import('../features/workspace-settings/users-page') },
  { path: 'backups', lazy: () => import('../features/backups/backups-page') },
  { path: 'audit', lazy: () => import('../features/workspace-settings/audit-page') },
];

// The screens drawn with MUI sit under this layout route; the login, sign-up, recovery, the status pages,
// the public frame, the signed-in frame and its first screens (the picker, the applications) are plain
// markup (components/plain), so a first visit to them loads no MUI (issue 13).
const themeScope = async () => ({ Component: (await import('./theme-shell')).ThemeScope });

// The workspace screens (src/features/workspaces), in the app layout with the app bar: a login lands on
// the picker or the applications, drawn without MUI; the others bring MUI's theme.
const workspaceRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('../features/workspaces/picker-page')).PickerPage }),
  },
  {
    path: 'workspace/apps',
    lazy: async () => ({ Component: (await import('../features/workspaces/apps-page')).AppsPage }),
  },
  {
    lazy: themeScope,
    children: [
      {
        path: 'workspace/new',
        lazy: async () => ({
          Component: (await import('../features/workspaces/create-workspace-page')).CreateWorkspacePage,
        }),
      },
      {
        path: 'workspace/invitations',
        lazy: async () => ({
          Component: (await import('../features/workspaces/invitations-page')).InvitationsPage,
        }),
      },
      {
        path: 'workspace/invitations/:id',
        lazy: async () => ({
          Component: (await import('../features/workspaces/invitations-page')).InvitationPage,
        }),
      },
      {
        path: 'workspace/settings',
        lazy: async () => ({
          Component: (await import('../features/workspaces/settings/settings-layout')).SettingsLayout,
        }),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/workspaces/settings/settings-layout')).SettingsIndex,
            }),
          },
          {
            path: 'info',
            lazy: async () => ({
              Component: (await import('../features/workspaces/settings/info-page')).InfoPage,
            }),
          },
          {
            path: 'applications',
            lazy: async () => ({
              Component: (await import('../features/workspaces/settings/applications-page')).ApplicationsPage,
            }),
          },
          ...otherSettingsRoutes,
        ],
      },
    ],
  },
];

/** The id of the /:locale route, whose loader answers null for a supported locale. */
export const localeRouteId = 'locale';

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
  { path: '/', loader: rootLoader, HydrateFallback: LoadingOverlay, ErrorBoundary: RouteError },
  {
    // Named so the prerendered pages can hand the router its (empty) loader data: src/main.tsx.
    id: localeRouteId,
    path: '/:locale',
    loader: localeLoader,
    Component: LocaleLayout,
    HydrateFallback: LoadingOverlay,
    ErrorBoundary: RouteError,
    children: [
      {
        lazy: async () => ({ Component: (await import('./public-layout')).PublicLayout }),
        children: [
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
          },
          ...publicFormRoutes,
          { lazy: themeScope, children: identityRoutes },
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
        lazy: async () => ({
          Component: (await frameWithReads(import('../features/workspaces/app-layout'))).AppLayout,
        }),
        children: workspaceRoutes,
      },
      {
        lazy: themeScope,
        children: [
          {
            lazy: async () => ({
              Component: (await frameWithReads(import('../features/profile/account-layout'))).AccountLayout,
            }),
            children: [
              {
                path: 'profile',
                lazy: async () => ({
                  Component: (await import('../features/profile/profile-page')).ProfilePage,
                }),
              },
              {
                path: 'profile/security',
                lazy: async () => ({
                  Component: (await import('../features/profile/security-page')).SecurityPage,
                }),
              },
              {
                path: 'profile/notifications',
                lazy: async () => ({
                  Component: (await import('../features/notifications/notifications-page')).NotificationsPage,
                }),
              },
              {
                path: 'announcement',
                lazy: async () => ({
                  Component: (await import('../features/notifications/announcements-page')).AnnouncementsPage,
                }),
              },
              {
                path: 'announcement/:id',
                lazy: async () => ({
                  Component: (await import('../features/notifications/announcements-page')).AnnouncementPage,
                }),
              },
            ],
          },
        ],
      },
    ],
  },
];

/** The app's router; a prerendered page passes the state it was rendered in (src/main.tsx). */
export function createAppRouter(hydrationData?: HydrationState): ReturnType<typeof createBrowserRouter> {
  const router = createBrowserRouter(routes, { hydrationData });
  // The API client and session code navigate through the router (no full page reloads).
  setNavigationBridge((to, options) => router.navigate(to, options));
  return router;
}

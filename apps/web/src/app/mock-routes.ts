import { type Envelope, StatusCode, statusMessages } from '@wsm/contracts';
import { backupMockRoutes } from '../features/backups/mock-routes';
import { notificationMockRoutes } from '../features/notifications/mock-routes';
import { profileMockRoutes } from '../features/profile/mock-routes';
import { workspaceAdminMockRoutes } from '../features/workspace-settings/mock-routes';
import { workspaceMockRoutes } from '../features/workspaces/mock-routes';
import { type MockAnswer, type MockRoute, provideMockRoutes } from '../lib/mock-api';
import { cookieLifetimes, cookieNames, setCookie } from '../lib/storage';

// The mocked API's answers (build flag VITE_API_MOCK=true): each feature's routes, composed here by the
// app and handed to lib/mock-api.ts, which answers every call from them.

const ok = <T>(data: T, statusCode: number = StatusCode.ok): MockAnswer => ({
  body: { statusCode, statusMessage: statusMessages[StatusCode.ok].en, data } satisfies Envelope<T>,
});

/** The API sets the refresh cookies with a token pair; here only the readable CSRF one has a use. */
function withRefreshCookie(answer: MockAnswer): MockAnswer {
  setCookie(cookieNames.refreshCsrf, 'mock-csrf', cookieLifetimes.accessToken);
  return answer;
}

const sampleLogo = { id: 'logo-1', url: '/favicon.svg' };
const createdDate = '2025-03-21T08:30:00.000Z';

export const sampleWorkspaces = [
  {
    id: 'ws-1',
    workspaceName: 'acme',
    name: 'شرکت نمونه',
    description: 'فضای کاری نمونه برای حالت آزمایشی',
    logo: sampleLogo,
    status: { id: 1, name: 'فعال', key: 'active' },
    createdDate,
  },
  {
    id: 'ws-2',
    workspaceName: 'globex',
    name: 'Globex',
    description: 'A sample workspace for the mocked mode',
    logo: sampleLogo,
    status: { id: 1, name: 'Active', key: 'active' },
    createdDate,
  },
];

export const sampleUser = {
  id: 'user-1',
  userId: 'user-1',
  firstName: 'سارا',
  lastName: 'محمدی',
  username: 'sara',
  gender: { id: 2, name: 'زن', key: 'female' },
  language: { id: 1, name: 'فارسی', key: 'persian' },
};

export const mockRoutes: MockRoute[] = [
  // Feature routes first: they answer in the contract's exact shapes.
  ...profileMockRoutes,
  ...notificationMockRoutes,
  ...backupMockRoutes,
  // The settings screens' routes first: their invitations call (with ?workspaceId=) answers the sent
  // list and hands the caller's own invitations to the workspaces routes.
  ...workspaceAdminMockRoutes,
  ...workspaceMockRoutes,
  { method: 'get', path: '/healthz', answer: () => ({ body: { status: 'ok' } }) },
  { method: 'get', path: '/readyz', answer: () => ({ body: { status: 'ready' } }) },
  {
    method: 'post',
    path: /^\/v1\/auth\/identity\/login\/(national-code|username)$/,
    answer: () =>
      ok(
        {
          method: 'sms',
          accessToken: 'mock-step-token',
          twoFaMethods: { sms: '0912***4567', email: 's***@example.com' },
        },
        StatusCode.secondStep,
      ),
  },
  {
    method: 'post',
    path: '/v1/auth/identity/login/2fa/verify',
    answer: () =>
      withRefreshCookie(ok({ accessToken: 'mock-access-token', refreshToken: 'mock-refresh-token' })),
  },
  {
    method: 'post',
    path: '/v1/auth/identity/security/tokens/renew',
    answer: () => withRefreshCookie(ok({ accessToken: 'mock-access-token-renewed' })),
  },
  { method: 'get', path: '/v1/auth/profile', answer: () => ok(sampleUser) },
  { method: 'get', path: '/v1/workspaces', answer: () => ok(sampleWorkspaces) },
  {
    method: 'get',
    path: /^\/v1\/workspaces\/workspace-id\/[^/]+$/,
    answer: () => ok(sampleWorkspaces[0]),
  },
  {
    method: 'get',
    path: /^\/v1\/notifications\/(simple|bulk|unread)$/,
    answer: () => ok({ notifications: [] }),
  },
  { method: 'post', path: /^\/v1\/assets\/[a-z-]+-image$/, answer: () => ok({ imageId: 'image-1' }) },
];

provideMockRoutes(mockRoutes);

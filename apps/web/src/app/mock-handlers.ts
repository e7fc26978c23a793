import { StatusCode } from '@wsm/contracts';
import { HttpResponse, http } from 'msw';
import { backupMockHandlers } from '../features/backups/mock-handlers';
import { notificationMockHandlers } from '../features/notifications/mock-handlers';
import { profileMockHandlers, resetProfileMock } from '../features/profile/mock-handlers';
import {
  resetWorkspaceAdminMock,
  workspaceAdminMockHandlers,
} from '../features/workspace-settings/mock-handlers';
import { resetWorkspaceMock, workspaceMockHandlers } from '../features/workspaces/mock-handlers';
import { notFoundAnswer, ok } from '../lib/mock-http';
import { cookieLifetimes, cookieNames, setCookie } from '../lib/storage';

// The mocked API (MSW request handlers): each feature's handlers, composed here by the app. They answer
// the mocked-API mode's calls (mock-worker.ts, build flag VITE_API_MOCK=true) and are the web unit tests'
// default server (test/server.ts), which a test overrides with server.use(...). The first that matches
// answers.

/** The API sets the refresh cookies with a token pair; here only the readable CSRF one has a use. */
function withRefreshCookie<T>(data: T) {
  setCookie(cookieNames.refreshCsrf, 'mock-csrf', cookieLifetimes.accessToken);
  return ok(data);
}

// The sign-in steps, the health checks and the other image uploads.
const identityHandlers = [
  http.get('/healthz', () => HttpResponse.json({ status: 'ok' })),
  http.get('/readyz', () => HttpResponse.json({ status: 'ready' })),
  http.post('/v1/auth/identity/login/:way', ({ params }) =>
    params.way === 'national-code' || params.way === 'username'
      ? ok(
          {
            method: 'sms',
            accessToken: 'mock-step-token',
            twoFaMethods: { sms: '0912***4567', email: 's***@example.com' },
          },
          StatusCode.secondStep,
        )
      : undefined,
  ),
  http.post('/v1/auth/identity/login/2fa/verify', () =>
    withRefreshCookie({ accessToken: 'mock-access-token', refreshToken: 'mock-refresh-token' }),
  ),
  http.post('/v1/auth/identity/security/tokens/renew', () =>
    withRefreshCookie({ accessToken: 'mock-access-token-renewed' }),
  ),
  http.post('/v1/assets/:kind', ({ params }) =>
    /^[a-z-]+-image$/.test(String(params.kind)) ? ok({ imageId: 'image-1' }) : undefined,
  ),
];

export const mockHandlers = [
  // Feature handlers first: they answer in the contract's exact shapes. The settings screens' come
  // before the workspaces': their invitations call answers only with ?workspaceId= and passes the
  // caller's own invitations on.
  ...profileMockHandlers,
  ...notificationMockHandlers,
  ...backupMockHandlers,
  ...workspaceAdminMockHandlers,
  ...workspaceMockHandlers,
  ...identityHandlers,
];

/** Every feature's mocked data back to its sample: each web test starts from the same API (test/setup.ts). */
export function resetMockState(): void {
  resetProfileMock();
  resetWorkspaceAdminMock();
  resetWorkspaceMock();
}

/** Last of all: any other call to the API answers as the API does for a path it does not serve. */
export const unknownApiCall = ['/v1/*', '/dev/*', '/oidc/*'].map((path) => http.all(path, notFoundAnswer));

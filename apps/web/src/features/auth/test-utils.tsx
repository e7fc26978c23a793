import { cleanup, render } from '@testing-library/react';
import type { Envelope, Locale } from '@wsm/contracts';
import Cookies from 'js-cookie';
import { HttpResponse, http } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { resetUnexpectedError } from '../../lib/api-client';
import { setNavigationBridge } from '../../lib/navigation';
import { notify } from '../../lib/notify';
import { envelope } from '../../test/fake-http';
import { initAppI18n } from '../../test/i18n';
import { server } from '../../test/server';
import { EndSessionPage } from './end-session-page';
import { LoginPage } from './login-page';
import { LoginVerifyPage } from './login-verify-page';
import {
  RecoveryChangePage,
  RecoveryLinkPage,
  RecoveryStartPage,
  RecoveryVerifyPage,
} from './recovery-pages';
import { SignupPage } from './signup-page';

// Rendering the identity screens in tests: the real texts, a memory router with the feature's routes,
// and a fake server (MSW) behind the real API client (its session renewal and catalogue included).

export interface Call {
  method: string;
  url: string;
  body: Record<string, unknown>;
  bearer: string | undefined;
}

export type Handler = (
  call: Call,
) => { status?: number; body: Envelope } | Promise<{ status?: number; body: Envelope }>;

// The identity tests take the envelope from here, with the rest of their kit.
export { envelope } from '../../test/fake-http';

/**
 * Answers each call by its path from `routes` (MSW handlers over the mocked API's, test/server.ts), and
 * any other with a 404; records every call.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const callOf = new Map<string, Call>();
  const record = http.all('*', async ({ request, requestId }) => {
    const text = await request.clone().text();
    const header = request.headers.get('Authorization');
    const call: Call = {
      method: request.method,
      url: new URL(request.url).pathname,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      bearer: header === null ? undefined : header.replace(/^Bearer /, ''),
    };
    calls.push(call);
    callOf.set(requestId, call);
  });
  const answer =
    (handler: Handler) =>
    async ({ requestId }: { requestId: string }) => {
      const call = callOf.get(requestId);
      if (!call) throw new Error('the call was not recorded');
      const { status, body } = await handler(call);
      const httpStatus = status ?? (body.statusCode === 200 || body.statusCode === 630 ? 200 : 400);
      // As the API does with a token pair: the HttpOnly refresh cookie (out of the page's sight) and its
      // readable CSRF companion.
      const data = body.data as { refreshToken?: unknown } | null | undefined;
      if (httpStatus === 200 && typeof data?.refreshToken === 'string') Cookies.set('refreshCsrf', 'csrf-1');
      return HttpResponse.json(body, { status: httpStatus });
    };
  server.use(
    record,
    ...Object.entries(routes).map(([path, handler]) => http.all(path, answer(handler))),
    http.all(
      '*',
      answer(() => ({ status: 404, body: envelope(404) })),
    ),
  );
  return calls;
}

export const toasts = {
  error: vi.spyOn(notify, 'error').mockImplementation(() => 'id'),
  success: vi.spyOn(notify, 'success').mockImplementation(() => 'id'),
  warning: vi.spyOn(notify, 'warning').mockImplementation(() => 'id'),
};

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const page = (element: React.ReactNode) => (
  <>
    {element}
    <Where />
  </>
);

/** Renders the app's identity routes at `path` (which starts with its locale). */
export async function renderAt(path: string) {
  const locale: Locale = path.startsWith('/en') ? 'en' : path.startsWith('/ar') ? 'ar' : 'fa';
  const i18n = await initAppI18n(locale);
  const router = createMemoryRouter(
    [
      { path: '/:locale', element: page(<p>home</p>) },
      { path: '/:locale/login', element: page(<LoginPage />) },
      { path: '/:locale/login/verify', element: page(<LoginVerifyPage method="sms" />) },
      { path: '/:locale/login/verify/email', element: page(<LoginVerifyPage method="email" />) },
      { path: '/:locale/login/verify/google', element: page(<LoginVerifyPage method="google" />) },
      { path: '/:locale/signup', element: page(<SignupPage />) },
      { path: '/:locale/login/forgot-password', element: page(<RecoveryStartPage />) },
      { path: '/:locale/login/forgot-password/verify', element: page(<RecoveryVerifyPage />) },
      { path: '/:locale/login/forgot-password/change', element: page(<RecoveryChangePage />) },
      { path: '/:locale/login/forgot-password/link', element: page(<RecoveryLinkPage />) },
      { path: '/:locale/security/end-session', element: page(<EndSessionPage />) },
    ],
    { initialEntries: [path] },
  );
  setNavigationBridge((to, options) => router.navigate(to, options));
  const view = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { ...view, router };
}

/** Forgets everything a test left in the browser. */
export function resetBrowser(): void {
  cleanup();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.clear();
  sessionStorage.clear();
  resetUnexpectedError();
  for (const spy of Object.values(toasts)) spy.mockClear();
}

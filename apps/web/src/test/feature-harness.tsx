import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { Locale } from '@wsm/contracts';
import Cookies from 'js-cookie';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import arBackups from '../../public/assets/locales/ar/backups.json';
import arNotifications from '../../public/assets/locales/ar/notifications.json';
import arProfile from '../../public/assets/locales/ar/profile.json';
import arWorkspaceAdmin from '../../public/assets/locales/ar/workspace-admin.json';
import arWorkspaces from '../../public/assets/locales/ar/workspaces.json';
import enBackups from '../../public/assets/locales/en/backups.json';
import enNotifications from '../../public/assets/locales/en/notifications.json';
import enProfile from '../../public/assets/locales/en/profile.json';
import enWorkspaceAdmin from '../../public/assets/locales/en/workspace-admin.json';
import enWorkspaces from '../../public/assets/locales/en/workspaces.json';
import faBackups from '../../public/assets/locales/fa/backups.json';
import faNotifications from '../../public/assets/locales/fa/notifications.json';
import faProfile from '../../public/assets/locales/fa/profile.json';
import faWorkspaceAdmin from '../../public/assets/locales/fa/workspace-admin.json';
import faWorkspaces from '../../public/assets/locales/fa/workspaces.json';
import { ColorModeProvider } from '../app/color-mode';
import { notify } from '../lib/notify';
import { setAccessExpiry, setStoredUser } from '../lib/storage';
import { createFeatureI18n } from './feature-i18n';
import { initAppI18n } from './i18n';
import { server } from './server';

// Renders a feature screen the way the app does (router with :locale, query client, i18n, colour mode)
// against MSW (test/server.ts): a test answers a call with on("METHOD /path", ...), which adds an MSW
// handler over the mocked API's, and every request is recorded, so tests assert the exact calls.

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query, numbers and booleans typed back as the API client was given them. */
  params: unknown;
  body: unknown;
}

export type Handler = (request: RecordedRequest) => { status?: number; statusCode?: number; data?: unknown };

export interface FakeApi {
  requests: RecordedRequest[];
  on: (route: string, handler: Handler | unknown) => void;
  calls: (route: string) => RecordedRequest[];
  /** The body of the one call to `route`, once it is made. */
  sentOnce: (route: string) => Promise<unknown>;
}

const typedBack = (value: string): unknown =>
  /^-?\d+$/.test(value) ? Number(value) : value === 'true' ? true : value === 'false' ? false : value;

/** A JSON body parsed, a multipart one as its FormData, text as it is, no body as undefined. */
async function bodyOf(request: Request): Promise<unknown> {
  if (request.headers.get('Content-Type')?.startsWith('multipart/form-data')) {
    // As the page's own FormData and File (jsdom's), not Node's, which MSW's request parses into.
    const form = new FormData();
    for (const [name, value] of await request.formData())
      form.append(
        name,
        typeof value === 'string' ? value : new File([await value.arrayBuffer()], value.name, value),
      );
    return form;
  }
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What the harness records of `request`: its method, path, query and body. */
async function recorded(request: Request): Promise<RecordedRequest> {
  const url = new URL(request.url);
  const query = [...url.searchParams.entries()];
  return {
    method: request.method,
    path: url.pathname,
    params:
      query.length > 0
        ? Object.fromEntries(query.map(([name, value]) => [name, typedBack(value)]))
        : undefined,
    body: await bodyOf(request),
  };
}

/** Records every request and answers the routes a test sets with on(); the others from the mocked API. */
export function fakeApi(): FakeApi {
  const requests: RecordedRequest[] = [];
  // Kept in the order the requests start; each entry filled in once its body is read.
  server.events.on('request:start', ({ request }) => {
    const entry = { method: request.method, path: new URL(request.url).pathname } as RecordedRequest;
    requests.push(entry);
    void recorded(request.clone()).then((full) => Object.assign(entry, full));
  });
  const calls = (route: string) =>
    requests.filter((request) => `${request.method} ${request.path}` === route);
  return {
    requests,
    on(route, handler) {
      const [method = '', path = ''] = route.split(' ');
      const answer: Handler =
        typeof handler === 'function' ? (handler as Handler) : () => ({ data: handler });
      const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      server.use(
        // Without its trailing slash the path matches with or without one.
        http[verb](path.replace(/(.)\/$/, '$1'), async ({ request }) => {
          const result = answer(await recorded(request));
          const status = result.status ?? 200;
          return HttpResponse.json(
            { statusCode: result.statusCode ?? status, statusMessage: 'test', data: result.data ?? null },
            { status },
          );
        }),
      );
    },
    calls,
    async sentOnce(route) {
      await waitFor(() => expect(calls(route)).toHaveLength(1));
      await waitFor(() => expect(calls(route)[0]).toHaveProperty('body'));
      return calls(route)[0]?.body;
    },
  };
}

export const toasts = {
  success: vi.spyOn(notify, 'success').mockImplementation(() => 'id'),
  error: vi.spyOn(notify, 'error').mockImplementation(() => 'id'),
  info: vi.spyOn(notify, 'info').mockImplementation(() => 'id'),
  loading: vi.spyOn(notify, 'loading').mockImplementation(() => 'id'),
  update: vi.spyOn(notify, 'update').mockImplementation(() => undefined),
  dismiss: vi.spyOn(notify, 'dismiss').mockImplementation(() => undefined),
};

/** Logged in as far as the shell can tell (the access token and the refresh cookie's CSRF value). */
export function logIn(): void {
  Cookies.set('accessToken', 'test-access', { path: '/' });
  Cookies.set('refreshCsrf', 'test-csrf', { path: '/' });
  // A far expiry, so the API client does not try to renew the pretend tokens first.
  setAccessExpiry(Date.now() + 60 * 60_000);
}

/** Resets everything a feature test touches. */
export function resetHarness(): void {
  cleanup();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  localStorage.clear();
  sessionStorage.clear();
  for (const spy of Object.values(toasts)) spy.mockClear();
}

/**
 * The usual prologue of a feature test file: before each test, logged in (with `userId`, as that stored
 * user too) and a fresh fake API; after it, everything reset. Returns the running test's fake API (one
 * object, refilled before each test, so the file can keep it in a constant).
 */
export function featureTestHarness({ userId }: { userId?: string } = {}): FakeApi {
  const api = {} as FakeApi;
  beforeEach(() => {
    logIn();
    if (userId) setStoredUser({ id: userId });
    Object.assign(api, fakeApi());
  });
  afterEach(resetHarness);
  return api;
}

/** Renders `element` at `path` (e.g. /fa/profile) under the route pattern `pattern` (e.g. /:locale/profile). */
export async function renderScreen(
  element: ReactNode,
  {
    path,
    pattern,
    locale,
    extraRoutes = [],
    queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
  }: {
    path: string;
    pattern: string;
    locale: Locale;
    extraRoutes?: { path: string; element: ReactNode }[];
    /** The screen's query cache: one a test filled beforehand, else a fresh one. */
    queryClient?: QueryClient;
  },
) {
  await initAppI18n(locale);
  const i18n = await createFeatureI18n(locale, {
    profile: { fa: faProfile, en: enProfile, ar: arProfile },
    notifications: { fa: faNotifications, en: enNotifications, ar: arNotifications },
    workspaces: { fa: faWorkspaces, en: enWorkspaces, ar: arWorkspaces },
    backups: { fa: faBackups, en: enBackups, ar: arBackups },
    'workspace-admin': { fa: faWorkspaceAdmin, en: enWorkspaceAdmin, ar: arWorkspaceAdmin },
  });
  const router = createMemoryRouter([{ path: pattern, element }, ...extraRoutes], { initialEntries: [path] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ColorModeProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ColorModeProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient, i18n };
}

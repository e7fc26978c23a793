import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { Locale } from '@wsm/contracts';
import Cookies from 'js-cookie';
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
import { apiClient } from '../lib/api-client';
import type { HttpRequest } from '../lib/http';
import { notify } from '../lib/notify';
import { setAccessExpiry, setStoredUser } from '../lib/storage';
import { respond } from './fake-http';
import { createFeatureI18n } from './feature-i18n';
import { initAppI18n } from './i18n';

// Renders a feature screen the way the app does (router with :locale, query client, i18n, colour mode)
// against a fake HTTP layer: the HTTP adapter answers from a table of "METHOD /path" handlers and
// records every request, so tests assert the exact calls.

export interface RecordedRequest {
  method: string;
  path: string;
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

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/** Replaces the API client's adapter; unknown routes answer 404. */
export function fakeApi(): FakeApi {
  const handlers = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];
  apiClient.defaults.adapter = async (config: HttpRequest) => {
    const path = config.url.split('?')[0] ?? '';
    const request = {
      method: config.method.toUpperCase(),
      path,
      params: config.params,
      body: parseBody(config.data),
    };
    requests.push(request);
    const handler = handlers.get(`${request.method} ${path}`);
    const answer = handler ? handler(request) : { status: 404, statusCode: 404, data: null };
    const status = answer.status ?? 200;
    const body = {
      statusCode: answer.statusCode ?? status,
      statusMessage: 'test',
      data: answer.data ?? null,
    };
    return respond(status, body);
  };
  const calls = (route: string) =>
    requests.filter((request) => `${request.method} ${request.path}` === route);
  return {
    requests,
    on(route, handler) {
      handlers.set(route, typeof handler === 'function' ? (handler as Handler) : () => ({ data: handler }));
    },
    calls,
    async sentOnce(route) {
      await waitFor(() => expect(calls(route)).toHaveLength(1));
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

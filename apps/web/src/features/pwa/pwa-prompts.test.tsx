import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@wsm/contracts';
import Cookies from 'js-cookie';
import { HttpResponse, http } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../public/assets/locales/en/pwa.json';
import fa from '../../../public/assets/locales/fa/pwa.json';
import { ColorModeProvider } from '../../app/color-mode';
import { markNavigationStart } from '../../lib/navigation';
import { localKeys, setAccessExpiry } from '../../lib/storage';
import { createFeatureI18n } from '../../test/feature-i18n';
import { initAppI18n } from '../../test/i18n';
import { server } from '../../test/server';
import { PwaPrompts } from './pwa-prompts';

const userAgents = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
};

function setUserAgent(value: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value, configurable: true });
}

async function renderPrompts(lng: Locale = 'en', reload = vi.fn()) {
  const i18n = await createFeatureI18n(lng, { pwa: { fa, en } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <ColorModeProvider>
        <PwaPrompts reload={reload} />
      </ColorModeProvider>
    </I18nextProvider>,
  );
  return { ...view, reload };
}

/**
 * Lets a render's effects and answers run. The prompts' components are loaded (beforeAll), so a wrong
 * "show" is on the page by then: no time to wait for.
 */
const settle = () => act(async () => {});

const versionCalls: string[] = [];

/**
 * The server of GET /v1/app/version/, every request's path kept in versionCalls; any other path is a
 * 404 (the old application-key read had one).
 */
function serverReportsVersion(version: string): void {
  server.use(
    http.all('*', ({ request }) => {
      versionCalls.push(new URL(request.url).pathname);
    }),
    http.get('/v1/app/version/', () =>
      HttpResponse.json({
        statusCode: 200,
        statusMessage: 'ok',
        data: { version, builtAt: '2026-11-20T08:30:00.000Z' },
      }),
    ),
    http.all('*', () =>
      HttpResponse.json({ statusCode: 404, statusMessage: 'not found', data: null }, { status: 404 }),
    ),
  );
}

/** What a login leaves: the access token and the refresh cookie's CSRF value (not yet due for renewal). */
function signedIn() {
  Cookies.set('accessToken', 'a', { path: '/' });
  Cookies.set('refreshCsrf', 'r', { path: '/' });
  setAccessExpiry(Date.now() + 3600_000);
}

beforeAll(async () => {
  await initAppI18n('en');
  // Each prompt's component loads the first time one shows (React.lazy): shown once here, a later
  // render that wrongly shows one shows it at once, where the checks that none shows look.
  setUserAgent(userAgents.iphone);
  window.matchMedia = vi
    .fn()
    .mockReturnValue({ matches: false, addEventListener() {}, removeEventListener() {} });
  localStorage.setItem(localKeys.version, '0.0.0');
  serverReportsVersion('0.0.1');
  await renderPrompts('en');
  await screen.findByRole('dialog', { name: 'A new release is ready' });
  cleanup();
  localStorage.clear();
  serverReportsVersion('0.0.1');
  signedIn();
  await renderPrompts('en');
  await screen.findByRole('dialog', { name: 'Install the app' });
  cleanup();
  localStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});
beforeEach(() => {
  localStorage.clear();
  setUserAgent(userAgents.desktop);
  window.matchMedia = vi
    .fn()
    .mockReturnValue({ matches: false, addEventListener() {}, removeEventListener() {} });
});
afterEach(() => {
  cleanup();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

describe('the install prompt', () => {
  it('waits on iOS until the person has logged in: the sheet would cover the login', async () => {
    setUserAgent(userAgents.iphone);
    await renderPrompts('en');
    await settle();
    expect(screen.queryByTestId('pwa-install-prompt')).not.toBeInTheDocument();
    // The login stores its tokens and moves on to the first signed-in page.
    signedIn();
    act(() => markNavigationStart());
    expect(await screen.findByRole('dialog', { name: 'Install the app' })).toBeInTheDocument();
  });

  it('shows iOS the steps, and once closed never again', async () => {
    setUserAgent(userAgents.iphone);
    signedIn();
    const first = await renderPrompts('en');
    expect((await screen.findByRole('dialog', { name: 'Install the app' })).textContent).toContain(
      'Add to Home Screen',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('pwa-install-prompt')).not.toBeInTheDocument();
    first.unmount();
    await renderPrompts('en');
    await settle();
    expect(screen.queryByTestId('pwa-install-prompt')).not.toBeInTheDocument();
  });

  it('on Android waits for beforeinstallprompt and hands it the install', async () => {
    setUserAgent(userAgents.android);
    signedIn();
    await renderPrompts('fa');
    expect(screen.queryByTestId('pwa-install-prompt')).not.toBeInTheDocument();
    const prompt = vi.fn().mockResolvedValue(undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByRole('button', { name: 'نصب' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(localStorage.getItem(localKeys.pwaSuggested)).toBe('true');
    expect(screen.queryByTestId('pwa-install-prompt')).not.toBeInTheDocument();
  });

  it('is not shown on a desktop or when already installed', async () => {
    await renderPrompts('en');
    await settle();
    expect(screen.queryByTestId('pwa-install-prompt')).not.toBeInTheDocument();
    setUserAgent(userAgents.iphone);
    window.matchMedia = vi
      .fn()
      .mockReturnValue({ matches: true, addEventListener() {}, removeEventListener() {} });
    await renderPrompts('en');
    await settle();
    expect(screen.queryByTestId('pwa-install-prompt')).not.toBeInTheDocument();
  });
});

describe('the update dialog', () => {
  function loggedInWithWorkspace(storedVersion: string) {
    Cookies.set('accessToken', 'a', { path: '/' });
    Cookies.set('refreshCsrf', 'c', { path: '/' });
    setAccessExpiry(Date.now() + 3600_000); // no renewal call before the version read
    localStorage.setItem(localKeys.workspaceId, 'ws-1');
    localStorage.setItem(localKeys.version, storedVersion);
  }

  it('reads the version the server serves, without login or a workspace, and asks about a new one', async () => {
    versionCalls.length = 0;
    localStorage.setItem(localKeys.version, '1.0.0+aaaa');
    serverReportsVersion('1.0.0+bbbb');
    await renderPrompts('en');
    await screen.findByRole('dialog', { name: 'A new release is ready' });
    expect(versionCalls).toEqual(['/v1/app/version/']);
  });

  it('asks about a new server version; "No" postpones it by a day', async () => {
    loggedInWithWorkspace('1.0.0');
    serverReportsVersion('1.1.0');
    await renderPrompts('en');
    const dialog = await screen.findByRole('dialog', { name: 'A new release is ready' });
    expect(dialog.textContent).toContain('Do you want to update to the new release?');
    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByTestId('pwa-update-dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(localKeys.versionRetryCount)).toBe('2');
    const next = Number(localStorage.getItem(localKeys.versionNextRetry));
    expect(next - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(localStorage.getItem(localKeys.version)).toBe('1.0.0');
  });

  it('"Yes" stores the version, clears the caches and reloads', async () => {
    loggedInWithWorkspace('1.0.0');
    localStorage.setItem(localKeys.versionRetryCount, '2');
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => ['wsm-shell-old'],
      delete: async (name: string) => deleted.push(name) > 0,
    });
    serverReportsVersion('1.1.0');
    const { reload } = await renderPrompts('fa');
    await screen.findByRole('dialog', { name: 'نسخه‌ی تازه آماده است' });
    await userEvent.click(screen.getByRole('button', { name: 'بله' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(deleted).toEqual(['wsm-shell-old']);
    expect(localStorage.getItem(localKeys.version)).toBe('1.1.0');
    expect(localStorage.getItem(localKeys.versionRetryCount)).toBeNull();
    vi.unstubAllGlobals();
  });

  it('stays closed for the stored version and before the next-retry time', async () => {
    loggedInWithWorkspace('1.1.0');
    versionCalls.length = 0;
    serverReportsVersion('1.1.0');
    const first = await renderPrompts('en');
    await waitFor(() => expect(versionCalls).toHaveLength(1));
    await settle();
    expect(screen.queryByTestId('pwa-update-dialog')).not.toBeInTheDocument();
    first.unmount();
    localStorage.setItem(localKeys.version, '1.0.0');
    localStorage.setItem(localKeys.versionNextRetry, String(Date.now() + 3600_000));
    await renderPrompts('en');
    await waitFor(() => expect(versionCalls).toHaveLength(2));
    await settle();
    expect(screen.queryByTestId('pwa-update-dialog')).not.toBeInTheDocument();
  });
});

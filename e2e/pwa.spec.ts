import { expect, type Page, test } from '@playwright/test';
import { bearer, logInContext, registerAccount, text } from './support';

// The installable app against the built web app served by the API: manifest, service worker, offline shell.

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}
interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  dir: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

test.describe('the installable app', () => {
  test('links a valid manifest in the page language, with its icons served', async ({ page, request }) => {
    await page.goto('/fa/login');
    const link = page.locator('link[rel="manifest"]');
    await expect(link).toHaveAttribute('href', '/manifest.fa.webmanifest');

    const response = await request.get('/manifest.fa.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'مدیریت فضای کاری',
      lang: 'fa',
      dir: 'rtl',
      start_url: '/fa/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type'], icon.src).toContain(icon.type);
    }

    // Chromium's own verdict: the manifest parses without errors and nothing about the app stands in
    // the way of installing it (test browsers are incognito, which alone blocks installing).
    const session = await page.context().newCDPSession(page);
    const parsed = await session.send('Page.getAppManifest');
    expect(parsed.url).toMatch(/manifest\.fa\.webmanifest$/);
    expect(parsed.errors).toEqual([]);
    await expect
      .poll(async () =>
        (await session.send('Page.getInstallabilityErrors')).installabilityErrors
          .map((error) => error.errorId)
          .filter((id) => id !== 'in-incognito'),
      )
      .toEqual([]);

    // English pages point at the English manifest (name and start_url in English).
    await page.goto('/en/login');
    await expect(link).toHaveAttribute('href', '/manifest.en.webmanifest');
    const en = (await (await request.get('/manifest.en.webmanifest')).json()) as Manifest;
    expect(en).toMatchObject({ name: 'Workspace Manager', lang: 'en', dir: 'ltr', start_url: '/en/' });
  });

  test('the service worker registers and controls the page after a reload', async ({ page }) => {
    await page.goto('/fa/login');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
    expect(scope).toMatch(/\/$/);
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toMatch(/\/sw\.js$/);
  });

  test('the app shell loads offline after a first visit', async ({ page, context }) => {
    await page.goto('/fa/login');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    // Another page of the app than the one visited: the worker answers every page with the shell.
    await page.goto('/en/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(false);
  });

  test('API answers are never served from the worker cache', async ({ page }) => {
    await page.goto('/fa/login');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.evaluate(() => fetch('/v1/auth/profile/').then((response) => response.status));
    const cachedUrls = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cachedUrls).toContain('/index.html');
    expect(cachedUrls.some((path) => path.startsWith('/assets/') && path.endsWith('.js'))).toBe(true);
    expect(cachedUrls.filter((path) => path.startsWith('/v1/'))).toEqual([]);
  });
});

test.describe('the update dialog', () => {
  const versionOf = (page: Page) => page.evaluate(() => localStorage.getItem('version'));
  const versionRead = (page: Page) =>
    page.waitForResponse((response) => response.url().includes('/application-key/workspace-manager/'));

  for (const locale of ['fa', 'en'] as const) {
    test(`in ${locale}: asks when the server's version changes; No postpones, Yes records it`, async ({
      browser,
      request,
      baseURL,
    }) => {
      const owner = await registerAccount(request);
      const headers = bearer(owner);
      const workspaceName = `upd${Date.now()}${Math.floor(Math.random() * 1e4)}`;
      const created = await request.post('/v1/workspaces/', {
        headers,
        data: { workspaceName, name: 'Update' },
      });
      const workspaceId = (await created.json()).data.id as string;
      const app = await request.post('/v1/workspaces/profile/applications/', {
        headers,
        data: { workspaceId, key: 'workspace-manager', name: 'Workspace Manager', version: { pwa: '1.0.0' } },
      });
      expect(app.status()).toBe(200);
      const applicationId = (await app.json()).data.id as string;
      const release = async (pwa: string) => {
        const changed = await request.put('/v1/workspaces/profile/applications/', {
          headers,
          data: { workspaceId, applicationId, version: { pwa } },
        });
        expect(changed.status()).toBe(200);
      };

      const context = await browser.newContext();
      await logInContext(context, baseURL!, owner);
      await context.addInitScript((id) => {
        if (!localStorage.getItem('workspace-id')) localStorage.setItem('workspace-id', id);
      }, workspaceId);
      const page = await context.newPage();
      const dialog = page.getByRole('dialog', { name: text(locale, 'pwa', 'update.title') });

      // The first visit records the server's version without asking.
      await Promise.all([versionRead(page), page.goto(`/${locale}/workspace`)]);
      await expect.poll(() => versionOf(page)).toBe('1.0.0');
      await expect(dialog).toHaveCount(0);

      await release('1.1.0');
      await page.reload();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: text(locale, 'pwa', 'update.no') }).click();
      await expect(dialog).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('version-retry-count'))).toBe('2');
      expect(await versionOf(page)).toBe('1.0.0');

      // Postponed by a day: the next visit does not ask.
      await page.reload();
      await page.waitForLoadState('networkidle');
      await expect(dialog).toHaveCount(0);

      // Once the postponement is over it asks again; Yes records the new version and reloads.
      await page.evaluate(() => localStorage.setItem('version-next-retry', '1'));
      await page.reload();
      await expect(dialog).toBeVisible();
      await Promise.all([
        page.waitForEvent('load'),
        dialog.getByRole('button', { name: text(locale, 'pwa', 'update.yes') }).click(),
      ]);
      await expect.poll(() => versionOf(page)).toBe('1.1.0');
      await expect(dialog).toHaveCount(0);
      await context.close();
    });
  }
});

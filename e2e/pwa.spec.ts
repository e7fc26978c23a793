import { expect, type Page, test } from '@playwright/test';
import { logInContext, registerAccount, text } from './support';

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

/** The page's count of update decisions (see `decided` below). */
type DecisionCount = Window & { updateDecisions?: number };

test.describe('the update dialog', () => {
  const versionOf = (page: Page) => page.evaluate(() => localStorage.getItem('version'));
  const versionRead = (page: Page) =>
    page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/app/version/');
  /**
   * Waits until the app has decided on the server's answer: it reads its postponement only then, after
   * the version came in (an init script counts those reads), and two frames later React has drawn
   * whatever the decision opened.
   */
  const decided = async (page: Page) => {
    await expect
      .poll(() => page.evaluate(() => (window as DecisionCount).updateDecisions ?? 0))
      .toBeGreaterThanOrEqual(1);
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
  };

  for (const locale of ['fa', 'en'] as const) {
    test(`in ${locale}: asks when the served version changes; No postpones, Yes records it`, async ({
      browser,
      request,
      baseURL,
    }) => {
      // The version comes from the product itself: no login, no workspace, no application key.
      const served = await request.get('/v1/app/version/');
      expect(served.status()).toBe(200);
      const built = (await served.json()).data as { version: string; builtAt: string };
      expect(built.version).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{16}$/);
      expect(Number.isNaN(Date.parse(built.builtAt))).toBe(false);

      const owner = await registerAccount(request);
      const context = await browser.newContext();
      await logInContext(context, baseURL!, owner);
      await context.addInitScript(() => {
        const read = Storage.prototype.getItem;
        Storage.prototype.getItem = function (this: Storage, key: string) {
          const counted = window as DecisionCount;
          if (key === 'version-next-retry') counted.updateDecisions = (counted.updateDecisions ?? 0) + 1;
          return read.call(this, key);
        };
      });
      const page = await context.newPage();
      const dialog = page.getByRole('dialog', { name: text(locale, 'pwa', 'update.title') });

      // The first visit records the server's version without asking.
      await Promise.all([versionRead(page), page.goto(`/${locale}/workspace`)]);
      await expect.poll(() => versionOf(page)).toBe(built.version);
      await decided(page);
      await expect(dialog).toHaveCount(0);

      // A new build is deployed (the server is not rebuilt here: its answer is replaced).
      const next = { version: `${built.version}-next`, builtAt: new Date().toISOString() };
      await page.route('**/v1/app/version/', (route) =>
        route.fulfill({ json: { statusCode: 200, statusMessage: 'OK', data: next } }),
      );
      await page.reload();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: text(locale, 'pwa', 'update.no') }).click();
      await expect(dialog).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('version-retry-count'))).toBe('2');
      expect(await versionOf(page)).toBe(built.version);

      // Postponed by a day: the next visit does not ask.
      await Promise.all([versionRead(page), page.reload()]);
      await decided(page);
      await expect(dialog).toHaveCount(0);

      // Once the postponement is over it asks again; Yes records the new version and reloads.
      await page.evaluate(() => localStorage.setItem('version-next-retry', '1'));
      await page.reload();
      await expect(dialog).toBeVisible();
      await Promise.all([
        page.waitForEvent('load'),
        dialog.getByRole('button', { name: text(locale, 'pwa', 'update.yes') }).click(),
      ]);
      await expect.poll(() => versionOf(page)).toBe(next.version);
      await expect(dialog).toHaveCount(0);
      await context.close();
    });
  }
});

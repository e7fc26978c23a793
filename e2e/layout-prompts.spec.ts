import { expect, type Page, test } from '@playwright/test';
import { makeFixture, post } from './layout-fixture';
import { type Locale, logInContext, registerAccount, text } from './support';

// Prompts and toasts placed where they cover nothing, and the screens they sit on, at phone and desktop
// widths in light and dark.

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** An announcement in the API's shape: the e2e server has no way to publish one (that is `npm run announce`). */
async function offerAnnouncement(page: Page, locale: Locale) {
  const announcement = {
    id: 'layout-announcement',
    type: 'announcement',
    title:
      locale === 'fa'
        ? 'نسخه‌ی تازه‌ی برنامه با پشتیبان‌گیری خودکار و گزارش‌های بهتر آماده است'
        : 'A new release with automatic backups and better reports is ready',
    body: null,
    link: null,
    read: false,
    createdDate: new Date().toISOString(),
  };
  await page.route(
    (url) => url.pathname === '/v1/notifications/bulk/',
    (route) =>
      route.fulfill({
        json: { statusCode: 200, statusMessage: 'Done', data: { notifications: [announcement], total: 1 } },
      }),
  );
}

const texts = (locale: Locale) => ({
  read: text(locale, 'notifications', 'announcements.read'),
  dismiss: text(locale, 'notifications', 'announcements.dismiss'),
});

for (const locale of ['fa', 'en'] as const) {
  test(`in ${locale}: the announcement prompt is whole at the bottom centre from 360 to 1440 px`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const owner = await registerAccount(request);
    for (const width of [360, 390, 768, 1440]) {
      const height = width < 700 ? 740 : 900;
      const context = await browser.newContext({ viewport: { width, height } });
      await logInContext(context, baseURL ?? '', owner);
      const page = await context.newPage();
      await offerAnnouncement(page, locale);
      await page.goto(`/${locale}/workspace/apps`);
      const prompt = page.getByRole('status').filter({ hasText: texts(locale).read });
      await expect(prompt).toBeVisible();
      const box = await prompt.boundingBox();
      if (!box) throw new Error('the prompt has no box');
      expect(box.y, `${width} px: top`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${width} px: bottom`).toBeLessThanOrEqual(height);
      expect(box.x, `${width} px: start`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${width} px: end`).toBeLessThanOrEqual(width);
      // In the lower half, centred.
      expect(box.y, `${width} px: bottom half`).toBeGreaterThan(height / 2);
      expect(Math.abs(box.x + box.width / 2 - width / 2), `${width} px: centred`).toBeLessThanOrEqual(2);
      await expect(prompt.getByRole('link', { name: texts(locale).read })).toBeInViewport({ ratio: 1 });
      await expect(prompt.getByRole('button', { name: texts(locale).dismiss })).toBeInViewport({ ratio: 1 });
      await context.close();
    }
  });

  test(`in ${locale}: a toast raised in a dialog covers neither its buttons nor the app bar (360, 1440 px)`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const owner = await registerAccount(request);
    const workspace = await post(request, '/v1/workspaces/', owner, {
      workspaceName: `toast-${Date.now().toString(36)}-${locale}-${Math.floor(Math.random() * 1e4)}`,
      name: 'Toast',
    });
    for (const [width, height] of [
      [360, 740],
      [1440, 800],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height } });
      await logInContext(context, baseURL ?? '', owner);
      await context.addInitScript((id) => localStorage.setItem('workspace-id', id), workspace.id);
      const page = await context.newPage();
      // The server refuses for now (260): the dialog stays open with a toast.
      await page.route('**/v1/workspaces/members/access/roles/', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 400,
              json: { statusCode: 260, statusMessage: 'limited', data: null },
            })
          : route.fallback(),
      );
      await page.goto(`/${locale}/workspace/settings/roles`);
      const admin = (path: string) => text(locale, 'workspace-admin', path);
      await page.getByRole('button', { name: admin('roles.new') }).click();
      const dialog = page.getByRole('dialog', { name: admin('roles.createTitle') });
      await dialog.getByLabel(admin('roles.name')).fill(locale === 'fa' ? 'پشتیبانی' : 'Support');
      // A role without permissions is saved at the second press, after its warning.
      await dialog.getByRole('button', { name: admin('roles.create') }).click();
      await expect(dialog.getByTestId('role-grants-nothing')).toBeVisible();
      await dialog.getByRole('button', { name: admin('roles.create') }).click();
      // By class: an open dialog hides the rest of the page from the accessibility tree.
      const toast = page
        .locator('.Toastify__toast')
        .filter({ hasText: text(locale, 'errors', 'api.rateLimited') });
      await expect(toast).toBeVisible();
      // Below the app bar, in the one place every toast comes (src/app/toasts.tsx), once its entrance
      // (a slide from the edge) is over.
      const appBarBox = await page.locator('header.pl-appbar').boundingBox();
      if (!appBarBox) throw new Error('the app bar has no box');
      await expect
        .poll(async () => (await toast.boundingBox())?.y ?? -1, { message: `${width} px: below the app bar` })
        .toBeGreaterThanOrEqual(appBarBox.y + appBarBox.height - 1);
      const toastBox = await toast.boundingBox();
      if (!toastBox) throw new Error('the toast has no box');
      for (const button of await dialog.getByRole('button').all()) {
        const buttonBox = await button.boundingBox();
        if (buttonBox)
          expect(overlaps(toastBox, buttonBox), `${width} px: ${await button.textContent()}`).toBe(false);
      }
      await test.info().attach(`toast-in-dialog-${locale}-${width}`, {
        body: await page.screenshot(),
        contentType: 'image/png',
      });
      await context.close();
    }
  });

  test(`in ${locale}, light and dark: the changed screens at 390 px (notifications, sessions, prompt, role dialog)`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const fixture = await makeFixture(request, locale);
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme });
      await logInContext(context, baseURL ?? '', fixture.owner);
      await context.addInitScript((id) => localStorage.setItem('workspace-id', id), fixture.workspaceId);
      const page = await context.newPage();
      const shot = async (name: string) =>
        test.info().attach(`${name}-${locale}-${colorScheme}`, {
          body: await page.screenshot({ fullPage: true }),
          contentType: 'image/png',
        });

      await page.goto(`/${locale}/profile/notifications`);
      // The device in the page's language: product names as they are, the joining word and digits its own.
      const device = locale === 'fa' ? 'Chrome ۱۵۶ روی Linux' : 'Chrome 156 on Linux';
      const newLogin = page.getByTestId('notification-item').filter({ hasText: device });
      await expect(newLogin).toBeVisible();
      await expect(newLogin).not.toContainText('Mozilla');
      await shot('notifications');

      await page.goto(`/${locale}/profile/security`);
      const sessions = page.getByRole('list', { name: text(locale, 'profile', 'sessions.title') });
      // The version is a number: Persian digits in fa.
      await expect(sessions.getByText(device)).toBeVisible();
      await expect(sessions).not.toContainText('Mozilla');
      for (const item of await sessions.getByRole('listitem').all()) {
        const end = item.getByRole('button');
        if ((await end.count()) === 0) continue;
        const endBox = await end.boundingBox();
        const details = await item
          .getByText(/\d|[۰-۹]/)
          .last()
          .boundingBox();
        if (endBox && details) expect(overlaps(endBox, details)).toBe(false);
      }
      await sessions.scrollIntoViewIfNeeded();
      await test.info().attach(`sessions-${locale}-${colorScheme}`, {
        body: await sessions.screenshot(),
        contentType: 'image/png',
      });

      await offerAnnouncement(page, locale);
      await page.goto(`/${locale}/workspace/apps`);
      await expect(page.getByRole('status').filter({ hasText: texts(locale).read })).toBeInViewport();
      await test.info().attach(`announcement-prompt-${locale}-${colorScheme}`, {
        body: await page.screenshot(),
        contentType: 'image/png',
      });

      const admin = (path: string) => text(locale, 'workspace-admin', path);
      await page.goto(`/${locale}/workspace/settings/roles`);
      await page.getByRole('button', { name: admin('roles.new') }).click();
      const dialog = page.getByRole('dialog', { name: admin('roles.createTitle') });
      await dialog.getByRole('button', { name: admin('roles.create') }).click();
      await expect(dialog.getByText(admin('roles.nameRequired'))).toBeVisible();
      await test.info().attach(`role-dialog-required-${locale}-${colorScheme}`, {
        body: await page.screenshot(),
        contentType: 'image/png',
      });
      await dialog.getByLabel(admin('roles.name')).fill('x');
      await expect(dialog.getByText(admin('roles.nameRequired'))).toHaveCount(0);
      await context.close();
    }
  });
}

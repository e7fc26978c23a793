import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  type Account,
  bearer,
  codeFor,
  type Locale,
  logInContext,
  phone,
  registerAccount,
  text,
} from './support';

// No page scrolls sideways on a phone: every route, public and signed in,
// opened at 360 px in fa and en, with the data that makes pages long (a received invitation, a sent
// one, a role, two sessions and the new-login notification with a real browser's user agent).

const phoneWidth = 360;

/** What a desktop Chrome sends; the server keeps it as the session's agent and names the device. */
const desktopChrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';

interface Fixture {
  owner: Account;
  workspaceId: string;
  invitationId: string;
}

async function post(request: APIRequestContext, path: string, account: Account, data: unknown) {
  const response = await request.post(path, { headers: bearer(account), data });
  const body = await response.json();
  expect(body.statusCode, path).toBe(200);
  return body.data as { id: string };
}

/** An owner with a workspace, a role, a sent and a received invitation and a second session. */
async function makeFixture(request: APIRequestContext, locale: Locale): Promise<Fixture> {
  const owner = await registerAccount(request, { firstName: 'Sara', lastName: 'Ahmadi' });
  const slug = `lay-${Date.now().toString(36)}-${locale}-${Math.floor(Math.random() * 1e4)}`;
  const workspace = await post(request, '/v1/workspaces/', owner, {
    workspaceName: slug,
    name: locale === 'fa' ? 'شرکت نمونه‌ی بسیار خوب' : 'A very good example company',
  });
  await post(request, '/v1/workspaces/members/access/roles/', owner, {
    workspaceId: workspace.id,
    name: locale === 'fa' ? 'پشتیبانی' : 'Support',
    superAccess: false,
    permissionIds: ['tenant_members_read', 'tenant_roles_read'],
  });
  await post(request, '/v1/workspaces/members/identity/invitations/', owner, {
    workspaceId: workspace.id,
    phone: phone(),
  });

  const other = await registerAccount(request);
  const otherWorkspace = await post(request, '/v1/workspaces/', other, {
    workspaceName: `${slug}-x`,
    name: locale === 'fa' ? 'کارگاه دیگر' : 'Another workshop',
  });
  const invitation = await post(request, '/v1/workspaces/members/identity/invitations/', other, {
    workspaceId: otherWorkspace.id,
    username: owner.username,
  });

  // A second login from a desktop browser: a session to list and a new-login notification.
  const before = await codeFor(request, owner.phone);
  const headers = { 'user-agent': desktopChrome };
  const step = await request.post('/v1/auth/identity/login/national-code/', {
    headers,
    data: { nationalCode: owner.nationalCode, password: owner.password },
  });
  const { accessToken } = (await step.json()).data as { accessToken: string };
  const verified = await request.post('/v1/auth/identity/login/2fa/verify/', {
    headers: { ...headers, authorization: `Bearer ${accessToken}` },
    data: { code: await codeFor(request, owner.phone, before) },
  });
  expect((await verified.json()).statusCode).toBe(200);
  return { owner, workspaceId: workspace.id, invitationId: invitation.id };
}

async function phonePage(browser: Browser, baseURL: string, fixture: Fixture | null): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: phoneWidth, height: 740 } });
  if (fixture) {
    await logInContext(context, baseURL, fixture.owner);
    await context.addInitScript((id) => {
      if (!localStorage.getItem('workspace-id')) localStorage.setItem('workspace-id', id);
    }, fixture.workspaceId);
  }
  return context.newPage();
}

/**
 * Opens `path`, waits until the page shows itself (a first-level heading, nothing loading) and returns
 * null when it fits the viewport, else how far it overflows and the innermost elements sticking out.
 */
async function overflowOf(page: Page, path: string): Promise<string | null> {
  await page.goto(path);
  // A busy machine can take long to load a page's code the first time.
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return page.evaluate(() => {
    const extra = document.documentElement.scrollWidth - window.innerWidth;
    if (extra <= 0) return null;
    const outside = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > window.innerWidth + 1 || box.left < -1);
    });
    const innermost = outside.filter(
      (element) => !outside.some((other) => element.contains(other) && other !== element),
    );
    const names = innermost
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')}`);
    return `+${extra}px (${names.join(', ')})`;
  });
}

const publicRoutes = [
  '/login',
  '/signup',
  '/login/forgot-password',
  '/no-such-page',
  '/401',
  '/403',
  '/500',
  '/503',
  '/600',
  '/error',
  '/coming-soon',
  '/announcement',
];

const signedInRoutes = (fixture: Fixture) => [
  '/',
  '/workspace/new',
  '/workspace/apps',
  '/workspace/invitations',
  `/workspace/invitations/${fixture.invitationId}`,
  '/workspace/settings',
  '/workspace/settings/info',
  '/workspace/settings/applications',
  '/workspace/settings/members',
  '/workspace/settings/roles',
  '/workspace/settings/users',
  '/workspace/settings/backups',
  '/workspace/settings/audit',
  '/profile',
  '/profile/security',
  '/profile/notifications',
  '/announcement',
];

// Public and signed-in routes are separate tests: one test opening all 29 pages in a row outran its
// timeout on the shared CI machine (each cold page there takes several seconds to draw).
for (const locale of ['fa', 'en'] as const) {
  test(`in ${locale}: no public route is wider than a ${phoneWidth} px phone`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const overflowing: string[] = [];
    const visitor = await phonePage(browser, baseURL ?? '', null);
    for (const route of publicRoutes) {
      const overflow = await overflowOf(visitor, `/${locale}${route}`);
      if (overflow) overflowing.push(`${route} ${overflow}`);
    }
    await visitor.context().close();
    expect(overflowing).toEqual([]);
  });

  test(`in ${locale}: no signed-in route is wider than a ${phoneWidth} px phone`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const fixture = await makeFixture(request, locale);
    const overflowing: string[] = [];
    const owner = await phonePage(browser, baseURL ?? '', fixture);
    for (const route of signedInRoutes(fixture)) {
      const overflow = await overflowOf(owner, `/${locale}${route}`);
      if (overflow) overflowing.push(`${route} ${overflow}`);
    }
    await owner.context().close();
    expect(overflowing).toEqual([]);
  });
}

// The app bar's hints (components/plain/hint.tsx): the account button sits at the bar's inline end, so
// its hint is clamped inside the window on the right in en and on the left in fa.
for (const locale of ['fa', 'en'] as const) {
  test(`in ${locale}: the app bar's hints show on hover and keyboard focus inside a ${phoneWidth} px window`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const owner = await registerAccount(request);
    const context = await browser.newContext({ viewport: { width: phoneWidth, height: 740 } });
    await logInContext(context, baseURL ?? '', owner);
    const page = await context.newPage();
    await page.goto(`/${locale}/`);
    const label = text(locale, 'workspaces', 'userMenu.label');
    const account = page.getByRole('button', { name: label });
    await account.hover();
    const hint = page.getByRole('tooltip');
    await expect(hint).toHaveText(label);
    const [box, anchor] = [await hint.boundingBox(), await account.boundingBox()];
    if (!box || !anchor) throw new Error('no box');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phoneWidth);
    expect(box.y).toBeGreaterThanOrEqual(anchor.y + anchor.height);
    await page.mouse.move(phoneWidth / 2, 600);
    await expect(hint).toHaveCount(0);
    // The bell is reached with Tab and named by its hint.
    const bell = page.getByTestId('notification-bell');
    await bell.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tooltip')).toHaveText((await bell.getAttribute('aria-label')) ?? '');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await context.close();
  });
}

// ---- prompts, toasts and the screens this layout work changed --------------------------------------

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

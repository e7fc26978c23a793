import { expect, test } from '@playwright/test';
import { type Fixture, makeFixture, overflowOf, phonePage, phoneWidth } from './layout-fixture';
import { logInContext, registerAccount, text } from './support';

// No page scrolls sideways on a phone: every route, public and signed in,
// opened at 360 px in fa and en, with the data that makes pages long (a received invitation, a sent
// one, a role, two sessions and the new-login notification with a real browser's user agent).

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

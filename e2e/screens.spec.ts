import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Account, bearer, codeFor, logInContext, nationalCode, phone, registerAccount } from './support';

// Every screen names itself in the document title, and the signed-in frame (bell with an unread count,
// the switchers with nothing chosen) passes an accessibility scan in both colour modes.

type Locale = 'fa' | 'en' | 'ar';
const common = (locale: Locale) =>
  JSON.parse(readFileSync(`apps/web/public/assets/locales/${locale}/common.json`, 'utf8')) as {
    app: { title: string };
    pages: Record<string, string>;
  };

async function post<T>(
  request: APIRequestContext,
  path: string,
  account: Account,
  data: unknown,
): Promise<T> {
  const answer = await request.post(path, { headers: bearer(account), data });
  const body = await answer.json();
  expect(body.statusCode, `${path}: ${body.statusMessage}`).toBe(200);
  return body.data as T;
}

/** An owner of a workspace with no application chosen, and an unread notification (an invitation elsewhere). */
async function ownerWithUnread(request: APIRequestContext) {
  const owner = await registerAccount(request);
  const tag = Date.now().toString(36);
  const workspace = await post<{ id: string }>(request, '/v1/workspaces/', owner, {
    workspaceName: `titles-${tag}`,
    name: 'Titles',
  });
  const other = await registerAccount(request);
  const elsewhere = await post<{ id: string }>(request, '/v1/workspaces/', other, {
    workspaceName: `titles-${tag}-x`,
    name: 'Elsewhere',
  });
  await post(request, '/v1/workspaces/members/identity/invitations/', other, {
    workspaceId: elsewhere.id,
    username: owner.username,
  });
  return { owner, workspaceId: workspace.id };
}

const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
};

test('each screen has a title of its own, in its language', async ({ browser, request, baseURL }) => {
  const { owner, workspaceId } = await ownerWithUnread(request);
  const context = await browser.newContext();
  await logInContext(context, baseURL ?? '', owner);
  await context.addInitScript((id) => localStorage.setItem('workspace-id', id), workspaceId);
  const page = await context.newPage();
  const visits: Array<[Locale, string, string]> = [
    ['en', '/workspace/settings/members', 'members'],
    ['en', '/workspace/settings/roles', 'roles'],
    ['fa', '/profile/security', 'security'],
    ['ar', '/workspace/apps', 'apps'],
  ];
  for (const [locale, path, key] of visits) {
    await page.goto(`/${locale}${path}`);
    const texts = common(locale);
    await expect(page).toHaveTitle(`${texts.pages[key]} | ${texts.app.title}`);
  }
  await context.close();

  const visitor = await browser.newPage();
  await visitor.goto('/ar/login');
  await expect(visitor).toHaveTitle(`${common('ar').pages.login} | ${common('ar').app.title}`);
  await visitor.goto('/en/signup');
  await expect(visitor).toHaveTitle(`${common('en').pages.signup} | ${common('en').app.title}`);
  await visitor.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the signed-in frame with an unread count has no serious violations in ${colorScheme} mode`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const { owner, workspaceId } = await ownerWithUnread(request);
    const context = await browser.newContext({ colorScheme });
    await logInContext(context, baseURL ?? '', owner);
    await context.addInitScript((id) => localStorage.setItem('workspace-id', id), workspaceId);
    const page = await context.newPage();
    for (const locale of ['fa', 'en', 'ar'] as const) {
      await page.goto(`/${locale}/workspace/apps`);
      await expect(page.getByTestId('notification-count')).toBeVisible();
      await expect(page.getByTestId('app-switcher')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
    await context.close();
  });
}

test('no label of the sign-up form is cut on a desktop, in fa, en and ar', async ({ browser, request }) => {
  // Three sign-ups up to their last step.
  test.setTimeout(240_000);
  for (const locale of ['fa', 'en', 'ar'] as const) {
    // A context each: a sign-up under way is resumed from the browser's storage.
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const number = phone();
    await page.goto(`/${locale}/signup`);
    await page.locator('input[name="phone"]').fill(number);
    await page.locator('input[name="nationalCode"]').fill(nationalCode());
    await page.locator('button[type="submit"]').click();
    await expect(page.getByTestId('code-form')).toBeVisible();
    await page.getByTestId('code-input').fill(await codeFor(request, number));
    await page.locator('button[type="submit"]').click();
    const form = page.getByTestId('signup-password-form');
    await expect(form).toBeVisible();
    const cut = await form
      .locator('.pl-field__label')
      .evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent),
      );
    expect(cut, locale).toEqual([]);
    await page.close();
  }
});

test('a long mixed-language workspace name wraps whole on a phone-sized screen', async ({
  browser,
  request,
  baseURL,
}) => {
  const owner = await registerAccount(request);
  const name = 'شرکت بازرگانی آریا Trading Co. 2024';
  await post(request, '/v1/workspaces/', owner, { workspaceName: `aria-${Date.now().toString(36)}`, name });
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await logInContext(context, baseURL ?? '', owner);
  const page = await context.newPage();
  for (const locale of ['fa', 'en'] as const) {
    await page.goto(`/${locale}`);
    const title = page.getByTestId('workspace-card').locator('h3');
    await expect(title).toHaveText(name);
    const fits = await title.evaluate(
      (el) => el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1,
    );
    expect(fits, locale).toBe(true);
  }
  await context.close();
});

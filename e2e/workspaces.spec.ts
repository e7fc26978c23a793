import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { type Account, bearer, type Locale, logInContext, persian, registerAccount, text } from './support';

// The workspace screens against the real API: an owner creates a workspace, fills its profile with a
// logo and adds an application, in Persian then English; a second person accepts an invitation and
// sees only what a member without a role may see. Screenshots of the picker and the settings in both
// directions and both colour modes are attached to the report (test-results/) for a look at layout.

const t = (locale: Locale, path: string) => text(locale, 'workspaces', path);
const slug = () => `e2e-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

async function loggedInPage(
  browser: Browser,
  baseURL: string,
  account: Account,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const context = await browser.newContext({ colorScheme });
  await logInContext(context, baseURL, account);
  return context.newPage();
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/** Creates a workspace through the API; answers its id. */
async function createWorkspace(page: Page, account: Account, name: string): Promise<string> {
  const created = await page.request.post('/v1/workspaces/', {
    headers: bearer(account),
    data: { workspaceName: slug(), name },
  });
  expect((await created.json()).statusCode).toBe(200);
  return (await created.json()).data.id as string;
}

test('an owner creates a workspace, fills its profile with a logo and adds an application, in fa and en', async ({
  browser,
  baseURL,
  request,
}) => {
  // A long journey on a shared two-core machine.
  test.setTimeout(240_000);
  const owner = await registerAccount(request);
  const page = await loggedInPage(browser, baseURL!, owner);

  // fa: the empty picker leads to the creation form.
  await page.goto('/fa');
  await expect(page.getByRole('heading', { level: 1, name: t('fa', 'picker.title') })).toBeVisible();
  await expect(page.getByTestId('workspaces-empty')).toBeVisible();
  await page
    .getByTestId('workspaces-empty')
    .getByRole('link', { name: t('fa', 'picker.create') })
    .click();
  await expect(page).toHaveURL(/\/fa\/workspace\/new$/);
  const workspaceName = slug();
  await page.getByRole('textbox', { name: t('fa', 'create.name') }).fill('شرکت آزمون');
  await page.getByRole('textbox', { name: t('fa', 'create.workspaceName') }).fill(workspaceName);
  await page.getByRole('button', { name: t('fa', 'create.submit') }).click();

  // Its applications: the built-in settings application opens the settings at their first section.
  await expect(page).toHaveURL(/\/fa\/workspace\/apps$/);
  expect(await page.evaluate(() => localStorage.getItem('workspace-id'))).toBeTruthy();
  await expect(page.getByTestId('workspace-switcher')).toContainText('شرکت آزمون');
  await page.getByTestId('application-card').first().click();
  await expect(page).toHaveURL(/\/fa\/workspace\/settings\/info$/);
  expect(await page.evaluate(() => localStorage.getItem('app-id'))).toBeTruthy();

  // The profile, with a phone typed in Persian digits and a logo.
  const form = page.getByTestId('workspace-info-form');
  await form.getByRole('textbox', { name: t('fa', 'info.fields.phone') }).fill(persian('021-88881234'));
  await form.getByRole('textbox', { name: t('fa', 'info.fields.website') }).fill('https://example.com');
  await form.getByRole('textbox', { name: t('fa', 'info.fields.instagram') }).fill('acme.ir');
  const logo = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  const uploaded = page.waitForResponse((r) => r.url().includes('/v1/assets/workspace-profile-image/'));
  await page
    .getByTestId('logo-input')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  expect((await (await uploaded).json()).statusCode).toBe(200);
  await form.getByRole('button', { name: t('fa', 'actions.save') }).click();
  await expect(page.getByText(t('fa', 'info.saved'))).toBeVisible();

  // What was saved is what the server keeps.
  await page.reload();
  // Saved with ASCII digits, shown in Persian ones, as typed.
  await expect(form.getByRole('textbox', { name: t('fa', 'info.fields.phone') })).toHaveValue(
    persian('021-88881234'),
  );
  await expect(page.getByTestId('logo-preview').locator('img')).toHaveAttribute(
    'src',
    /\/v1\/assets\/images\//,
  );
  await expectNoSeriousViolations(page);

  // en: the same page in English, left to right.
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: /English/ }).click();
  await expect(page).toHaveURL(/\/en\/workspace\/settings\/info$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(form.getByRole('textbox', { name: t('en', 'info.fields.website') })).toHaveValue(
    'https://example.com',
  );

  // An application with versions, from the applications section.
  await page.getByRole('tab', { name: t('en', 'settings.nav.applications') }).click();
  await expect(page).toHaveURL(/\/en\/workspace\/settings\/applications$/);
  await page.getByRole('button', { name: t('en', 'applications.create') }).click();
  const dialog = page.getByRole('dialog', { name: t('en', 'applications.createTitle') });
  await dialog.getByRole('textbox', { name: t('en', 'applications.fields.name') }).fill('Shop');
  await dialog.getByRole('textbox', { name: /^Key\b/ }).fill('shop');
  await dialog.getByRole('textbox', { name: t('en', 'applications.versions.pwa') }).fill('1.2.0');
  await dialog.getByRole('button', { name: t('en', 'applications.create') }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId('application-row').filter({ hasText: 'Shop' });
  await expect(row).toContainText('1.2.0');
  await expectNoSeriousViolations(page);

  // The application switcher offers it; choosing it makes it the current application.
  await page.getByTestId('app-switcher').click();
  await page.getByRole('menuitem', { name: 'Shop' }).click();
  await expect(page.getByTestId('app-switcher')).toContainText('Shop');
  await page.context().close();
});

test('a second person sees an invitation, accepts it in fa and sees only what a member may see', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await registerAccount(request);
  const invitee = await registerAccount(request);
  const ownerPage = await loggedInPage(browser, baseURL!, owner);
  const workspaceId = await createWorkspace(ownerPage, owner, 'Globex');
  // The members screens are another part's; the invitation goes through the API.
  const sent = await request.post('/v1/workspaces/members/identity/invitations/', {
    headers: bearer(owner),
    data: { workspaceId, username: invitee.username },
  });
  expect((await sent.json()).statusCode).toBe(200);
  await ownerPage.context().close();

  const page = await loggedInPage(browser, baseURL!, invitee);
  await page.goto('/fa');
  const card = page.getByTestId('invitation-card');
  await expect(card).toContainText('Globex');
  await expect(card).toContainText(t('fa', 'invitations.asMember'));
  await expect(page.getByTestId('workspaces-empty')).toBeVisible();
  await expectNoSeriousViolations(page);
  // A Latin workspace name inside Persian text is isolated (U+2068 … U+2069).
  const globex = '\u2068Globex\u2069';
  await card
    .getByRole('button', { name: t('fa', 'invitations.acceptNamed').replace('{{name}}', globex) })
    .click();
  // Accepting takes the person into the workspace they joined, selected.
  await expect(page).toHaveURL(/\/fa\/workspace\/apps$/);
  expect(await page.evaluate(() => localStorage.getItem('workspace-id'))).toBeTruthy();
  await page.goto('/fa');
  const workspace = page.getByTestId('workspace-card');
  await expect(workspace).toContainText('Globex');
  await expect(workspace).toContainText(t('fa', 'level.member'));
  await expect(page.getByTestId('invitation-card')).toHaveCount(0);
  await workspace.click();
  await expect(page).toHaveURL(/\/fa\/workspace\/apps$/);
  // A member without a role: no "manage applications", and no settings tile that would lead nowhere.
  await expect(page.getByRole('heading', { level: 1, name: t('fa', 'apps.title') })).toBeVisible();
  await expect(page.getByTestId('application-card')).toHaveCount(0);
  await expect(page.getByRole('link', { name: t('fa', 'apps.manage') })).toHaveCount(0);
  await page.goto('/fa/workspace/settings');
  await expect(page.getByText(t('fa', 'access.noSections'))).toBeVisible();
  await page.goto('/fa/workspace/settings/info');
  await expect(page.getByTestId('settings-denied')).toBeVisible();
  await page.context().close();
});

test.describe('layout screenshots', () => {
  for (const locale of ['fa', 'en'] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`picker and settings in ${locale}, ${colorScheme}`, async ({
        browser,
        baseURL,
        request,
      }, testInfo) => {
        test.setTimeout(240_000);
        const owner = await registerAccount(request);
        const page = await loggedInPage(browser, baseURL!, owner, colorScheme);
        const workspaceId = await createWorkspace(
          page,
          owner,
          locale === 'fa' ? 'بازرگانی نمونه' : 'Acme Trading',
        );
        await createWorkspace(page, owner, locale === 'fa' ? 'کارگاه دوم' : 'Second Studio');
        await page.request.post('/v1/workspaces/profile/applications/', {
          headers: bearer(owner),
          data: {
            workspaceId,
            key: 'shop',
            name: locale === 'fa' ? 'فروشگاه' : 'Shop',
            version: { pwa: '1.4.0' },
          },
        });
        for (const [width, height, size] of [
          [1280, 800, 'desktop'],
          [390, 844, 'mobile'],
        ] as const) {
          await page.setViewportSize({ width, height });
          await page.goto(`/${locale}`);
          await expect(page.getByTestId('workspace-card')).toHaveCount(2);
          await page.screenshot({
            path: testInfo.outputPath(`picker-${locale}-${colorScheme}-${size}.png`),
            fullPage: true,
          });
          await page.evaluate((id) => localStorage.setItem('workspace-id', id), workspaceId);
          await page.goto(`/${locale}/workspace/settings/info`);
          await expect(page.getByTestId('workspace-info-form')).toBeVisible();
          await page.screenshot({
            path: testInfo.outputPath(`info-${locale}-${colorScheme}-${size}.png`),
            fullPage: true,
          });
          await page.goto(`/${locale}/workspace/settings/applications`);
          await expect(page.getByTestId('application-row')).toHaveCount(2);
          await page.screenshot({
            path: testInfo.outputPath(`settings-${locale}-${colorScheme}-${size}.png`),
            fullPage: true,
          });
        }
        await page.context().close();
      });
    }
  }
});

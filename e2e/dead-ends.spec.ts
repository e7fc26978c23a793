import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createSigner } from 'fast-jwt';
import {
  type Account,
  bearer,
  codeFor,
  type Locale,
  text as localeText,
  logInContext,
  registerAccount,
} from './support';

// Dead ends people met while walking through the app: each page leads somewhere, or says why not.
// With SHOTS_DIR set, each test saves what the person saw there (SHOTS_TAG names the run).

type AnyLocale = Locale | 'ar';
/** A text of a locale file, Arabic's too (its digits are not the subject here). */
const text = (locale: AnyLocale, ns: string, path: string) => localeText(locale as Locale, ns, path);

const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${process.env.SHOTS_TAG ?? 'after'}.png` });
}

let serial = 0;
async function newWorkspace(page: Page, owner: Account, name: string): Promise<string> {
  serial += 1;
  const created = await page.request.post('/v1/workspaces/', {
    headers: bearer(owner),
    data: { workspaceName: `w${Date.now().toString(36)}${serial}`, name },
  });
  expect((await created.json()).statusCode).toBe(200);
  return (await created.json()).data.id as string;
}

/** Both login steps through the forms, from the login page the app has already opened. */
async function logInThroughForms(page: Page, locale: AnyLocale, account: Account): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/${locale}/login`));
  const before = await codeFor(page.request, account.phone);
  await input(page, 'identifier').fill(account.nationalCode);
  await input(page, 'password').fill(account.password);
  await page.getByRole('button', { name: text(locale, 'auth', 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/login/verify$`));
  await page.getByTestId('code-input').fill(await codeFor(page.request, account.phone, before));
  await page.getByRole('button', { name: text(locale, 'auth', 'verify.submit') }).click();
}

test('a member whose role holds no setting is not offered the workspace settings tile', async ({
  browser,
  baseURL,
  request,
}) => {
  const owner = await registerAccount(request);
  const member = await registerAccount(request);
  const context = await browser.newContext();
  const page = await context.newPage();
  const workspaceId = await newWorkspace(page, owner, 'Globex');
  await request.post('/v1/workspaces/profile/applications/', {
    headers: bearer(owner),
    data: { workspaceId, key: 'shop', name: 'Shop' },
  });
  await request.post('/v1/workspaces/members/identity/invitations/', {
    headers: bearer(owner),
    data: { workspaceId, username: member.username },
  });
  const mine = await request.get('/v1/workspaces/members/identity/invitations/', { headers: bearer(member) });
  const invitationId = (await mine.json()).data[0].id as string;
  const answered = await request.post('/v1/workspaces/members/identity/invitations/response/', {
    headers: bearer(member),
    data: { invitationId, accept: true },
  });
  expect((await answered.json()).statusCode).toBe(200);

  await logInContext(context, baseURL!, member);
  await context.addInitScript((id) => localStorage.setItem('workspace-id', id), workspaceId);
  await page.goto('/en/workspace/apps');
  await expect(page.getByTestId('application-card').filter({ hasText: 'Shop' })).toBeVisible();
  await shot(page, 'settings-tile-member-without-settings');
  await expect(page.getByTestId('application-card')).toHaveCount(1);
  await expect(page.getByText(text('en', 'workspaces', 'apps.settingsName'))).toHaveCount(0);
  await context.close();
});

test('a logged-out deep link is carried through login and reached after a workspace is chosen', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request);
  await newWorkspace(page, owner, 'Acme');
  await newWorkspace(page, owner, 'Globex');
  await page.goto('/fa/workspace/settings/members');
  await expect(page).toHaveURL(/\/fa\/login\?returnTo=%2Ffa%2Fworkspace%2Fsettings%2Fmembers$/);
  await logInThroughForms(page, 'fa', owner);
  // Two workspaces: the picker asks which one, then continues to the page asked for.
  await expect(page.getByTestId('workspace-card')).toHaveCount(2);
  await shot(page, 'deep-link-after-login');
  await page.getByTestId('workspace-card').filter({ hasText: 'Globex' }).click();
  await expect(page).toHaveURL(/\/fa\/workspace\/settings\/members$/);
  await shot(page, 'deep-link-reached');
});

test('returnTo never leads off the site', async ({ page, request }) => {
  const owner = await registerAccount(request);
  await page.goto('/en/login?returnTo=%2F%2Fevil.example%2Fen%2Fprofile');
  await logInThroughForms(page, 'en', owner);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/en$/);
});

test('a member of exactly one workspace goes straight into it at login', async ({ page, request }) => {
  const owner = await registerAccount(request);
  await newWorkspace(page, owner, 'Acme');
  await page.goto('/en/login');
  await logInThroughForms(page, 'en', owner);
  await expect(page).toHaveURL(/\/en(\/workspace\/apps)?$/);
  await shot(page, 'single-workspace-login');
  await expect(page).toHaveURL(/\/en\/workspace\/apps$/);
  await expect(page.getByText('Acme').first()).toBeVisible();
});

test('a single workspace and a deep link: the page asked for, straight away', async ({ page, request }) => {
  const owner = await registerAccount(request);
  await newWorkspace(page, owner, 'Acme');
  await page.goto('/ar/workspace/settings/members');
  await logInThroughForms(page, 'ar', owner);
  await expect(page).toHaveURL(/\/ar\/workspace\/settings\/members$/);
});

/** A login alert's link to end the session of `account`'s sign-up, signed as the server signs it. */
function endSessionLink(account: Account): string {
  const secret = readFileSync('.data-e2e/jwt-secret', 'utf8').trim();
  const claims = JSON.parse(
    Buffer.from(account.tokens.accessToken.split('.')[1] ?? '', 'base64url').toString(),
  ) as { sub: string; sid: string };
  const sign = createSigner({
    key: secret,
    algorithm: 'HS256',
    aud: 'wsm-end-session',
    iss: 'wsm-identity',
    expiresIn: 3600_000,
  });
  return sign({ sub: claims.sub, sid: claims.sid, dev: 'Firefox 133 on Windows', ip: '5.6.7.8' });
}

for (const locale of ['fa', 'en', 'ar'] as const) {
  test(`in ${locale}, a used end-session link says it was already used`, async ({ page, request }) => {
    const account = await registerAccount(request);
    const token = endSessionLink(account);
    const used = await request.post('/v1/auth/identity/security/sessions/end-by-link/', { data: { token } });
    expect((await used.json()).data).toEqual({ ended: true });
    await page.goto(`/${locale}/security/end-session?token=${token}`);
    // The page loads its MUI frame first: slow on a busy machine.
    await expect(page.getByTestId('end-session-page')).toBeVisible({ timeout: 60_000 });
    await expect(
      page
        .getByRole('button', { name: text(locale, 'auth', 'endSession.confirm') })
        .or(page.getByRole('status')),
    ).toBeVisible();
    await shot(page, `end-session-used-link-${locale}`);
    await expect(page.getByRole('status')).toHaveText(text(locale, 'auth', 'endSession.already'));
    await expect(page.getByRole('button', { name: text(locale, 'auth', 'endSession.confirm') })).toHaveCount(
      0,
    );
  });

  test(`in ${locale}, the 600 page has a title and a text for people`, async ({ page }) => {
    await page.goto(`/${locale}/600`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await shot(page, `status-600-${locale}`);
    await expect(heading).toContainText(text(locale, 'errors', 'pages.600.title'));
    await expect(page.getByText(text(locale, 'errors', 'pages.600.text'))).toBeVisible();
  });
}

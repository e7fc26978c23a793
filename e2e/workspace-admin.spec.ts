import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  type Account,
  bearer,
  type Locale,
  logInContext,
  persian,
  phone,
  registerAccount,
  text,
} from './support';

// The workspace settings screens of part B end to end (members and invitations, roles with the
// permission matrix, the user directory), against the built app and API: an owner creates a role and
// invites a second person by phone; that person signs up, accepts on the invitations screen, and then sees only what the role
// allows while the server refuses the rest. In both languages; screenshots at phone width in fa and
// en, light and dark.

const ns = 'workspace-admin';
const t = (locale: Locale, path: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (value, [key, replacement]) => value.replace(`{{${key}}}`, replacement),
    text(locale, ns, path),
  );

/** The server's name of a permission in the request's language (apps/api access catalogue). */
const permissionNames: Record<Locale, Record<string, string>> = {
  fa: { membersRead: 'دیدن اعضا و دعوت‌ها', rolesRead: 'دیدن نقش‌ها' },
  en: { membersRead: 'Read members and invitations', rolesRead: 'Read roles' },
};

async function createWorkspace(request: APIRequestContext, owner: Account, locale: Locale): Promise<string> {
  const slug = `ws-${Date.now().toString(36)}-${locale}-${Math.floor(Math.random() * 1e4)}`;
  const response = await request.post('/v1/workspaces/', {
    headers: bearer(owner),
    data: { workspaceName: slug, name: locale === 'fa' ? 'شرکت آزمایشی' : 'Test company' },
  });
  const body = await response.json();
  expect(body.statusCode).toBe(200);
  return body.data.id as string;
}

/** A page logged in as `account` with `workspaceId` selected, as the picker would leave it. */
async function openAs(
  browser: Browser,
  baseURL: string,
  account: Account,
  workspaceId: string | null,
  options: { colorScheme?: 'light' | 'dark'; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
  await logInContext(context, baseURL, account);
  if (workspaceId) await context.addInitScript((id) => localStorage.setItem('workspace-id', id), workspaceId);
  return context.newPage();
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

for (const locale of ['fa', 'en'] as const) {
  test(`in ${locale}: an owner creates a role and invites by phone; the invitee sees only what the role allows`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const base = baseURL ?? '';
    const owner = await registerAccount(request);
    const workspaceId = await createWorkspace(request, owner, locale);
    const inviteePhone = phone();
    const roleName = locale === 'fa' ? `پشتیبانی ${Date.now() % 1000}` : `Support ${Date.now() % 1000}`;

    // --- the owner creates a role with two permissions
    const ownerPage = await openAs(browser, base, owner, workspaceId);
    await ownerPage.goto(`/${locale}/workspace/settings/roles`);
    await expect(ownerPage.locator('html')).toHaveAttribute('dir', locale === 'fa' ? 'rtl' : 'ltr');
    await expect(ownerPage.getByRole('table', { name: t(locale, 'roles.title') })).toHaveCount(0);
    await expect(ownerPage.getByText(t(locale, 'roles.empty'))).toBeVisible();
    await ownerPage.getByRole('button', { name: t(locale, 'roles.new') }).click();
    const roleDialog = ownerPage.getByRole('dialog', { name: t(locale, 'roles.createTitle') });
    await roleDialog.getByLabel(t(locale, 'roles.name')).fill(roleName);
    await roleDialog
      .getByRole('checkbox', { name: permissionNames[locale].membersRead, exact: true })
      .check();
    await roleDialog.getByRole('checkbox', { name: permissionNames[locale].rolesRead, exact: true }).check();
    await roleDialog.getByRole('button', { name: t(locale, 'roles.create') }).click();
    await expect(roleDialog).toBeHidden();
    const rolesTable = ownerPage.getByRole('table', { name: t(locale, 'roles.title') });
    await expect(rolesTable.getByRole('row', { name: new RegExp(roleName) })).toBeVisible();

    // --- and invites a person by phone (typed in Persian digits in fa), who has no account yet
    await ownerPage.goto(`/${locale}/workspace/settings/members`);
    await ownerPage.getByRole('button', { name: t(locale, 'invite.open') }).click();
    const invite = ownerPage.getByRole('dialog', { name: t(locale, 'invite.title') });
    const phoneField = invite.getByLabel(t(locale, 'invite.fields.phone'));
    await phoneField.fill('12345');
    await invite.getByRole('button', { name: t(locale, 'invite.send') }).click();
    await expect(
      invite.getByText(locale === 'fa' ? 'شماره‌ی موبایل معتبر نیست' : 'The mobile number is not valid'),
    ).toBeVisible();
    await phoneField.fill(locale === 'fa' ? persian(inviteePhone) : inviteePhone);
    await invite.getByRole('combobox', { name: t(locale, 'invite.role') }).click();
    await ownerPage.getByRole('option', { name: new RegExp(roleName) }).click();
    await invite.getByRole('button', { name: t(locale, 'invite.send') }).click();
    await expect(invite.getByRole('status')).toBeVisible();
    await invite.getByRole('button', { name: t(locale, 'invite.close') }).click();
    await expect(invite).toBeHidden();
    const sent = ownerPage.getByRole('table', { name: t(locale, 'invitations.title') });
    // Its inviter sees the number as typed (masked for other readers), in the page's digits.
    const shownPhone = locale === 'fa' ? persian(inviteePhone) : inviteePhone;
    const sentRow = sent.getByRole('row', { name: new RegExp(shownPhone) });
    await expect(sentRow).toContainText(roleName);
    // Seven days from now, less the moments since sending: six whole days remain.
    // Sent just now for 7 days: counted as people count, 7 days remain.
    const sevenDays = text(locale, 'common', 'dates.remaining.days_other').replace(
      '{{count}}',
      locale === 'fa' ? persian('7') : '7',
    );
    await expect(sentRow).toContainText(sevenDays);

    // --- the invitee signs up with that phone, finds the invitation and accepts it on its screen
    const invitee = await registerAccount(request, { phone: inviteePhone });
    // Before accepting, the workspace is not theirs to select.
    const invitationsPage = await openAs(browser, base, invitee, null);
    await invitationsPage.goto(`/${locale}/workspace/invitations`);
    const workspaceName = locale === 'fa' ? 'شرکت آزمایشی' : 'Test company';
    await invitationsPage
      .getByRole('button', {
        name: text(locale, 'workspaces', 'invitations.acceptNamed').replace('{{name}}', workspaceName),
      })
      .click();
    await expect(
      invitationsPage.getByText(
        text(locale, 'workspaces', 'invitations.accepted').replace('{{name}}', workspaceName),
      ),
    ).toBeVisible();
    const joined = await (
      await request.get(`/v1/workspaces/members/identity/workspace-id/${workspaceId}/`, {
        headers: bearer(invitee),
      })
    ).json();
    expect(joined.data.total).toBe(2);
    await invitationsPage.context().close();

    // --- the owner's directory now shows the person confirmed
    await ownerPage.goto(`/${locale}/workspace/settings/users`);
    const directory = ownerPage.getByRole('table', { name: t(locale, 'users.title') });
    await expect(directory.getByRole('row')).toHaveCount(3);
    await ownerPage.context().close();

    // --- the invitee sees the members list and the roles list, and nothing to change
    const memberPage = await openAs(browser, base, invitee, workspaceId);
    await memberPage.goto(`/${locale}/workspace/settings/members`);
    const members = memberPage.getByRole('table', { name: t(locale, 'members.title') });
    await expect(members.getByRole('row')).toHaveCount(3);
    await expect(members.getByText(text(locale, ns, 'members.owner'), { exact: true })).toBeVisible();
    await expect(members.getByRole('row', { name: new RegExp(roleName) })).toBeVisible();
    await expect(memberPage.getByRole('button', { name: t(locale, 'invite.open') })).toBeDisabled();
    await expect(members.getByRole('button', { name: t(locale, 'members.leave') })).toBeVisible();
    await expect(
      members.getByRole('button', { name: new RegExp(t(locale, 'members.changeRole', { name: '' }).trim()) }),
    ).toHaveCount(0);
    await expect(
      members.getByRole('button', { name: new RegExp(t(locale, 'members.remove', { name: '' }).trim()) }),
    ).toHaveCount(0);

    await memberPage.goto(`/${locale}/workspace/settings/roles`);
    const memberRoles = memberPage.getByRole('table', { name: t(locale, 'roles.title') });
    await expect(memberRoles.getByRole('row', { name: new RegExp(roleName) })).toBeVisible();
    await expect(memberPage.getByRole('button', { name: t(locale, 'roles.new') })).toBeDisabled();
    await expect(memberRoles.getByRole('button')).toHaveCount(0);

    // The directory is not among the sections the role opens.
    await memberPage.goto(`/${locale}/workspace/settings/users`);
    await expect(memberPage.getByTestId('settings-denied')).toBeVisible();
    await expect(memberPage.getByRole('table', { name: t(locale, 'users.title') })).toHaveCount(0);
    await memberPage.context().close();

    // --- and the server refuses the rest (403 in the body, HTTP 400)
    const refused = async (response: Promise<import('@playwright/test').APIResponse>) => {
      const answer = await response;
      expect(answer.status()).toBe(400);
      expect((await answer.json()).statusCode).toBe(403);
    };
    const headers = bearer(invitee);
    await refused(
      request.post('/v1/workspaces/members/access/roles/', {
        headers,
        data: { workspaceId, name: 'Mine', superAccess: true, permissionIds: [] },
      }),
    );
    await refused(
      request.post('/v1/workspaces/members/identity/invitations/', {
        headers,
        data: { workspaceId, phone: phone() },
      }),
    );
    await refused(request.get(`/v1/workspaces/users/identity/workspace-id/${workspaceId}/`, { headers }));
  });
}

/** A workspace with a role, a pending phone invitation and a pending invitation to an account. */
async function settingsWorkspace(request: APIRequestContext) {
  const owner = await registerAccount(request);
  const workspaceId = await createWorkspace(request, owner, 'fa');
  const headers = bearer(owner);
  await request.post('/v1/workspaces/members/access/roles/', {
    headers,
    data: {
      workspaceId,
      name: 'پشتیبانی',
      superAccess: false,
      permissionIds: ['tenant_members_read', 'tenant_roles_read', 'tenant_members_invitations_send'],
    },
  });
  await request.post('/v1/workspaces/members/identity/invitations/', {
    headers,
    data: { workspaceId, phone: phone() },
  });
  const member = await registerAccount(request);
  await request.post('/v1/workspaces/members/identity/invitations/', {
    headers,
    data: { workspaceId, username: member.username },
  });
  return { owner, workspaceId };
}

test('the settings tables at desktop width, fa light and en dark', async ({ browser, request, baseURL }) => {
  test.setTimeout(240_000);
  const { owner, workspaceId } = await settingsWorkspace(request);
  for (const [locale, colorScheme] of [
    ['fa', 'light'],
    ['en', 'dark'],
  ] as const) {
    const page = await openAs(browser, baseURL ?? '', owner, workspaceId, { colorScheme });
    for (const section of ['members', 'roles', 'users'] as const) {
      await page.goto(`/${locale}/workspace/settings/${section}`);
      await expect(page.getByRole('table', { name: t(locale, `${section}.title`) })).toBeVisible();
      await page.screenshot({
        path: test.info().outputPath(`wide-${section}-${locale}-${colorScheme}.png`),
        fullPage: true,
      });
    }
    await page.context().close();
  }
});

// One test per language and colour mode, so each has its own time on a busy machine.
for (const locale of ['fa', 'en'] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the settings screens at phone width in ${locale}, ${colorScheme}, with no serious accessibility violations`, async ({
      browser,
      request,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const { owner, workspaceId } = await settingsWorkspace(request);
      const page = await openAs(browser, baseURL ?? '', owner, workspaceId, {
        colorScheme,
        viewport: { width: 390, height: 844 },
      });
      for (const section of ['members', 'roles', 'users'] as const) {
        await page.goto(`/${locale}/workspace/settings/${section}`);
        await expect(
          page.getByRole('heading', { level: 2, name: t(locale, `${section}.title`) }),
        ).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        // No sideways scrolling at phone width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await expectNoSeriousViolations(page);
        await page.screenshot({
          path: test.info().outputPath(`${section}-${locale}-${colorScheme}.png`),
          fullPage: true,
        });
      }
      await page.goto(`/${locale}/workspace/settings/roles`);
      await page.getByRole('button', { name: t(locale, 'roles.new') }).click();
      const dialog = page.getByRole('dialog', { name: t(locale, 'roles.createTitle') });
      await expect(dialog.getByRole('checkbox').first()).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: test.info().outputPath(`role-dialog-${locale}-${colorScheme}.png`) });
      await page.context().close();
    });
  }
}

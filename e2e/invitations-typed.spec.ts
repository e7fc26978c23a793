import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { bearer, logInContext, nationalCode, registerAccount } from './support';

// The invite dialog claims no delivery it cannot know about, and the sent list shows its inviter what
// they typed, with the role and the date (docs/security.md, "Invitations reveal nothing").

type Lang = 'fa' | 'en' | 'ar';
interface AdminTexts {
  actions: { cancel: string };
  invite: {
    open: string;
    title: string;
    send: string;
    switchToPhone: string;
    kinds: Record<'phone' | 'nationalCode' | 'username', string>;
    fields: Record<'phone' | 'nationalCode' | 'username', string>;
    recorded: Record<'phone' | 'nationalCode' | 'username', string>;
  };
  invitations: { title: string };
}
const admin = (locale: Lang) =>
  JSON.parse(
    readFileSync(`apps/web/public/assets/locales/${locale}/workspace-admin.json`, 'utf8'),
  ) as AdminTexts;
/** Digits as the page shows them: Persian in fa, Arabic-Indic in ar. */
const localDigits = (value: string, locale: Lang) =>
  locale === 'en'
    ? value
    : value.replace(/\d/g, (d) => String.fromCharCode((locale === 'fa' ? 0x06f0 : 0x0660) + Number(d)));
// The calendars and digits of apps/web/src/lib/dates.ts.
const intlLocale = { fa: 'fa-IR-u-ca-persian-nu-arabext', en: 'en-US', ar: 'ar-u-ca-gregory-nu-arab' };
const shots = process.env.SHOTS_DIR;

for (const locale of ['fa', 'en', 'ar'] as const)
  test(`in ${locale}: an invitation by username says what happens next; the list shows what was typed`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const texts = admin(locale);
    const { invite } = texts;
    const owner = await registerAccount(request);
    const created = await request.post('/v1/workspaces/', {
      headers: bearer(owner),
      data: { workspaceName: `inv-${Date.now().toString(36)}-${locale}`, name: 'Acme' },
    });
    const workspaceId = (await created.json()).data.id as string;
    const roleAnswer = await request.post('/v1/workspaces/members/access/roles/', {
      headers: bearer(owner),
      data: { workspaceId, name: 'Viewer', superAccess: false, permissionIds: ['tenant_profile_read'] },
    });
    const roleId = (await roleAnswer.json()).data.id as string;
    // Two invitations by national code: masked alone, they could not be told apart.
    const codes = [nationalCode(), nationalCode()];
    for (const [i, code] of codes.entries())
      await request.post('/v1/workspaces/members/identity/invitations/', {
        headers: bearer(owner),
        data: { workspaceId, nationalCode: code, roleId: i === 0 ? roleId : null },
      });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await logInContext(context, baseURL ?? '', owner);
    await context.addInitScript((id) => localStorage.setItem('workspace-id', id), workspaceId);
    const page = await context.newPage();
    await page.goto(`/${locale}/workspace/settings/members`);
    await page.getByRole('button', { name: invite.open, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: invite.title });
    await dialog.getByRole('button', { name: invite.kinds.username, exact: true }).click();
    await dialog.getByRole('textbox', { name: invite.fields.username }).fill('nobody_at_all_x');
    await dialog.getByRole('button', { name: invite.send }).click();
    const status = dialog.getByRole('status');
    const [before, after] = invite.recorded.username.split('{{value}}') as [string, string];
    await expect(status).toContainText(localDigits(before, locale));
    await expect(status).toContainText('@nobody_at_all_x');
    await expect(status).toContainText(localDigits(after, locale));
    if (shots) await page.screenshot({ path: `${shots}/after-sent-username-${locale}.png` });
    await status.getByRole('button', { name: invite.switchToPhone }).click();
    await expect(dialog.getByRole('button', { name: invite.kinds.phone, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(dialog.getByRole('status')).toHaveCount(0);
    await dialog.getByRole('button', { name: texts.actions.cancel }).click();
    await expect(dialog).toBeHidden();

    // The list: what was typed in full (its inviter typed it), its kind, the role and the date.
    const table = page.getByRole('table', { name: texts.invitations.title });
    for (const [i, code] of codes.entries()) {
      const row = table.getByRole('row', { name: new RegExp(localDigits(code, locale)) });
      await expect(row).toContainText(invite.kinds.nationalCode);
      if (i === 0) await expect(row).toContainText('Viewer');
      const sentOn = new Intl.DateTimeFormat(intlLocale[locale], { year: 'numeric' }).format(new Date());
      await expect(row).toContainText(sentOn);
    }
    await expect(table.getByRole('row', { name: /@nobody_at_all_x/ })).toContainText(invite.kinds.username);
    if (shots) {
      await table.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/after-invitations-list-${locale}.png`, fullPage: true });
    }
    await context.close();
  });

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type Locale, logInContext, registerAccount, text } from './support';

// Passkeys end to end in Chromium, with a virtual authenticator of the
// DevTools protocol standing in for the device's fingerprint or screen lock: add a passkey in the
// security settings, rename it, log out, log in with the password and then the passkey instead of the
// code, and delete it. WebAuthn wants a domain as its RP id (never an IP address), so these pages are
// opened at http://localhost, the default PUBLIC_URL's host (a secure context for browsers). Last, the
// section at phone width in dark mode: nothing overflows and an accessibility scan passes.

const port = Number(process.env.E2E_PORT ?? 4310);
test.use({ baseURL: `http://localhost:${port}` });

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

for (const locale of ['fa', 'en'] as Locale[]) {
  test(`add, rename and use a passkey at login, then delete it (${locale})`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    // Two logins, a registration and an accessibility scan: more than the default minute on a busy machine.
    test.setTimeout(240_000);
    const t = (ns: string, key: string) => text(locale, ns, key);
    const authenticator = await virtualAuthenticator(page);
    const account = await registerAccount(request, { firstName: 'Sara', lastName: 'Ahmadi' });
    await logInContext(context, baseURL ?? '', account);
    await page.goto(`/${locale}/profile/security`);

    const card = page.getByRole('region', { name: t('profile', 'passkeys.title') });
    await expect(card.getByText(t('profile', 'passkeys.empty'))).toBeVisible({ timeout: 30_000 });
    await card.getByRole('textbox', { name: t('profile', 'passkeys.nameLabel'), exact: true }).fill('Laptop');
    await card.getByRole('button', { name: t('profile', 'passkeys.add') }).click();
    const list = card.getByRole('list', { name: t('profile', 'passkeys.listLabel') });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText('Laptop');
    await expect(list.getByRole('listitem')).toContainText(t('profile', 'passkeys.neverUsed'));
    expect(await authenticator.credentials()).toHaveLength(1);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // Adding the same authenticator again is refused by the browser (the account's passkeys are excluded).
    await card.getByRole('textbox', { name: t('profile', 'passkeys.nameLabel'), exact: true }).fill('Again');
    await card.getByRole('button', { name: t('profile', 'passkeys.add') }).click();
    await expect(card.getByRole('alert')).toContainText(t('profile', 'passkeys.errors.alreadyRegistered'));
    await expect(list.getByRole('listitem')).toHaveCount(1);

    await list.getByRole('button', { name: new RegExp(t('profile', 'passkeys.rename')) }).click();
    const rename = page.getByRole('dialog', { name: t('profile', 'passkeys.renameTitle') });
    await rename
      .getByRole('textbox', { name: t('profile', 'passkeys.nameLabel'), exact: true })
      .fill('Work laptop');
    await rename.getByRole('button', { name: t('profile', 'actions.save') }).click();
    await expect(list.getByRole('listitem')).toContainText('Work laptop');

    await page.goto(`/${locale}/logout?from=menu`);
    await expect(page).toHaveURL(new RegExp(`/${locale}/login\\?from=menu$`));
    await page.locator('input[name="identifier"]').fill(account.username);
    await page.locator('input[name="password"]').fill(account.password);
    await page.getByRole('button', { name: t('auth', 'login.submit'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/login/verify$`));
    await page.getByRole('button', { name: t('auth', 'verify.usePasskey') }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}$`));
    // The authenticator signed once more: its counter went up.
    const [credential] = await authenticator.credentials();
    expect(credential?.signCount).toBeGreaterThan(0);

    await page.goto(`/${locale}/profile/security`);
    await expect(list.getByRole('listitem')).toContainText('Work laptop');
    await expect(list.getByRole('listitem')).not.toContainText(t('profile', 'passkeys.neverUsed'));
    await list.getByRole('button', { name: new RegExp(t('profile', 'passkeys.delete')) }).click();
    const confirm = page.getByRole('dialog', { name: t('profile', 'passkeys.deleteTitle') });
    await confirm.getByRole('button', { name: t('profile', 'passkeys.delete') }).click();
    await expect(card.getByText(t('profile', 'passkeys.empty'))).toBeVisible();
  });
}

test.describe('on a phone in dark mode', () => {
  test.use({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });

  test('the passkeys section fits and passes a scan with a passkey listed (fa)', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const t = (ns: string, key: string) => text('fa', ns, key);
    await virtualAuthenticator(page);
    const account = await registerAccount(request);
    await logInContext(context, baseURL ?? '', account);
    await page.goto('/fa/profile/security');
    const card = page.getByRole('region', { name: t('profile', 'passkeys.title') });
    await expect(card.getByText(t('profile', 'passkeys.empty'))).toBeVisible({ timeout: 30_000 });
    await card
      .getByRole('textbox', { name: t('profile', 'passkeys.nameLabel'), exact: true })
      .fill('لپ‌تاپ کار با نامی بلند برای آزمودن شکستن خط');
    await card.getByRole('button', { name: t('profile', 'passkeys.add') }).click();
    const list = card.getByRole('list', { name: t('profile', 'passkeys.listLabel') });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});

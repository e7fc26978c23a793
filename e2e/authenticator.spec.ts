import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { codeFor, logInContext, registerAccount, text } from './support';

// The authenticator app end to end: set it up in the security settings on a
// phone-sized screen in dark mode, reading the key the page shows and computing its codes as the app
// would, choose it for logins, log out, and log in with its code.

const appCode = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

test.use({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });

test('enrol an authenticator app, log out, log in with its code', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await registerAccount(request, { firstName: 'Sara', lastName: 'Ahmadi' });
  await logInContext(context, baseURL ?? '', account);
  await page.goto('/en/profile/security');

  const card = page.getByRole('region', { name: text('en', 'profile', 'twoFa.title') });
  await card.getByRole('button', { name: text('en', 'profile', 'authenticator.setUp') }).click();
  await expect(card.getByRole('img', { name: text('en', 'profile', 'authenticator.qrLabel') })).toBeVisible();
  const secret = (await card.getByTestId('authenticator-secret').textContent())?.replace(/\s/g, '') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // Nothing of the enrolment scrolls the page sideways at phone width, and it passes a scan.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await card.getByLabel(text('en', 'profile', 'code.label')).fill(await appCode(secret));
  await card.getByRole('button', { name: text('en', 'profile', 'code.verify') }).click();
  const codes = card.getByRole('list', { name: text('en', 'profile', 'authenticator.codesTitle') });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: text('en', 'profile', 'authenticator.download') }).click();
  expect((await download).suggestedFilename()).toBe('workspace-manager-recovery-codes.txt');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await card.getByRole('button', { name: text('en', 'profile', 'authenticator.done') }).click();

  await card.getByRole('radio', { name: text('en', 'profile', 'twoFa.google') }).check();
  await card.getByRole('button', { name: text('en', 'profile', 'actions.save') }).click();
  await expect(page.getByText(text('en', 'profile', 'twoFa.savedGoogle'))).toBeVisible();

  await page.goto('/en/logout?from=menu');
  await expect(page).toHaveURL(/\/en\/login\?from=menu$/);
  const textsBefore = await codeFor(request, account.phone);

  await page.locator('input[name="identifier"]').fill(account.username);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: text('en', 'auth', 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/en\/login\/verify\/google$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    text('en', 'auth', 'verify.googleHeading'),
  );
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  // The code of the next 30-s step: the one that confirmed the enrolment cannot be used again.
  await page.getByTestId('code-input').fill(await appCode(secret, 1));
  await page.getByRole('button', { name: text('en', 'auth', 'verify.submit') }).click();
  await expect(page).toHaveURL(/\/en$/);
  // No text was sent for this login.
  expect(await codeFor(request, account.phone)).toBe(textsBefore);
});

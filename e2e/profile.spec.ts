import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type APIResponse, expect, test } from '@playwright/test';
import { bearer, codeFor, logInContext, password, registerAccount } from './support';

// Personal settings end to end, written to api-contract.md sections 2, 3, 4 and 7: a user signs up
// through the API (codes from the dev outbox), then in the browser changes the name, changes the
// password with the SMS code, and finds the "password changed" notification.

const newPassword = 'Quiet-Meadow-5807';

/** The body statusCode of a call that answered. */
async function statusOf(response: APIResponse): Promise<number> {
  return ((await response.json()) as { statusCode: number }).statusCode;
}

const signUp = (request: APIRequestContext) =>
  registerAccount(request, { firstName: 'Sara', lastName: 'Ahmadi' });

test.describe('personal settings', () => {
  test('change the name, change the password with the SMS code, see the notification', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const user = await signUp(request);
    await logInContext(context, baseURL ?? '', user);

    // The profile: change the first name and save; it is still there after a reload.
    await page.goto('/en/profile');
    const firstName = page.getByLabel('First name');
    await expect(firstName).toHaveValue('Sara');
    await firstName.fill('Maryam');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Your profile was saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Maryam');
    const profile = await request.get('/v1/auth/profile/', { headers: bearer(user) });
    expect((await profile.json()).data.firstName).toBe('Maryam');

    // The password: send the SMS code, read it from the dev outbox, change the password.
    await page.goto('/en/profile/security');
    const card = page.getByRole('region', { name: 'Password' });
    const before = await codeFor(request, user.phone);
    await card.getByRole('button', { name: 'Send SMS code' }).click();
    await expect(card.getByRole('button', { name: /Send again in/ })).toBeDisabled();
    const code = await codeFor(request, user.phone, before);
    await card.getByLabel('Current password', { exact: true }).fill(password);
    await card.getByLabel('New password', { exact: true }).fill(newPassword);
    await card.getByLabel('Repeat the new password').fill(newPassword);
    await card.getByLabel('6-digit code').fill(code);
    await card.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password was changed.')).toBeVisible();

    // The new password works, the old one does not (both answer the contract's codes).
    const oldLogin = await request.post('/v1/auth/identity/login/national-code/', {
      data: { nationalCode: user.nationalCode, password },
    });
    expect(await statusOf(oldLogin)).toBe(620);
    const newLogin = await request.post('/v1/auth/identity/login/national-code/', {
      data: { nationalCode: user.nationalCode, password: newPassword },
    });
    expect(await statusOf(newLogin)).toBe(630);

    // The notification: the bell counts it and the list shows it.
    await page.goto('/en/profile');
    await expect(page.getByTestId('notification-bell')).toHaveAccessibleName(
      /[1-9]\d* unread notifications?/,
    );
    await page.getByTestId('notification-bell').click();
    await expect(page).toHaveURL(/\/en\/profile\/notifications$/);
    const list = page.getByRole('list', { name: 'Notifications' });
    const item = list
      .getByTestId('notification-item')
      .filter({ hasText: /password|رمز/i })
      .first();
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: 'Mark as read' }).click();
    await expect(item.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  });

  test('the profile screens are Persian, right-to-left and pass an accessibility scan in fa', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const user = await signUp(request);
    await logInContext(context, baseURL ?? '', user);
    await page.goto('/fa/profile');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByLabel('نام', { exact: true })).toHaveValue('Sara');
    await expect(page.getByRole('group', { name: 'تاریخ تولد' })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.goto('/fa/profile/security');
    await expect(page.getByRole('region', { name: 'رمز عبور' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'نشست‌ها' }).getByText('همین دستگاه')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test('the profile needs a logged-in user', async ({ page }) => {
    await page.goto('/en/profile');
    await expect(page).toHaveURL(/\/en\/login/);
  });
});

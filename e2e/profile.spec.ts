import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, expect, test } from '@playwright/test';

// Personal settings end to end, written to api-contract.md sections 2, 3, 4 and 7: a user signs up
// through the API (codes from the dev outbox), then in the browser changes the name, changes the
// password with the SMS code, and finds the "password changed" notification.

interface Envelope<T> {
  statusCode: number;
  statusMessage: string;
  data: T;
}

const password = 'Blue-Harbor-2931';
const newPassword = 'Quiet-Meadow-5807';

/** A valid national code (check digit by the contract's rule), random enough for parallel runs. */
function randomNationalCode(): string {
  for (;;) {
    const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
    if (new Set(digits).size === 1) continue;
    const sum = digits.reduce((total, digit, index) => total + digit * (10 - index), 0);
    const r = sum % 11;
    return `${digits.join('')}${r < 2 ? r : 11 - r}`;
  }
}

const randomPhone = () => `0912${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

async function body<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<Envelope<T>> {
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Envelope<T>;
}

/** The newest one-time code the dev outbox holds for `to`, newer than `after` when given. */
async function latestCode(request: APIRequestContext, to: string, after?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const { data } = await body<{ code: string | null; createdDate: string }[]>(
          await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`),
        );
        const newest = data.find((message) => message.code && (!after || message.createdDate > after));
        code = newest?.code ?? undefined;
        return code;
      },
      { message: `a code for ${to} in the dev outbox` },
    )
    .toMatch(/^\d{6}$/);
  return code as string;
}

async function signUp(request: APIRequestContext) {
  const phone = randomPhone();
  const nationalCode = randomNationalCode();
  const started = await body<{ signupToken: string }>(
    await request.post('/v1/auth/identity/signup/2fa/phone/', { data: { phone, nationalCode } }),
  );
  const code = await latestCode(request, phone);
  const verified = await body<{ signupToken: string }>(
    await request.post('/v1/auth/identity/signup/2fa/verify/', {
      data: { signupToken: started.data.signupToken, code },
    }),
  );
  const tokens = await body<{ accessToken: string; refreshToken: string; expiresIn: number }>(
    await request.post('/v1/auth/identity/signup/2fa/password/', {
      data: { signupToken: verified.data.signupToken, password, firstName: 'Sara', lastName: 'Ahmadi' },
    }),
  );
  return { phone, nationalCode, ...tokens.data };
}

/** Logs the browser in the way the app stores a session: both token cookies and the expiry. */
async function logInBrowser(
  context: BrowserContext,
  baseURL: string,
  tokens: { accessToken: string; refreshToken: string; expiresIn: number },
) {
  const url = new URL(baseURL);
  await context.addCookies([
    { name: 'accessToken', value: tokens.accessToken, domain: url.hostname, path: '/', sameSite: 'Lax' },
    { name: 'refreshToken', value: tokens.refreshToken, domain: url.hostname, path: '/', sameSite: 'Lax' },
  ]);
  const expiry = Date.now() + tokens.expiresIn * 1000;
  await context.addInitScript((value) => {
    if (!localStorage.getItem('access-expiry')) localStorage.setItem('access-expiry', String(value));
  }, expiry);
}

test.describe('personal settings', () => {
  test('change the name, change the password with the SMS code, see the notification', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const user = await signUp(request);
    await logInBrowser(context, baseURL ?? '', user);

    // The profile: change the first name and save; it is still there after a reload.
    await page.goto('/en/profile');
    const firstName = page.getByLabel('First name');
    await expect(firstName).toHaveValue('Sara');
    await firstName.fill('Maryam');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Your profile was saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('First name')).toHaveValue('Maryam');
    const profile = await body<{ firstName: string }>(
      await request.get('/v1/auth/profile/', { headers: { authorization: `Bearer ${user.accessToken}` } }),
    );
    expect(profile.data.firstName).toBe('Maryam');

    // The password: send the SMS code, read it from the dev outbox, change the password.
    await page.goto('/en/profile/security');
    const card = page.getByRole('region', { name: 'Password' });
    const before = new Date(Date.now() - 1000).toISOString();
    await card.getByRole('button', { name: 'Send SMS code' }).click();
    await expect(card.getByRole('button', { name: /Send again in/ })).toBeDisabled();
    const code = await latestCode(request, user.phone, before);
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
    expect(((await oldLogin.json()) as Envelope<unknown>).statusCode).toBe(620);
    const newLogin = await request.post('/v1/auth/identity/login/national-code/', {
      data: { nationalCode: user.nationalCode, password: newPassword },
    });
    expect(((await newLogin.json()) as Envelope<unknown>).statusCode).toBe(630);

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
    await logInBrowser(context, baseURL ?? '', user);
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

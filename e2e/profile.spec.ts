import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { type Account, bearer, codeFor, logInContext, password, registerAccount, text } from './support';

// Personal settings end to end, through the API and the screens: a user signs up
// through the API (codes from the dev outbox), then in the browser changes the name, the picture, the
// language and the colour mode, the password with the SMS code and the two-factor method; ends another
// session; and finds the notifications of what happened. Each test has its own people.

const newPassword = 'Quiet-Meadow-5807';

/** The body statusCode of a call that answered. */
async function statusOf(response: APIResponse): Promise<number> {
  return ((await response.json()) as { statusCode: number }).statusCode;
}

/** Each test's own person, Sara Ahmadi: signed up through the API and logged in in the test's browser context. */
const test = base.extend<{ user: Account }>({
  user: async ({ request, context, baseURL }, use) => {
    const user = await registerAccount(request, { firstName: 'Sara', lastName: 'Ahmadi' });
    await logInContext(context, baseURL ?? '', user);
    await use(user);
  },
});

/** A second session of the account, logged in through the API (password, SMS code). */
async function secondSession(request: APIRequestContext, account: Account): Promise<Account> {
  const before = await codeFor(request, account.phone);
  const step = await request.post('/v1/auth/identity/login/national-code/', {
    data: { nationalCode: account.nationalCode, password: account.password },
  });
  const { accessToken } = (await step.json()).data as { accessToken: string };
  const verified = await request.post('/v1/auth/identity/login/2fa/verify/', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { code: await codeFor(request, account.phone, before) },
  });
  const answer = await verified.json();
  expect(answer.statusCode).toBe(200);
  return { ...account, tokens: answer.data };
}

/** Another browser (its own cookies and storage), logged in as `account`. */
async function otherBrowser(browser: Browser, baseURL: string, account: Account): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await logInContext(context, baseURL, account);
  return context;
}

/** Logs `account` in through the login screen of `page` (username, password, the texted code). */
async function logInThroughScreen(page: Page, request: APIRequestContext, account: Account): Promise<void> {
  const before = await codeFor(request, account.phone);
  await page.goto('/en/login');
  await page.locator('input[name="identifier"]').fill(account.username);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: text('en', 'auth', 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/en\/login\/verify$/);
  await page.getByTestId('code-input').fill(await codeFor(request, account.phone, before));
  await page.getByRole('button', { name: text('en', 'auth', 'verify.submit') }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A small PNG drawn by the browser itself: a 64×48 picture, red on the left and blue on the right. */
async function pngOf(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#d32f2f';
    context.fillRect(0, 0, 32, 48);
    context.fillStyle = '#1976d2';
    context.fillRect(32, 0, 32, 48);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

test.describe('personal settings', () => {
  test('change the name, change the password with the SMS code, see the notification', async ({
    user,
    page,
    request,
  }) => {
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
    // Unread, but asked for: the screens need a logged-in person.
    user: _loggedIn,
    page,
  }) => {
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

  test('change the picture: the uploaded image is shown, and again after a reload', async ({
    user,
    page,
    request,
  }) => {
    await page.goto('/en/profile');
    const avatar = page.getByTestId('profile-image');
    await expect(avatar).toHaveText('S');
    await expect(avatar.locator('img')).toHaveCount(0);

    await page.getByTestId('profile-image-input').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await pngOf(page),
    });
    // Framed in a square first: moved fully to the left with the keyboard, so the right of it is kept.
    const dialog = page.getByRole('dialog', { name: 'Frame your picture' });
    const area = dialog.getByRole('group', { name: /Picture framing/ });
    await area.focus();
    for (let i = 0; i < 6; i++) await area.press('ArrowLeft');
    await dialog.getByRole('button', { name: 'Use this picture' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Picture uploaded. Save to keep it.')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Your profile was saved.')).toBeVisible();

    await page.reload();
    const image = page.getByTestId('profile-image').locator('img');
    await expect(image).toHaveAttribute('src', /\/v1\/assets\/images\/[\w-]+$/);
    await expect(image).toHaveAttribute('alt', 'Profile picture of Sara Ahmadi');
    // The picture itself arrived, square: the right-most 48×48 of the 64×48 picture (16 red columns,
    // then 32 blue ones), re-encoded by the server.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => `${img.naturalWidth}×${img.naturalHeight}`))
      .toBe('48×48');
    const colourAt = (x: number) =>
      image.evaluate((img: HTMLImageElement, column: number) => {
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const context = canvas.getContext('2d');
        context?.drawImage(img, 0, 0);
        const [r = 0, , b = 0] = context?.getImageData(column, 24, 1, 1).data ?? [];
        return r > b ? 'red' : 'blue';
      }, x);
    // Centred (not moved), the blue would only start at column 24.
    expect(await colourAt(10)).toBe('red');
    expect(await colourAt(20)).toBe('blue');
    const profile = await (await request.get('/v1/auth/profile/', { headers: bearer(user) })).json();
    expect(await image.getAttribute('src')).toBe(profile.data.image.url);
  });

  test('choose English in the profile: the page becomes left-to-right English and stays so', async ({
    user,
    page,
    request,
  }) => {
    await page.goto('/fa/profile');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('combobox', { name: text('fa', 'profile', 'preferences.language') }).click();
    await page.getByRole('option', { name: text('fa', 'profile', 'languages.english') }).click();
    await page.getByRole('button', { name: text('fa', 'profile', 'actions.save'), exact: true }).click();

    await expect(page).toHaveURL(/\/en\/profile$/);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(page.getByLabel('First name')).toHaveValue('Sara');
    const profile = await (await request.get('/v1/auth/profile/', { headers: bearer(user) })).json();
    expect(profile.data.language.key).toBe('english');

    await page.reload();
    await expect(page).toHaveURL(/\/en\/profile$/);
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { name: 'Preferences' })).toBeVisible();
    // An address without a language opens in the chosen one too.
    await page.goto('/profile/security');
    await expect(page).toHaveURL(/\/en\/profile\/security$/);
    await expect(page.getByRole('region', { name: 'Password' })).toBeVisible();
  });

  test('choose dark mode in the profile: it applies at once, after a reload and at the next login', async ({
    user,
    page,
    request,
    browser,
    baseURL,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/en/profile');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mode', 'light');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lightBackground = await background();

    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Your profile was saved.')).toBeVisible();
    await expect(html).toHaveAttribute('data-mode', 'dark');
    await expect.poll(background).not.toBe(lightBackground);
    const profile = await (await request.get('/v1/auth/profile/', { headers: bearer(user) })).json();
    expect(profile.data.mode).toBe('dark');

    await page.reload();
    await expect(html).toHaveAttribute('data-mode', 'dark');
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect.poll(background).not.toBe(lightBackground);

    // It is the person's choice, not the device's: a login on another (light) browser turns it dark.
    const other = await browser.newContext({ baseURL, colorScheme: 'light' });
    try {
      const otherPage = await other.newPage();
      await logInThroughScreen(otherPage, request, user);
      await expect(otherPage.locator('html')).toHaveAttribute('data-mode', 'dark');
    } finally {
      await other.close();
    }
  });

  test('end another session: that browser is logged out at its next navigation', async ({
    user,
    page,
    request,
    browser,
    baseURL,
  }) => {
    const other = await otherBrowser(browser, baseURL ?? '', await secondSession(request, user));
    try {
      const otherPage = await other.newPage();
      await otherPage.goto('/en/profile');
      await expect(otherPage.getByLabel('First name')).toHaveValue('Sara');

      await page.goto('/en/profile/security');
      const sessions = page.getByRole('list', { name: 'Sessions' });
      await expect(sessions.getByRole('listitem')).toHaveCount(2);
      await sessions.getByRole('button', { name: /^End the session on / }).click();
      const dialog = page.getByRole('dialog', { name: 'End this session?' });
      await dialog.getByRole('button', { name: 'End session' }).click();
      await expect(page.getByText('The session was ended.')).toBeVisible();
      await expect(sessions.getByRole('listitem')).toHaveCount(1);
      await expect(sessions.getByText('This device')).toBeVisible();

      await otherPage.goto('/en/profile/security');
      // A poll of the open page may have logged it out first; then the login offers the way back.
      await expect(otherPage).toHaveURL(/\/en\/login(\?returnTo=%2Fen%2Fprofile%2Fsecurity)?$/);
      expect((await other.cookies()).find((c) => c.name === 'refreshToken')).toBeUndefined();
      // This browser is still logged in.
      await page.reload();
      await expect(page.getByRole('region', { name: 'Sessions' })).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test('a login from another browser appears as a notification', async ({
    user,
    page,
    request,
    browser,
    baseURL,
  }) => {
    await page.goto('/en/profile');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName('Notifications, none unread');

    // The other browser logs in through the login screen, with the texted code.
    const other = await browser.newContext({ baseURL });
    try {
      await logInThroughScreen(await other.newPage(), request, user);
    } finally {
      await other.close();
    }

    // The bell is refreshed on the next route change.
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(bell).toHaveAccessibleName('1 unread notification');
    await bell.click();
    const item = page
      .getByRole('list', { name: 'Notifications' })
      .getByTestId('notification-item')
      .filter({ hasText: 'New login to your account' });
    await expect(item).toBeVisible();
    await expect(item).toContainText('If this was not you, change your password.');
  });

  test('choose e-mail for login codes; the next login sends its code there', async ({
    user,
    page,
    request,
  }) => {
    const email = `${user.username}@example.com`;
    await request.post('/v1/auth/identity/security/email/', { headers: bearer(user), data: { email } });
    const verified = await request.post('/v1/auth/identity/security/email/verify/', {
      headers: bearer(user),
      data: { code: await codeFor(request, email) },
    });
    expect(await statusOf(verified)).toBe(200);

    await page.goto('/en/profile/security');
    const card = page.getByRole('region', { name: 'Two-factor verification' });
    await expect(card.getByRole('radio', { name: /SMS/ })).toBeChecked();
    await card.getByRole('radio', { name: /E-mail/ }).check();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Login codes will now go to your e-mail address.')).toBeVisible();
    await page.reload();
    await expect(card.getByRole('radio', { name: /E-mail/ })).toBeChecked();

    const lastMail = await codeFor(request, email);
    const step = await request.post('/v1/auth/identity/login/username/', {
      data: { username: user.username, password: user.password },
    });
    const answer = await step.json();
    expect(answer.statusCode).toBe(630);
    expect(answer.data.method).toBe('email');
    expect(await codeFor(request, email, lastMail)).toMatch(/^\d{6}$/);
  });

  test('the profile needs a logged-in user', async ({ page }) => {
    await page.goto('/en/profile');
    await expect(page).toHaveURL(/\/en\/login/);
  });
});

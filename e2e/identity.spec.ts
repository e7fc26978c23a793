import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  bearer,
  codeFor,
  cookie,
  input,
  loginFirstStep,
  nationalCode,
  password,
  persian,
  phone,
  registerAccount,
  text,
} from './support';

// The identity screens end to end, against the built app and API: sign-up (fa and en) with the code
// read from the development outbox, login with the SMS code and with the e-mail code, a wrong code,
// logout, password recovery, and an accessibility scan of the login, sign-up and verify pages in both colour modes.

test.describe('sign-up', () => {
  for (const locale of ['fa', 'en'] as const) {
    test(`in ${locale}: phone, the texted code, password, then logged in at the root`, async ({
      page,
      context,
      request,
    }) => {
      const account = { phone: phone(), nationalCode: nationalCode() };
      await page.goto(`/${locale}/signup`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(locale, 'auth', 'signup.heading'),
      );

      // Validation in the page's language before anything is sent.
      await page.getByRole('button', { name: text(locale, 'auth', 'signup.sendCode') }).click();
      await expect(
        page.getByText(locale === 'fa' ? 'این مقدار الزامی است' : 'Required').first(),
      ).toBeVisible();

      // The phone typed with Persian digits is taken as the same number.
      await input(page, 'phone').fill(persian(account.phone));
      await input(page, 'nationalCode').fill(account.nationalCode);
      await expect(input(page, 'nationalCode')).toHaveValue(
        locale === 'fa' ? persian(account.nationalCode) : account.nationalCode,
      );
      await page.getByRole('button', { name: text(locale, 'auth', 'signup.sendCode') }).click();

      await expect(page.getByTestId('code-form')).toBeVisible();
      await expect(page.getByTestId('resend-button')).toBeDisabled();
      await expect(page.getByTestId('resend-countdown')).toContainText(locale === 'fa' ? '۰۱:' : '01:');
      const code = await codeFor(request, account.phone);
      await page.getByTestId('code-input').fill(code);
      await page.getByRole('button', { name: text(locale, 'auth', 'verify.submit') }).click();

      await expect(page.getByTestId('signup-password-form')).toBeVisible();
      await input(page, 'password').fill(password);
      await input(page, 'confirmPassword').fill(`${password}!`);
      await page.getByRole('button', { name: text(locale, 'auth', 'signup.finish') }).click();
      await expect(page.getByText(text(locale, 'auth', 'validation.passwordsMismatch'))).toBeVisible();
      await input(page, 'confirmPassword').fill(password);
      await input(page, 'username').fill(`user${Date.now().toString(36)}${locale}`);
      await page.getByRole('button', { name: text(locale, 'auth', 'signup.finish') }).click();

      await expect(page).toHaveURL(new RegExp(`/${locale}$`));
      expect(await cookie(context, 'accessToken')).toBeTruthy();
      expect(await cookie(context, 'refreshToken')).toBeTruthy();
      // Logged in: the login page now sends the user on to the root.
      await page.goto(`/${locale}/login`);
      await expect(page).toHaveURL(new RegExp(`/${locale}$`));
    });
  }

  test('an already registered phone is told apart at the form, with no toast besides', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    await page.goto('/en/signup');
    await input(page, 'phone').fill(account.phone);
    await input(page, 'nationalCode').fill(nationalCode());
    await page.getByRole('button', { name: text('en', 'auth', 'signup.sendCode') }).click();
    await expect(page.getByText(text('en', 'auth', 'signup.alreadyRegistered'))).toBeVisible();
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  });
});

test.describe('login', () => {
  test('by national code (typed in Persian digits) and the SMS code, then logout', async ({
    page,
    context,
    request,
  }) => {
    const account = await registerAccount(request);
    const before = await codeFor(request, account.phone);
    await loginFirstStep(page, 'fa', account, persian(account.nationalCode));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fa', 'auth', 'verify.smsHeading'));
    await expect(
      page.getByText(persian(`${account.phone.slice(0, 4)}***${account.phone.slice(-4)}`)),
    ).toBeVisible();

    const code = await codeFor(request, account.phone, before);
    await page.getByTestId('code-input').fill(persian(code));
    await expect(page.getByTestId('code-input')).toHaveValue(persian(code));
    await page.getByRole('button', { name: text('fa', 'auth', 'verify.submit') }).click();
    await expect(page).toHaveURL(/\/fa$/);
    const refreshToken = await cookie(context, 'refreshToken');
    expect(refreshToken).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('access-expiry'))).toMatch(/^\d+$/);

    // Logout ends the session on the server, clears local state and keeps the query string.
    await page.goto('/fa/logout?from=menu');
    await expect(page).toHaveURL(/\/fa\/login\?from=menu$/);
    expect(await cookie(context, 'accessToken')).toBeUndefined();
    expect(await cookie(context, 'refreshToken')).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    const renew = await request.post('/v1/auth/identity/security/tokens/renew/', { data: { refreshToken } });
    expect((await renew.json()).statusCode).not.toBe(200);
    await page.goto('/fa');
    await expect(page).toHaveURL(/\/fa\/login$/);
  });

  test('by username, in any case; a malformed identifier is refused before sending', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    await page.goto('/en/login');
    await input(page, 'identifier').fill('1bad name');
    await input(page, 'password').fill('x');
    await page.getByRole('button', { name: text('en', 'auth', 'login.submit'), exact: true }).click();
    await expect(page.getByText(text('en', 'auth', 'validation.identifier'))).toBeVisible();
    await loginFirstStep(page, 'en', account, account.username.toUpperCase());
    const code = await codeFor(request, account.phone);
    await page.getByTestId('code-input').fill(code);
    await page.getByRole('button', { name: text('en', 'auth', 'verify.submit') }).click();
    await expect(page).toHaveURL(/\/en$/);
  });

  test('by username with the e-mail code, once the account has a verified e-mail (fa)', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request);
    const email = `${account.username}@example.com`;
    const added = await request.post('/v1/auth/identity/security/email/', {
      headers: bearer(account),
      data: { email },
    });
    expect((await added.json()).statusCode).toBe(200);
    const verified = await request.post('/v1/auth/identity/security/email/verify/', {
      headers: bearer(account),
      data: { code: await codeFor(request, email) },
    });
    expect((await verified.json()).statusCode).toBe(200);
    const emailCodeBefore = await codeFor(request, email);

    await loginFirstStep(page, 'fa', account, account.username);
    await page.getByRole('button', { name: text('fa', 'auth', 'verify.useEmail') }).click();
    await expect(page).toHaveURL(/\/fa\/login\/verify\/email$/);
    await expect(
      page.getByRole('heading', { name: text('fa', 'auth', 'verify.emailHeading') }),
    ).toBeVisible();
    const code = await codeFor(request, email, emailCodeBefore);
    // Typed with Persian digits, as a Persian keyboard gives them.
    await page.getByTestId('code-input').fill(persian(code));
    await page.getByRole('button', { name: text('fa', 'auth', 'verify.submit') }).click();
    await expect(page).toHaveURL(/\/fa$/);
  });

  test('a login from a new browser mails an alert, in the account’s language, whose link ends that session', async ({
    page,
    browser,
    request,
  }) => {
    const account = await registerAccount(request);
    const email = `${account.username}@example.com`;
    await request.post('/v1/auth/identity/security/email/', { headers: bearer(account), data: { email } });
    const verified = await request.post('/v1/auth/identity/security/email/verify/', {
      headers: bearer(account),
      data: { code: await codeFor(request, email) },
    });
    expect((await verified.json()).statusCode).toBe(200);

    // This browser is new to the account (it signed up through the API client).
    await loginFirstStep(page, 'en', account);
    await page.getByTestId('code-input').fill(await codeFor(request, account.phone));
    await page.getByRole('button', { name: text('en', 'auth', 'verify.submit') }).click();
    await expect(page).toHaveURL(/\/en$/);
    let link = '';
    await expect
      .poll(async () => {
        const messages = (await (await request.get(`/dev/outbox?to=${encodeURIComponent(email)}`)).json())
          .data as { code: string | null; text: string }[];
        link = messages.find((message) => !message.code)?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
        return link;
      })
      // The account speaks Persian (the default), whatever the browser's page was in.
      .toContain('/fa/security/end-session?token=');

    // Whoever reads the mail opens the link elsewhere and ends that session.
    const elsewhere = await browser.newContext();
    const mailReader = await elsewhere.newPage();
    await mailReader.goto(new URL(link).pathname + new URL(link).search);
    // The device in the page's language: product names as they are, the joining word Persian.
    await expect(mailReader.getByText(/Chrome.* روی Linux/)).toBeVisible();
    await mailReader.getByRole('button', { name: text('fa', 'auth', 'endSession.confirm') }).click();
    await expect(mailReader.getByText(text('fa', 'auth', 'endSession.ended'))).toBeVisible();
    await elsewhere.close();

    // The browser that logged in is out at its next call.
    await page.goto('/en/profile');
    await expect(page).toHaveURL(/\/en\/login/);
  });

  for (const locale of ['fa', 'en'] as const) {
    test(`a wrong code says to check the SMS, under the field (620), in ${locale}`, async ({
      page,
      request,
    }) => {
      const account = await registerAccount(request);
      await loginFirstStep(page, locale, account);
      const code = await codeFor(request, account.phone);
      const wrong = code === '000000' ? '111111' : '000000';
      await page.getByTestId('code-input').fill(wrong);
      await page.getByRole('button', { name: text(locale, 'auth', 'verify.submit') }).click();
      const message = text(locale, 'errors', 'refused.smsCode');
      await expect(page.getByTestId('code-form').getByText(message)).toBeVisible();
      // Said once, at the field: no toast repeats it.
      await expect(page.locator('.Toastify__toast').filter({ hasText: message })).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/${locale}/login/verify$`));
    });
  }

  for (const locale of ['fa', 'en', 'ar'] as const) {
    test(`a wrong password is said under the field in ${locale}, and stays typed`, async ({
      page,
      request,
    }) => {
      const account = await registerAccount(request);
      await page.goto(`/${locale}/login`);
      await input(page, 'identifier').fill(account.nationalCode);
      await input(page, 'password').fill('not-the-password');
      await page.getByRole('button', { name: text(locale, 'auth', 'login.submit'), exact: true }).click();
      await expect(
        page.getByTestId('login-form').getByText(text(locale, 'errors', 'refused.login')),
      ).toBeVisible();
      await expect(input(page, 'password')).toHaveValue('not-the-password');
      await expect(page.locator('.Toastify__toast')).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/${locale}/login$`));
    });
  }
});

test('password recovery: national code, the texted code, a new password, then login with it', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  const signupCode = await codeFor(request, account.phone);
  await page.goto('/en/login');
  await page.getByRole('link', { name: text('en', 'auth', 'login.forgotPassword') }).click();
  await expect(page).toHaveURL(/\/en\/login\/forgot-password$/);
  await input(page, 'nationalCode').fill(account.nationalCode);
  await page.getByRole('button', { name: text('en', 'auth', 'recovery.sendCode') }).click();
  await expect(page).toHaveURL(/\/en\/login\/forgot-password\/verify$/);
  const code = await codeFor(request, account.phone, signupCode);
  await page.getByTestId('code-input').fill(code);
  await page.getByRole('button', { name: text('en', 'auth', 'verify.submit') }).click();
  await expect(page).toHaveURL(/\/en\/login\/forgot-password\/change$/);
  // The meter (its dictionaries loaded on focus) judges as the server does...
  await input(page, 'password').fill('aaaaaaaa');
  await expect(page.getByTestId('password-strength')).toContainText('Strength: very weak.');
  // ...and the server, which knows the account behind the token, also refuses its own phone.
  await input(page, 'password').fill(account.phone);
  await input(page, 'confirmPassword').fill(account.phone);
  await page.getByRole('button', { name: text('en', 'auth', 'recovery.submit') }).click();
  await expect(
    page.getByText(
      'This password is too easy to guess. Do not use your own details (mobile, national code, username or name).',
    ),
  ).toBeVisible();
  const newPassword = 'Quiet-Meadow-Compass-77';
  await input(page, 'password').fill(newPassword);
  await input(page, 'confirmPassword').fill(newPassword);
  await page.getByRole('button', { name: text('en', 'auth', 'recovery.submit') }).click();
  await expect(page).toHaveURL(/\/en\/login$/);
  await expect(page.getByText(text('en', 'auth', 'recovery.changed'))).toBeVisible();
  await loginFirstStep(page, 'en', { ...account, password: newPassword });
});

test("password recovery by a text's link, on a browser that never signed in", async ({ page, request }) => {
  const account = await registerAccount(request);
  // Whoever starts the recovery (here, the API directly), the text reaches the owner's phone with a link.
  const started = await request.post('/v1/auth/identity/forget/password/national-code', {
    data: { nationalCode: account.nationalCode },
  });
  expect(started.ok()).toBe(true);
  let link = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/outbox?to=${encodeURIComponent(account.phone)}`);
      const messages = (await response.json()).data as { text: string }[];
      link = /\S+\/login\/forgot-password\/link#[\w-]{43}/.exec(messages[0]?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const { pathname, hash } = new URL(link);
  expect(pathname).toBe('/fa/login/forgot-password/link');
  await page.goto(`${pathname}${hash}`);
  const open = page.getByRole('button', { name: text('fa', 'auth', 'recovery.linkContinue') });
  await expect(open).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.screenshot({ path: 'test-results/recovery-link-fa.png', fullPage: true });
  await open.click();
  await expect(page).toHaveURL(/\/fa\/login\/forgot-password\/change$/);
  const newPassword = 'Quiet-Meadow-Compass-78';
  await input(page, 'password').fill(newPassword);
  await input(page, 'confirmPassword').fill(newPassword);
  await page.getByRole('button', { name: text('fa', 'auth', 'recovery.submit') }).click();
  await expect(page).toHaveURL(/\/fa\/login$/);
  await loginFirstStep(page, 'fa', { ...account, password: newPassword });

  // Used once: opened again, the page says so and offers to start over.
  await page.goto(`/ar/login/forgot-password/link${hash}`);
  await page.getByRole('button', { name: text('ar', 'auth', 'recovery.linkContinue') }).click();
  await expect(page.getByText(text('ar', 'auth', 'recovery.linkRefused'))).toBeVisible();
  await expect(page.getByRole('link', { name: text('ar', 'auth', 'recovery.linkStartOver') })).toBeVisible();
  await page.screenshot({ path: 'test-results/recovery-link-refused-ar.png', fullPage: true });
});

test.describe('accessibility of the identity pages', () => {
  for (const locale of ['fa', 'en'] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`${locale} in ${colorScheme} mode: login, sign-up and verify have no serious violations`, async ({
        browser,
        request,
      }) => {
        const account = await registerAccount(request);
        const context = await browser.newContext({ colorScheme });
        const page = await context.newPage();
        const scan = async () => {
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          const results = await new AxeBuilder({ page }).analyze();
          const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          expect(
            serious.map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
          ).toEqual([]);
        };
        await page.goto(`/${locale}/signup`);
        await scan();
        await loginFirstStep(page, locale, account);
        await scan();
        if (colorScheme === 'light') {
          await page.screenshot({ path: `test-results/identity-${locale}-verify.png`, fullPage: true });
          await page.goto(`/${locale}/login`);
          await expect(page.getByTestId('login-form')).toBeVisible();
          await page.screenshot({ path: `test-results/identity-${locale}-login.png`, fullPage: true });
        } else {
          await page.goto(`/${locale}/login`);
        }
        await scan();
        await page.goto(`/${locale}/login/forgot-password`);
        await scan();
        await context.close();
      });
    }
  }
});

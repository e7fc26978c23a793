import { expect, type Request, test } from '@playwright/test';
import { codeFor, cookie, loginFirstStep, registerAccount, text } from './support';

// The identity screens end to end, against the built app and API: sign-up (fa and en) with the code
// read from the development outbox, login with the SMS code and with the e-mail code, a wrong code,
// logout, password recovery, and an accessibility scan of the login, sign-up and verify pages in both colour modes.

test.describe('session renewal', () => {
  test('an access token close to its expiry is renewed before the next call', async ({
    page,
    context,
    request,
  }) => {
    const account = await registerAccount(request);
    const before = await codeFor(request, account.phone);
    await loginFirstStep(page, 'en', account);
    await page.getByTestId('code-input').fill(await codeFor(request, account.phone, before));
    const isListCall = (r: Request) =>
      r.method() === 'GET' && new URL(r.url()).pathname === '/v1/workspaces/';
    const firstList = page.waitForResponse((r) => isListCall(r.request()));
    await page.getByRole('button', { name: text('en', 'auth', 'verify.submit') }).click();
    await expect(page).toHaveURL(/\/en$/);
    await firstList;
    // The login's landing reads the list too: the picker's own read is done once it draws its answer,
    // and the page has nothing left to load.
    await expect(page.getByTestId('workspaces-empty')).toBeVisible();
    const oldAccess = await cookie(context, 'accessToken');
    const oldRefresh = await cookie(context, 'refreshToken');
    // Two access tokens of one session minted in the same second are the same bytes (`iat` counts
    // seconds): let that second pass, so the renewed token can be told from this one.
    const issuedAt = (
      JSON.parse(Buffer.from(String(oldAccess).split('.')[1] ?? '', 'base64url').toString()) as {
        iat: number;
      }
    ).iat;
    await expect.poll(() => Date.now() >= (issuedAt + 1) * 1000).toBe(true);
    // The expiry is brought near only in the reloaded page: set in the live page, a call it makes on its
    // own (a poll, a lazily loaded screen) would renew there, and the reload could cut that renewal off
    // after the server rotated the refresh token.
    await page.addInitScript(() => localStorage.setItem('access-expiry', String(Date.now() + 30_000)));

    // The workspace list the picker reads is a call with the access token: the renewal must come first,
    // and the call use its token. (Logging out is not used here: it gives up on the server after 5 s,
    // which a busy machine can reach.) The renewal's body is read while the page waits for it.
    type Tokens = { accessToken: string; refreshToken: string };
    let renewedTo!: (tokens: Tokens) => void;
    const renewal = new Promise<Tokens>((resolve) => {
      renewedTo = resolve;
    });
    await page.route(
      (url) => url.pathname.includes('/security/tokens/renew'),
      async (route) => {
        const response = await route.fetch();
        renewedTo(((await response.json()) as { data: Tokens }).data);
        await route.fulfill({ response });
      },
    );
    const listCall = page.waitForRequest(isListCall);
    await page.reload();
    const renewed = await renewal;
    expect(renewed.accessToken).not.toBe(oldAccess);
    expect(renewed.refreshToken).not.toBe(oldRefresh);
    expect((await listCall).headers().authorization).toBe(`Bearer ${renewed.accessToken}`);
    await expect(page).toHaveURL(/\/en$/);
  });

  test('the refresh token is out of scripts’ reach, and a reload renews by its cookie', async ({
    page,
    context,
    request,
  }) => {
    const account = await registerAccount(request);
    const before = await codeFor(request, account.phone);
    await loginFirstStep(page, 'en', account);
    await page.getByTestId('code-input').fill(await codeFor(request, account.phone, before));
    await page.getByRole('button', { name: text('en', 'auth', 'verify.submit') }).click();
    await expect(page).toHaveURL(/\/en$/);
    const stored = (await context.cookies()).find((c) => c.name === 'refreshToken');
    expect(stored).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/v1/auth/identity/security/tokens/renew',
    });
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).not.toContain('refreshToken');
    expect(visible).not.toContain(String(stored?.value));
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(
      String(stored?.value),
    );

    // A reload with the access token about to expire renews first, by the cookie alone, and stays in.
    await page.addInitScript(() => localStorage.setItem('access-expiry', String(Date.now() + 30_000)));
    const renewal = page.waitForRequest((r) => r.url().includes('/security/tokens/renew'));
    await page.reload();
    const renewRequest = await renewal;
    expect(renewRequest.postDataJSON()).toEqual({});
    expect(renewRequest.headers()['x-csrf-token']).toBeTruthy();
    expect((await renewRequest.response())?.status()).toBe(200);
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByTestId('workspaces-empty')).toBeVisible();
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'refreshToken')?.value)
      .not.toBe(stored?.value);
  });
});

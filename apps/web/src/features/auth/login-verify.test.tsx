import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { identityPaths } from '@wsm/contracts';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getAccessExpiry,
  getSavedMode,
  getStoredUser,
  localKeys,
  modeSavedEvent,
  resendRemainingMs,
  sessionKeys,
} from '../../lib/storage';
import { saveLoginChallenge, startCountdown } from './flow-state';
import { envelope, fakeServer, renderAt, resetBrowser, toasts } from './test-utils';

// A JWT-shaped token whose payload says sub "user-1".
const accessToken = `x.${btoa(JSON.stringify({ sub: 'user-1' }))}.y`;
const tokens = envelope(200, { accessToken, refreshToken: 'refresh-token-1234567890', expiresIn: 900 });

function challenge(email = true, method: 'sms' | 'email' | 'google' = 'sms', google = false) {
  saveLoginChallenge({
    method,
    accessToken: 'challenge-token-123456',
    twoFaMethods: {
      sms: '0912***4567',
      ...(email ? { email: 'a***@example.com' } : {}),
      ...(google ? { google: true as const } : {}),
    },
    resendAfter: method === 'google' ? 0 : 120,
  });
}

beforeEach(resetBrowser);
afterEach(resetBrowser);

const location = () => screen.getByTestId('location').textContent;
const codeInput = () => screen.getByTestId('code-input') as HTMLInputElement;

/** Types `code` into the code field and presses Verify, named in the page's language. */
const verifyLabel = { fa: 'تأیید', en: 'Verify', ar: 'تحقّق' } as const;

async function verify(code: string, locale: 'fa' | 'en' | 'ar' = 'en') {
  await userEvent.type(codeInput(), code);
  await userEvent.click(screen.getByRole('button', { name: verifyLabel[locale] }));
}

describe('the login code step', () => {
  it('sends a visitor without a challenge back to login', async () => {
    await renderAt('/fa/login/verify');
    await waitFor(() => expect(location()).toBe('/fa/login'));
  });

  it('shows where the code went, and the resend countdown', async () => {
    challenge();
    await renderAt('/en/login/verify');
    expect(await screen.findByText('0912***4567')).toBeInTheDocument();
    expect(screen.getByTestId('resend-countdown').textContent).toMatch(/01:5\d|02:00/);
    expect(screen.getByTestId('resend-button')).toHaveProperty('disabled', true);
  });

  it("names where the code went by the one value rule: a phone in the page's digits, an e-mail as written", async () => {
    saveLoginChallenge({
      method: 'email',
      accessToken: 'challenge-token-123456',
      twoFaMethods: { sms: '0912***4567', email: 'ali99***@example.com' },
      resendAfter: 120,
    });
    await renderAt('/fa/login/verify/email');
    const email = await screen.findByText('ali99***@example.com');
    expect(email).toHaveAttribute('dir', 'ltr');
    saveLoginChallenge({
      method: 'sms',
      accessToken: 'challenge-token-123456',
      twoFaMethods: { sms: '0912***4567' },
      resendAfter: 120,
    });
    await renderAt('/ar/login/verify');
    const phone = await screen.findByText('٠٩١٢***٤٥٦٧');
    expect(phone).toHaveAttribute('dir', 'ltr');
  });

  it('takes a pasted code in Persian digits, shows it in Persian, logs in and lands on the root', async () => {
    challenge();
    const calls = fakeServer({ [identityPaths.loginVerify]: () => ({ body: tokens }) });
    await renderAt('/fa/login/verify');
    codeInput().focus();
    await userEvent.paste('۱۲۳ ۴۵۶');
    expect(codeInput().value).toBe('۱۲۳۴۵۶');
    await userEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    await waitFor(() => expect(location()).toBe('/fa'));
    expect(calls.find((call) => call.url === identityPaths.loginVerify)).toMatchObject({
      body: { code: '123456' },
      bearer: 'challenge-token-123456',
    });
    expect(Cookies.get('accessToken')).toBe(accessToken);
    // The refresh token stays in the API's HttpOnly cookie: the page keeps none.
    expect(Cookies.get('refreshToken')).toBeUndefined();
    expect(Math.abs((getAccessExpiry() ?? 0) - (Date.now() + 900_000))).toBeLessThan(5000);
    expect(getStoredUser()).toMatchObject({ id: 'user-1', language: { key: 'persian' } });
    expect(sessionStorage.getItem(sessionKeys.loginChallenge)).toBeNull();
    expect(localStorage.getItem(localKeys.enteredPhone)).toBeNull();
    expect(resendRemainingMs()).toBe(0);
  });

  it('takes the colour mode chosen in the profile once logged in', async () => {
    challenge();
    fakeServer({
      [identityPaths.loginVerify]: () => ({ body: tokens }),
      '/v1/auth/profile/': () => ({ body: envelope(200, { id: 'p1', userId: 'user-1', mode: 'dark' }) }),
    });
    const heard = vi.fn();
    window.addEventListener(modeSavedEvent, heard);
    try {
      await renderAt('/en/login/verify');
      await verify('123456');
      await waitFor(() => expect(getSavedMode()).toBe('dark'));
      expect(heard).toHaveBeenCalled();
      expect(getStoredUser()).toMatchObject({ id: 'user-1', mode: 'dark' });
    } finally {
      window.removeEventListener(modeSavedEvent, heard);
    }
  });

  it('validates the code in the page language before sending', async () => {
    challenge();
    const calls = fakeServer({});
    await renderAt('/en/login/verify');
    await userEvent.type(codeInput(), '12a3');
    expect(codeInput().value).toBe('123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code must be 6 digits')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says under the field that a texted code (620) is wrong and what to do, in Persian', async () => {
    challenge();
    fakeServer({ [identityPaths.loginVerify]: () => ({ body: envelope(620) }) });
    await renderAt('/fa/login/verify');
    await verify('000000', 'fa');
    const message = 'کد نادرست است. پیامک را بررسی کنید و دوباره وارد کنید، یا کد تازه بخواهید.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(toasts.error).not.toHaveBeenCalled();
    expect(location()).toBe('/fa/login/verify');
    expect(Cookies.get('accessToken')).toBeUndefined();
  });

  it.each([
    {
      path: '/en/login/verify/email',
      method: 'email' as const,
      locale: 'en' as const,
      message: 'The code is wrong. Check the e-mail and try again, or ask for a new code.',
    },
    {
      path: '/ar/login/verify/google',
      method: 'google' as const,
      locale: 'ar' as const,
      message: 'الرمز غير صحيح. أدخل الرمز الذي يعرضه تطبيق المصادقة الآن، قبل أن يتغيّر.',
    },
  ])('says a wrong $method code (620) under the field in $locale', async (page) => {
    challenge(true, page.method, page.method === 'google');
    fakeServer({ [identityPaths.loginVerify]: () => ({ body: envelope(620) }) });
    await renderAt(page.path);
    await verify('000000', page.locale);
    expect(await screen.findByText(page.message)).toBeInTheDocument();
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('starts again from login after too many wrong codes (660)', async () => {
    challenge();
    fakeServer({ [identityPaths.loginVerify]: () => ({ body: envelope(660) }) });
    await renderAt('/en/login/verify');
    await verify('000000');
    await waitFor(() => expect(location()).toBe('/en/login'));
    expect(toasts.error).toHaveBeenCalledWith(
      "The system's security shield has detected errors",
      expect.anything(),
    );
    expect(sessionStorage.getItem(sessionKeys.loginChallenge)).toBeNull();
  });

  it('resends once the countdown is over, with the challenge token, and restarts the countdown', async () => {
    challenge();
    startCountdown(0);
    const calls = fakeServer({
      [identityPaths.loginSend]: () => ({ body: envelope(200, { resendAfter: 90 }) }),
    });
    await renderAt('/en/login/verify');
    const resend = await screen.findByTestId('resend-button');
    expect(resend).toHaveProperty('disabled', false);
    await userEvent.click(resend);
    await waitFor(() => expect(screen.getByTestId('resend-button')).toHaveProperty('disabled', true));
    expect(calls.at(-1)).toMatchObject({ body: { method: 'sms' }, bearer: 'challenge-token-123456' });
    expect(resendRemainingMs()).toBeGreaterThan(85_000);
    expect(toasts.success).toHaveBeenCalledWith('A new code has been sent');
  });

  it('follows the server’s wait when a resend is refused as too early (260)', async () => {
    challenge();
    startCountdown(0);
    fakeServer({ [identityPaths.loginSend]: () => ({ body: envelope(260, { retryAfter: 30 }) }) });
    await renderAt('/en/login/verify');
    fireEvent.click(await screen.findByTestId('resend-button'));
    await waitFor(() => expect(screen.getByTestId('resend-countdown').textContent).toMatch(/00:(29|30)/));
    expect(toasts.error).toHaveBeenCalledWith(
      expect.stringMatching(/^Too many attempts\. Try again in \u206600:(29|30)\u2069$/),
      expect.anything(),
    );
  });

  it('switches to the e-mail method and back; without an app there is no app method nor recovery code', async () => {
    challenge();
    const calls = fakeServer({
      [identityPaths.loginSend]: () => ({ body: envelope(200, { resendAfter: 120 }) }),
    });
    await renderAt('/en/login/verify');
    expect(screen.queryByRole('button', { name: 'Use the authenticator app' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Get the code by e-mail' }));
    await waitFor(() => expect(location()).toBe('/en/login/verify/email'));
    expect(calls.at(-1)).toMatchObject({ body: { method: 'email' }, bearer: 'challenge-token-123456' });
    expect(await screen.findByText('a***@example.com')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enter the e-mail code');
    await userEvent.click(screen.getByRole('button', { name: 'Get the code by SMS' }));
    await waitFor(() => expect(location()).toBe('/en/login/verify'));
    expect(calls.at(-1)).toMatchObject({ body: { method: 'sms' } });
  });

  it('offers no e-mail method when the account has no verified e-mail', async () => {
    challenge(false);
    await renderAt('/en/login/verify/email');
    await waitFor(() => expect(location()).toBe('/en/login/verify'));
    expect(screen.queryByRole('button', { name: 'Get the code by e-mail' })).not.toBeInTheDocument();
  });
});

describe('the login code step with an authenticator app', () => {
  it('asks for the app code when the method is google: nothing to resend, the code logs in', async () => {
    challenge(false, 'google', true);
    const calls = fakeServer({ [identityPaths.loginVerify]: () => ({ body: tokens }) });
    await renderAt('/en/login/verify/google');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Enter the authenticator app code');
    expect(screen.queryByTestId('resend-button')).not.toBeInTheDocument();
    expect(screen.getByText('The code changes every 30 seconds')).toBeInTheDocument();
    await verify('654321');
    await waitFor(() => expect(location()).toBe('/en'));
    expect(calls.find((call) => call.url === identityPaths.loginVerify)).toMatchObject({
      body: { code: '654321' },
      bearer: 'challenge-token-123456',
    });
  });

  it('switches from SMS to the app without sending anything new', async () => {
    challenge(false, 'sms', true);
    const calls = fakeServer({
      [identityPaths.loginSend]: () => ({ body: envelope(200, { resendAfter: 0 }) }),
    });
    await renderAt('/en/login/verify');
    await userEvent.click(screen.getByRole('button', { name: 'Use the authenticator app' }));
    await waitFor(() => expect(location()).toBe('/en/login/verify/google'));
    expect(calls.at(-1)).toMatchObject({ body: { method: 'google' }, bearer: 'challenge-token-123456' });
    expect(screen.getByRole('button', { name: 'Get the code by SMS' })).toBeInTheDocument();
    // The texted code's countdown still runs: switching back cannot send another code at once.
    expect(resendRemainingMs()).toBeGreaterThan(100_000);
  });

  it('logs in with a recovery code typed any way, and says so under the field when it is wrong (fa)', async () => {
    challenge(false, 'google', true);
    let answer = envelope(620);
    const calls = fakeServer({ [identityPaths.loginVerify]: () => ({ body: answer }) });
    await renderAt('/fa/login/verify/google');
    await userEvent.click(screen.getByRole('button', { name: 'استفاده از کد بازیابی' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('کد بازیابی را وارد کنید');
    const input = screen.getByTestId('recovery-code-input') as HTMLInputElement;
    await userEvent.type(input, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    expect(
      await screen.findByText('کد بازیابی ۱۰ حرف و رقم دارد، مانند \u2066abcde-fghij\u2069.'),
    ).toBeTruthy();
    expect(calls).toEqual([]);

    await userEvent.clear(input);
    await userEvent.type(input, 'ABCDE FGHIJ');
    await userEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    expect(
      await screen.findByText(
        'این کد بازیابی نادرست است یا پیش‌تر به کار رفته است. آن را بررسی کنید یا یکی دیگر از کدهای ذخیره‌شده را به کار ببرید.',
      ),
    ).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ body: { recoveryCode: 'abcde-fghij' } });
    expect(toasts.error).not.toHaveBeenCalled();

    answer = tokens;
    await userEvent.click(screen.getByRole('button', { name: 'تأیید' }));
    await waitFor(() => expect(location()).toBe('/fa'));
  });
});

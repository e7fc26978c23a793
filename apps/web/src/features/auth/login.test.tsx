import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { identityPaths } from '@wsm/contracts';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localKeys, resendRemainingMs, sessionKeys } from '../../lib/storage';
import { envelope, fakeServer, renderAt, resetBrowser, toasts } from './test-utils';

const loginStep = (method: 'sms' | 'email' = 'sms') =>
  envelope(630, {
    method,
    accessToken: 'challenge-token-123456',
    twoFaMethods: { sms: '0912***4567', email: 'a***@example.com' },
    resendAfter: 120,
  });

beforeEach(resetBrowser);
afterEach(resetBrowser);

const location = () => screen.getByTestId('location').textContent;

describe('the login form', () => {
  it('asks for both fields in Persian before sending anything', async () => {
    const calls = fakeServer({});
    await renderAt('/fa/login');
    await userEvent.click(screen.getByRole('button', { name: 'ادامه' }));
    expect(await screen.findAllByText('این مقدار الزامی است')).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('refuses a national code with a wrong check digit, and a malformed username, in English', async () => {
    const calls = fakeServer({});
    await renderAt('/en/login');
    await userEvent.type(screen.getByLabelText(/National code or username/), '1234567890');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The national code is not valid')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/National code or username/));
    await userEvent.type(screen.getByLabelText(/National code or username/), '_x');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a 10-digit national code or a valid username')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends a national code typed in Persian digits as ASCII and goes to the SMS code step', async () => {
    const calls = fakeServer({ [identityPaths.loginNationalCode]: () => ({ body: loginStep() }) });
    await renderAt('/fa/login');
    await userEvent.type(screen.getByLabelText(/کد ملی یا نام کاربری/), '00123۴۵۶۷۹');
    expect(screen.getByLabelText(/کد ملی یا نام کاربری/)).toHaveProperty('value', '۰۰۱۲۳۴۵۶۷۹');
    await userEvent.type(screen.getByLabelText(/^رمز عبور/), 'my password');
    await userEvent.click(screen.getByRole('button', { name: 'ادامه' }));
    await waitFor(() => expect(location()).toBe('/fa/login/verify'));
    expect(calls[0]?.body).toEqual({ nationalCode: '0012345679', password: 'my password' });
    const challenge = JSON.parse(sessionStorage.getItem(sessionKeys.loginChallenge) ?? '{}');
    expect(challenge.token).toBe('challenge-token-123456');
    expect(localStorage.getItem(localKeys.enteredPhone)).toBe('0912***4567');
    expect(localStorage.getItem(localKeys.enteredEmail)).toBe('a***@example.com');
    expect(Cookies.get('national-code')).toBe('0012345679');
    expect(resendRemainingMs()).toBeGreaterThan(118_000);
  });

  it('logs in by username (lower-cased) and goes to the e-mail step when the code went by e-mail', async () => {
    const calls = fakeServer({ [identityPaths.loginUsername]: () => ({ body: loginStep('email') }) });
    await renderAt('/en/login');
    await userEvent.type(screen.getByLabelText(/National code or username/), 'Sara.K');
    await userEvent.type(screen.getByLabelText(/^Password/), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location()).toBe('/en/login/verify/email'));
    expect(calls[0]?.body).toEqual({ username: 'sara.k', password: 'pw' });
  });

  it.each([
    {
      locale: 'en',
      identifier: /National code or username/,
      password: /^Password/,
      submit: 'Continue',
      message: 'The national code/username or password is wrong. Try again, or reset your password.',
    },
    {
      locale: 'fa',
      identifier: /کد ملی یا نام کاربری/,
      password: /^رمز عبور/,
      submit: 'ادامه',
      message: 'کد ملی/نام کاربری یا رمز عبور نادرست است. دوباره تلاش کنید یا رمز عبور را بازیابی کنید.',
    },
    {
      locale: 'ar',
      identifier: /الرقم الوطني أو اسم المستخدم/,
      password: /^كلمة المرور/,
      submit: 'متابعة',
      message: 'الرقم الوطني/اسم المستخدم أو كلمة المرور غير صحيح. حاول مرة أخرى أو أعد تعيين كلمة المرور.',
    },
  ])('says a wrong password (620) under its field in $locale and keeps what was typed', async (page) => {
    fakeServer({ [identityPaths.loginNationalCode]: () => ({ body: envelope(620) }) });
    await renderAt(`/${page.locale}/login`);
    await userEvent.type(screen.getByLabelText(page.identifier), '0012345679');
    await userEvent.type(screen.getByLabelText(page.password), 'wrong pass');
    await userEvent.click(screen.getByRole('button', { name: page.submit }));
    expect(await screen.findByText(page.message)).toBeInTheDocument();
    const password = screen.getByLabelText(page.password);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    // Once, under the field: no toast says it again, and the typed password stays to be corrected.
    expect(toasts.error).not.toHaveBeenCalled();
    expect(password).toHaveProperty('value', 'wrong pass');
    expect(location()).toBe(`/${page.locale}/login`);
  });

  it('does not treat a success answer without a second step as a login', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeServer({ [identityPaths.loginNationalCode]: () => ({ body: envelope(200, {}) }) });
    await renderAt('/en/login');
    await userEvent.type(screen.getByLabelText(/National code or username/), '0012345679');
    await userEvent.type(screen.getByLabelText(/^Password/), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('An unexpected error occurred', expect.anything()),
    );
    expect(location()).toBe('/en/login');
    expect(sessionStorage.getItem(sessionKeys.loginChallenge)).toBeNull();
    error.mockRestore();
  });

  it('disables the button while the first step is sent', async () => {
    let release: () => void = () => undefined;
    fakeServer({
      [identityPaths.loginNationalCode]: () =>
        new Promise((resolve) => {
          release = () => resolve({ body: loginStep() });
        }),
    });
    await renderAt('/en/login');
    await userEvent.type(screen.getByLabelText(/National code or username/), '0012345679');
    await userEvent.type(screen.getByLabelText(/^Password/), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true),
    );
    release();
    await waitFor(() => expect(location()).toBe('/en/login/verify'));
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { identityPaths } from '@wsm/contracts';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getStoredUser, localKeys, sessionKeys } from '../../lib/storage';
import { profilePath } from './api';
import { envelope, fakeServer, renderAt, resetBrowser, toasts } from './test-utils';

beforeEach(resetBrowser);
afterEach(resetBrowser);

const location = () => screen.getByTestId('location').textContent;
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

const started = envelope(200, {
  signupToken: 'signup-token-1234567890',
  phone: '0912***4567',
  resendAfter: 120,
});
const pair = envelope(200, {
  accessToken: 'a.b.c',
  refreshToken: 'refresh-token-1234567890',
  expiresIn: 900,
});

describe('sign-up', () => {
  it('goes phone → code → password and ends logged in at the root', async () => {
    const calls = fakeServer({
      [identityPaths.signupPhone]: () => ({ body: started }),
      [identityPaths.signupVerify]: () => ({
        body: envelope(200, { signupToken: 'signup-token-1234567890' }),
      }),
      [identityPaths.signupPassword]: () => ({ body: pair }),
      [profilePath]: () => ({ body: envelope(200, { firstName: 'Sara', language: { key: 'english' } }) }),
    });
    await renderAt('/en/signup');

    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    await userEvent.type(field(/^Mobile number/), '+98 912 345 6789');
    await userEvent.type(field(/^National code/), '۰۰۱۲۳۴۵۶۷۹');
    expect(field(/^National code/).value).toBe('0012345679');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));

    await screen.findByTestId('code-form');
    expect(calls[0]?.body).toEqual({ phone: '09123456789', nationalCode: '0012345679' });
    expect(localStorage.getItem(localKeys.signupStep)).toBe('verify');
    expect(sessionStorage.getItem(sessionKeys.signupToken)).toBe('signup-token-1234567890');
    expect(screen.getByText('0912***4567')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('code-input'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByTestId('signup-password-form');
    expect(calls[1]?.body).toEqual({ signupToken: 'signup-token-1234567890', code: '123456' });
    // An empty repeat is a missing value, not a mismatch.
    await userEvent.type(field(/^New password/), 'Blue-Harbour-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.queryByText('The two passwords are not the same')).not.toBeInTheDocument();
    await userEvent.clear(field(/^New password/));
    await userEvent.type(field(/^New password/), 'short');
    await userEvent.type(field(/^Repeat the password/), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(screen.getByText('Must be at least 8 characters')).toBeInTheDocument();

    await userEvent.clear(field(/^New password/));
    await userEvent.type(field(/^New password/), 'Blue-Harbour-42');
    await userEvent.clear(field(/^Repeat the password/));
    await userEvent.type(field(/^Repeat the password/), 'Blue-Harbour-42');
    await userEvent.type(field(/^Username/), 'Sara_K');
    await userEvent.click(screen.getByRole('button', { name: 'Create the account' }));

    await waitFor(() => expect(location()).toBe('/en'));
    expect(calls[2]?.body).toEqual({
      signupToken: 'signup-token-1234567890',
      password: 'Blue-Harbour-42',
      username: 'sara_k',
    });
    // The refresh token stays in the API's HttpOnly cookie: the page keeps none.
    expect(Cookies.get('refreshToken')).toBeUndefined();
    expect(localStorage.getItem(localKeys.signupStep)).toBeNull();
    expect(sessionStorage.getItem(sessionKeys.signupToken)).toBeNull();
    expect(toasts.success).toHaveBeenCalledWith('Your account is ready. Welcome!');
    await waitFor(() =>
      expect(getStoredUser()).toMatchObject({ firstName: 'Sara', language: { key: 'english' } }),
    );
  });

  it('numbers the steps in Persian digits in fa', async () => {
    fakeServer({});
    await renderAt('/fa/signup');
    await screen.findByRole('button', { name: 'ارسال کد' });
    const stepper = document.querySelector('[aria-label="مراحل ثبت‌نام"]');
    expect(stepper?.textContent).toMatch(/۱.*۲.*۳/);
    expect(stepper?.textContent).not.toMatch(/[0-9]/);
  });

  it('shows validation messages in Persian', async () => {
    fakeServer({});
    await renderAt('/fa/signup');
    await userEvent.type(field(/^شماره‌ی موبایل/), '12345');
    await userEvent.type(field(/^کد ملی/), '1111111111');
    expect(field(/^کد ملی/).value).toBe('۱۱۱۱۱۱۱۱۱۱');
    await userEvent.click(screen.getByRole('button', { name: 'ارسال کد' }));
    expect(await screen.findByText('شماره‌ی موبایل معتبر نیست')).toBeInTheDocument();
    expect(screen.getByText('کد ملی معتبر نیست')).toBeInTheDocument();
  });

  it('tells a registered phone or national code apart, with a way to log in and no toast besides', async () => {
    fakeServer({ [identityPaths.signupPhone]: () => ({ body: envelope(261) }) });
    await renderAt('/en/signup');
    await userEvent.type(field(/^Mobile number/), '09123456789');
    await userEvent.type(field(/^National code/), '0012345679');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText(/already has an account/)).toBeInTheDocument();
    expect(toasts.error).not.toHaveBeenCalled();
    expect(localStorage.getItem(localKeys.signupStep)).toBeNull();
  });

  it('resumes at the stored step, and starts again when the flow has expired (401)', async () => {
    localStorage.setItem(localKeys.signupStep, 'password');
    sessionStorage.setItem(sessionKeys.signupToken, 'signup-token-1234567890');
    fakeServer({ [identityPaths.signupPassword]: () => ({ status: 401, body: envelope(401) }) });
    await renderAt('/en/signup');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Blue-Harbour-42');
    await userEvent.type(field(/^Repeat the password/), 'Blue-Harbour-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByText('This step has expired. Please start again.')).toBeInTheDocument();
    expect(screen.getByTestId('signup-phone-form')).toBeInTheDocument();
    expect(Cookies.get('accessToken')).toBeUndefined();
  });

  it.each([
    {
      locale: 'en',
      password: /^New password/,
      repeat: /^Repeat the password/,
      username: /^Username/,
      submit: 'Create the account',
      message: 'This username is taken; choose another one',
    },
    {
      locale: 'ar',
      password: /^كلمة المرور الجديدة/,
      repeat: /^أعد كتابة كلمة المرور/,
      username: /^اسم المستخدم/,
      submit: 'إنشاء الحساب',
      message: 'اسم المستخدم هذا مستخدم؛ اختر اسمًا آخر',
    },
  ])('marks a taken username (261) on its field, with no toast, in $locale', async (page) => {
    localStorage.setItem(localKeys.signupStep, 'password');
    sessionStorage.setItem(sessionKeys.signupToken, 'signup-token-1234567890');
    fakeServer({ [identityPaths.signupPassword]: () => ({ body: envelope(261) }) });
    await renderAt(`/${page.locale}/signup`);
    await userEvent.type(await screen.findByLabelText(page.password), 'Blue-Harbour-42');
    await userEvent.type(field(page.repeat), 'Blue-Harbour-42');
    await userEvent.type(field(page.username), 'taken');
    await userEvent.click(screen.getByRole('button', { name: page.submit }));
    expect(await screen.findByText(page.message)).toBeInTheDocument();
    expect(field(page.username).getAttribute('aria-invalid')).toBe('true');
    expect(toasts.error).not.toHaveBeenCalled();
  });
});

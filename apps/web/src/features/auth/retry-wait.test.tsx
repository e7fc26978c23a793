import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { identityPaths } from '@wsm/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveLoginChallenge } from './flow-state';
import { envelope, fakeServer, renderAt, resetBrowser, toasts } from './test-utils';

// A 260 says how long to wait: the person sees it count down, and the button waits with them.

beforeEach(resetBrowser);
afterEach(resetBrowser);

const limited = (retryAfter: number) => () => ({ body: envelope(260, { retryAfter }) });

async function submitLogin(continueLabel: string, identifierLabel: RegExp, passwordLabel: RegExp) {
  await userEvent.type(screen.getByLabelText(identifierLabel), 'sara_test');
  await userEvent.type(screen.getByLabelText(passwordLabel), 'my password');
  await userEvent.click(screen.getByRole('button', { name: continueLabel }));
}

describe('the wait of a rate-limited answer', () => {
  it('shows "try again in 12:34" in English and keeps the login button disabled', async () => {
    fakeServer({ [identityPaths.loginUsername]: limited(754) });
    await renderAt('/en/login');
    await submitLogin('Continue', /National code or username/, /^Password/);
    const note = await screen.findByTestId('retry-wait');
    expect(note.textContent).toMatch(/^You can try again in \u2066(12:34|12:33)\u2069$/);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    expect(toasts.error).toHaveBeenCalledWith(
      expect.stringMatching(/^Too many attempts\. Try again in \u2066(12:34|12:33)\u2069$/),
      expect.objectContaining({ toastId: 'rate-limited' }),
    );
  });

  it('counts down in Persian digits, then enables the button again', async () => {
    const calls = fakeServer({ [identityPaths.loginUsername]: limited(2) });
    await renderAt('/fa/login');
    await submitLogin('ادامه', /کد ملی یا نام کاربری/, /^رمز عبور/);
    const note = await screen.findByTestId('retry-wait');
    expect(note.textContent).toMatch(/^تلاش دوباره تا \u2066۰۰:۰[۱۲]\u2069 دیگر$/);
    const button = screen.getByRole('button', { name: 'ادامه' });
    expect(button).toHaveProperty('disabled', true);
    await waitFor(() => expect(button).toHaveProperty('disabled', false), { timeout: 10_000 });
    expect(screen.queryByTestId('retry-wait')).not.toBeInTheDocument();
    await userEvent.click(button);
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('holds the code step too, and keeps the wait across a reload', async () => {
    saveLoginChallenge({
      method: 'sms',
      accessToken: 'challenge-token-123456',
      twoFaMethods: { sms: '0912***4567' },
      resendAfter: 120,
    });
    fakeServer({ [identityPaths.loginVerify]: limited(90) });
    const first = await renderAt('/en/login/verify');
    await userEvent.type(screen.getByTestId('code-input'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('retry-wait')).textContent).toMatch(/01:(30|29)/);
    first.unmount();
    await renderAt('/en/login/verify');
    expect((await screen.findByTestId('retry-wait')).textContent).toMatch(/01:(30|29|28)/);
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', true);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { identityPaths } from '@wsm/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localKeys, sessionKeys } from '../../lib/storage';
import { saveLoginChallenge, startCountdown } from './flow-state';
import { envelope, fakeServer, renderAt, resetBrowser, toasts } from './test-utils';

// When the public forms check their fields and where their messages go, the same in every form
// (use-plain-form.ts, with the timing of react-hook-form's default mode): nothing before the first
// submit; then all fields, the first in error focused; then each field as it changes, and every shown
// message again when the page changes language. The server's field errors land under their fields and
// go when the field changes.

beforeEach(resetBrowser);
afterEach(resetBrowser);

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const invalid = (input: HTMLElement) => input.getAttribute('aria-invalid');

describe('the timing of the public forms’ checks', () => {
  it('sign-up: nothing before a submit; then the first field in error is focused, fields are checked as they change, and messages follow the language', async () => {
    fakeServer({});
    const { router } = await renderAt('/en/signup');
    await userEvent.type(field(/^Mobile number/), '12');
    await userEvent.type(field(/^National code/), '1');
    expect(invalid(field(/^Mobile number/))).toBe('false');
    expect(invalid(field(/^National code/))).toBe('false');

    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText('The national code is not valid')).toBeInTheDocument();
    expect(invalid(field(/^Mobile number/))).toBe('true');
    expect(document.activeElement).toBe(field(/^Mobile number/));

    // A change checks that field only: the other keeps its message.
    await userEvent.clear(field(/^Mobile number/));
    await userEvent.type(field(/^Mobile number/), '09123456789');
    await waitFor(() => expect(invalid(field(/^Mobile number/))).toBe('false'));
    expect(screen.getByText('The national code is not valid')).toBeInTheDocument();
    await userEvent.clear(field(/^National code/));
    expect(await screen.findByText('Required')).toBeInTheDocument();

    // Persian, the same page: the message is said again in it.
    await router.navigate('/fa/signup');
    expect(await screen.findByText('این مقدار الزامی است')).toBeInTheDocument();
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
  });

  it('sign-up: the first field in error of the password step is focused, in the fields’ order', async () => {
    localStorage.setItem(localKeys.signupStep, 'password');
    sessionStorage.setItem(sessionKeys.signupToken, 'signup-token-1234567890');
    const calls = fakeServer({});
    await renderAt('/en/signup');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Blue-Harbour-42');
    await userEvent.type(field(/^Username/), '1a');
    await userEvent.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(invalid(field(/^Repeat the password/))).toBe('true');
    expect(invalid(field(/^Username/))).toBe('true');
    expect(document.activeElement).toBe(field(/^Repeat the password/));
    expect(calls).toEqual([]);
  });

  it('recovery: a 400’s field errors show under their fields and go when the field changes', async () => {
    const calls = fakeServer({
      [identityPaths.recoveryStart]: () => ({
        body: envelope(400, {
          errors: [{ path: 'nationalCode', message: 'No account has this national code' }],
        }),
      }),
    });
    await renderAt('/en/login/forgot-password');
    await userEvent.type(field(/^National code/), '0012345679');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText('No account has this national code')).toBeInTheDocument();
    expect(invalid(field(/^National code/))).toBe('true');
    expect(calls).toHaveLength(1);
    expect(toasts.error).not.toHaveBeenCalled();

    await userEvent.type(field(/^National code/), '{Backspace}9');
    await waitFor(() =>
      expect(screen.queryByText('No account has this national code')).not.toBeInTheDocument(),
    );
    expect(invalid(field(/^National code/))).toBe('false');
  });

  it('the code step: a wrong code (620) takes the focus back to the field; a resent code focuses it too', async () => {
    saveLoginChallenge({
      method: 'sms',
      accessToken: 'challenge-token-123456',
      twoFaMethods: { sms: '0912***4567' },
      resendAfter: 0,
    });
    startCountdown(0);
    fakeServer({
      [identityPaths.loginVerify]: () => ({ body: envelope(620) }),
      [identityPaths.loginSend]: () => ({ body: envelope(200, { resendAfter: 90 }) }),
    });
    const { router } = await renderAt('/en/login/verify');
    const code = () => screen.getByTestId('code-input') as HTMLInputElement;
    await userEvent.type(code(), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code must be 6 digits')).toBeInTheDocument();
    // The language changes: the message with it.
    await router.navigate('/fa/login/verify');
    await waitFor(() => expect(screen.queryByText('The code must be 6 digits')).not.toBeInTheDocument());
    expect(invalid(code())).toBe('true');

    await userEvent.type(code(), '456');
    await waitFor(() => expect(invalid(code())).toBe('false'));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    // (The catalogue's texts come from i18next, which these tests keep in the first page's language.)
    expect(
      await screen.findByText(
        'The code is wrong. Check the text message and try again, or ask for a new code.',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(code());

    await userEvent.click(screen.getByTestId('resend-button'));
    await waitFor(() => expect(toasts.success).toHaveBeenCalled());
    expect(document.activeElement).toBe(code());
  });
});

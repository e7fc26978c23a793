import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { identityPaths } from '@wsm/contracts';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveLoginChallenge } from './flow-state';
import { envelope, fakeServer, renderAt, resetBrowser, toasts } from './test-utils';

// "Use a passkey" at the login's second step: offered only to accounts with passkeys; the options, the
// browser's prompt (a stand-in for @simplewebauthn/browser here) and the check log in like a code; the
// browser's refusals and the server's 620 are said on the page, and the code stays usable.

const webauthn = vi.hoisted(() => ({ authenticate: vi.fn() }));
vi.mock('../../lib/webauthn', async (original) => ({
  ...(await original<typeof import('../../lib/webauthn')>()),
  authenticateWithPasskey: webauthn.authenticate,
}));
const { PasskeyError } = await import('../../lib/webauthn');

const accessToken = `x.${btoa(JSON.stringify({ sub: 'user-1' }))}.y`;
const tokens = envelope(200, { accessToken, refreshToken: 'refresh-token-1234567890', expiresIn: 900 });
const options = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'localhost',
  allowCredentials: [{ id: 'cred', type: 'public-key' }],
};
const answer = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };

function challenge(passkeys?: number) {
  saveLoginChallenge({
    method: 'sms',
    accessToken: 'challenge-token-123456',
    twoFaMethods: { sms: '0912***4567', ...(passkeys ? { passkeys } : {}) },
    resendAfter: 120,
  });
}

beforeEach(() => {
  resetBrowser();
  webauthn.authenticate.mockReset();
});
afterEach(resetBrowser);

const location = () => screen.getByTestId('location').textContent;

describe('a passkey at the login code step', () => {
  it('is not offered to an account without passkeys', async () => {
    challenge();
    await renderAt('/en/login/verify');
    expect(await screen.findByText('0912***4567')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
  });

  it('logs in with the passkey instead of the code, with the challenge token', async () => {
    challenge(2);
    webauthn.authenticate.mockResolvedValue(answer);
    const calls = fakeServer({
      [identityPaths.loginPasskeyOptions]: () => ({ body: envelope(200, options) }),
      [identityPaths.loginPasskeyVerify]: () => ({ body: tokens }),
    });
    await renderAt('/fa/login/verify');
    await userEvent.click(await screen.findByRole('button', { name: 'استفاده از کلید عبور' }));
    await waitFor(() => expect(location()).toBe('/fa'));
    expect(webauthn.authenticate).toHaveBeenCalledWith(options);
    // The options and the check, both with the challenge token (the profile is read after login).
    expect(calls.slice(0, 2).map((call) => [call.url, call.bearer])).toEqual([
      [identityPaths.loginPasskeyOptions, 'challenge-token-123456'],
      [identityPaths.loginPasskeyVerify, 'challenge-token-123456'],
    ]);
    expect(calls[1]?.body).toEqual({ response: answer });
    expect(Cookies.get('accessToken')).toBe(accessToken);
  });

  it('says why when the prompt is closed or the server refuses the passkey, and the code still works', async () => {
    challenge(1);
    const calls = fakeServer({
      [identityPaths.loginPasskeyOptions]: () => ({ body: envelope(200, options) }),
      [identityPaths.loginPasskeyVerify]: () => ({ body: envelope(620) }),
    });
    await renderAt('/en/login/verify');
    webauthn.authenticate.mockRejectedValueOnce(new PasskeyError('cancelled'));
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText(/the prompt was closed or timed out/)).toBeInTheDocument();
    expect(calls.filter((call) => call.url === identityPaths.loginPasskeyVerify)).toHaveLength(0);

    webauthn.authenticate.mockResolvedValueOnce(answer);
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText(/This passkey was not accepted/)).toBeInTheDocument();
    // Said on the page only, and the person stays on the code step.
    expect(toasts.error).not.toHaveBeenCalled();
    expect(location()).toBe('/en/login/verify');
    expect(screen.getByTestId('code-input')).toBeInTheDocument();
  });

  it('names the address the passkeys belong to when this page is open at another one', async () => {
    challenge(1);
    fakeServer({ [identityPaths.loginPasskeyOptions]: () => ({ body: envelope(200, options) }) });
    await renderAt('/fa/login/verify');
    webauthn.authenticate.mockRejectedValueOnce(new PasskeyError('wrong-address', 'app.example.com'));
    await userEvent.click(await screen.findByRole('button', { name: 'استفاده از کلید عبور' }));
    const said = await screen.findByText(/کلیدهای عبور فقط در نشانی/);
    expect(said.textContent).toContain('\u2068app.example.com\u2069');
    expect(said.textContent).toContain(`\u2068${window.location.host}\u2069`);
    expect(screen.getByTestId('code-input')).toBeInTheDocument();
  });

  it('starts again from login when the challenge is dead (660)', async () => {
    challenge(1);
    fakeServer({ [identityPaths.loginPasskeyOptions]: () => ({ body: envelope(660) }) });
    await renderAt('/en/login/verify');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(location()).toBe('/en/login'));
    expect(webauthn.authenticate).not.toHaveBeenCalled();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { identityPaths } from '@wsm/contracts';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigationBridge } from '../../lib/navigation';
import { localKeys } from '../../lib/storage';
import { logout } from './logout';
import { envelope, fakeServer, renderAt, resetBrowser, toasts } from './test-utils';

beforeEach(resetBrowser);
afterEach(resetBrowser);

const location = () => screen.getByTestId('location').textContent;
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('password recovery', () => {
  it('goes national code → code → new password → login', async () => {
    const calls = fakeServer({
      [identityPaths.recoveryStart]: () => ({
        body: envelope(200, {
          recoveryToken: 'recovery-token-1234567890',
          phone: '0912***4567',
          resendAfter: 120,
        }),
      }),
      [identityPaths.recoveryVerify]: () => ({
        body: envelope(200, { recoveryToken: 'recovery-token-1234567890' }),
      }),
      [identityPaths.recoveryChange]: () => ({ body: envelope(200) }),
    });
    await renderAt('/en/login/forgot-password');
    await userEvent.type(field(/^National code/), '0012345679');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    await waitFor(() => expect(location()).toBe('/en/login/forgot-password/verify'));
    expect(Cookies.get('recoveryToken')).toBe('recovery-token-1234567890');
    expect(await screen.findByText('0912***4567')).toBeInTheDocument();

    await userEvent.type(screen.getByTestId('code-input'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/en/login/forgot-password/change'));
    expect(calls[1]?.body).toEqual({ recoveryToken: 'recovery-token-1234567890', code: '654321' });

    await userEvent.type(await screen.findByLabelText(/^New password/), 'Quiet-Meadow-77');
    await userEvent.type(field(/^Repeat the password/), 'Quiet-Meadow-77');
    await userEvent.click(screen.getByRole('button', { name: 'Change the password' }));
    await waitFor(() => expect(location()).toBe('/en/login'));
    expect(calls[2]?.body).toEqual({
      recoveryToken: 'recovery-token-1234567890',
      password: 'Quiet-Meadow-77',
    });
    expect(Cookies.get('recoveryToken')).toBeUndefined();
    expect(toasts.success).toHaveBeenCalledWith(
      'Your password has been changed. Log in with the new password.',
    );
  });

  it('sends the later steps back to the first without a recovery token', async () => {
    await renderAt('/fa/login/forgot-password/change');
    await waitFor(() => expect(location()).toBe('/fa/login/forgot-password'));
  });

  it('starts again when the recovery token has expired (401)', async () => {
    Cookies.set('recoveryToken', 'recovery-token-1234567890');
    fakeServer({ [identityPaths.recoveryVerify]: () => ({ status: 401, body: envelope(401) }) });
    await renderAt('/en/login/forgot-password/verify');
    await userEvent.type(screen.getByTestId('code-input'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/en/login/forgot-password'));
    expect(toasts.warning).toHaveBeenCalledWith(
      'This step has expired. Please start again.',
      expect.anything(),
    );
  });
});

describe("a recovery text's link", () => {
  const secret = 'Abc_def-123456789012345678901234567890abcde';

  it('asks first, then opens the new-password step with the token it gets', async () => {
    const calls = fakeServer({
      [identityPaths.recoveryLink]: () => ({
        body: envelope(200, { recoveryToken: 'recovery-token-from-link-123' }),
      }),
    });
    await renderAt(`/en/login/forgot-password/link#${secret}`);
    expect(await screen.findByText(/lets you choose a new password/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Choose a new password' }));
    await waitFor(() => expect(location()).toBe('/en/login/forgot-password/change'));
    expect(calls[0]?.body).toEqual({ link: secret });
    expect(Cookies.get('recoveryToken')).toBe('recovery-token-from-link-123');
    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument();
  });

  it('says so when the link is refused, and offers to start again', async () => {
    fakeServer({ [identityPaths.recoveryLink]: () => ({ status: 401, body: envelope(401) }) });
    await renderAt(`/fa/login/forgot-password/link#${secret}`);
    await userEvent.click(await screen.findByRole('button', { name: 'انتخاب رمز عبور جدید' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/این پیوند کار نمی‌کند/);
    expect(screen.queryByRole('button')).toBeNull();
    expect(location()).toBe('/fa/login/forgot-password/link');
    expect(Cookies.get('recoveryToken')).toBeUndefined();
  });

  it('calls nothing for a link cut short', async () => {
    const calls = fakeServer({});
    await renderAt('/ar/login/forgot-password/link#cut-short');
    expect(await screen.findByText(/هذا الرابط لا يعمل/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'بدء الاستعادة من جديد' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('logout', () => {
  it('ends the session on the server, clears local state and lands on login with the query string', async () => {
    const navigate = vi.fn();
    setNavigationBridge(navigate);
    window.history.replaceState(null, '', '/en/logout?from=menu');
    Cookies.set('accessToken', 'access-1');
    Cookies.set('refreshCsrf', 'csrf-1');
    localStorage.setItem(localKeys.accessExpiry, String(Date.now() + 600_000));
    localStorage.setItem(localKeys.user, '{"id":"u"}');
    localStorage.setItem(localKeys.workspaceId, 'w');
    const calls = fakeServer({ [identityPaths.logout]: () => ({ body: envelope(200) }) });
    await logout('?from=menu');
    expect(calls).toEqual([
      expect.objectContaining({ method: 'DELETE', url: identityPaths.logout, bearer: 'access-1' }),
    ]);
    expect(Cookies.get('accessToken')).toBeUndefined();
    expect(Cookies.get('refreshCsrf')).toBeUndefined();
    for (const key of [localKeys.user, localKeys.accessExpiry, localKeys.workspaceId])
      expect(localStorage.getItem(key)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/en/login?from=menu', { replace: true });
  });

  it('calls no server without a token, and still logs out when the server fails', async () => {
    const navigate = vi.fn();
    setNavigationBridge(navigate);
    window.history.replaceState(null, '', '/fa/logout');
    const calls = fakeServer({});
    await logout();
    expect(calls).toEqual([]);
    expect(navigate).toHaveBeenCalledWith('/fa/login', { replace: true });

    Cookies.set('accessToken', 'access-1');
    Cookies.set('refreshCsrf', 'csrf-1');
    localStorage.setItem(localKeys.accessExpiry, String(Date.now() + 600_000));
    fakeServer({ [identityPaths.logout]: () => ({ status: 500, body: envelope(500) }) });
    await logout();
    expect(Cookies.get('accessToken')).toBeUndefined();
    expect(navigate).toHaveBeenLastCalledWith('/fa/login', { replace: true });
  });
});

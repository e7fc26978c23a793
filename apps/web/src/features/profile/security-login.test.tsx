import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type RecordedRequest, toasts } from '../../test/feature-harness';
import { card, open, securityHarness } from './security-test-utils';

// The security page's sign-in settings: the method of login codes and login alerts.

const api = securityHarness();

describe('/profile/security: login codes and alerts', { timeout: 30_000 }, () => {
  it('offers e-mail for login codes only once an address is verified, and explains why', async () => {
    await open();
    const section = await card('Two-factor verification');
    const email = await within(section).findByRole('radio', { name: /E-mail/ });
    expect(email).toBeDisabled();
    expect(email).toHaveAttribute('aria-describedby', 'two-fa-email-help');
    expect(
      within(section).getByText('Add and verify an e-mail address above to receive login codes by e-mail.'),
    ).toBeTruthy();
    expect((within(section).getByRole('radio', { name: /SMS/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(section).getByText('0912***4567')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('chooses e-mail for login codes; a refusal shows the server’s field message', async () => {
    api.on('GET /v1/auth/identity/security/2fa/', {
      method: 'sms',
      methods: { sms: '0912***4567', email: 's***@example.com' },
      loginAlerts: true,
    });
    api.on('PUT /v1/auth/identity/security/2fa/', () => ({
      status: 400,
      statusCode: 400,
      data: { errors: [{ path: 'method', message: 'This account has no verified e-mail address' }] },
    }));
    await open();
    const section = await card('Two-factor verification');
    await userEvent.click(await within(section).findByRole('radio', { name: /E-mail/ }));
    expect(within(section).getByText('s***@example.com')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(
      await within(section).findByText('This account has no verified e-mail address'),
    ).toBeInTheDocument();
    expect(toasts.success).not.toHaveBeenCalled();

    api.on('PUT /v1/auth/identity/security/2fa/', {
      method: 'email',
      methods: { sms: '0912***4567', email: 's***@example.com' },
      loginAlerts: true,
    });
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Login codes will now go to your e-mail address.'),
    );
    expect(api.calls('PUT /v1/auth/identity/security/2fa/').map((call) => call.body)).toEqual([
      { method: 'email' },
      { method: 'email' },
    ]);
  });

  it('turns login alerts off and on, saved at once; without a verified e-mail it says where they would go', async () => {
    api.on('PUT /v1/auth/identity/security/2fa/', (call: RecordedRequest) => ({
      data: {
        method: 'sms',
        methods: { sms: '0912***4567' },
        loginAlerts: (call.body as { loginAlerts: boolean }).loginAlerts,
      },
    }));
    await open();
    const section = await card('Two-factor verification');
    const toggle = (await within(section).findByRole('switch', {
      name: /logged in to from a new device/,
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(within(section).getByText(/add one above to receive them/)).toBeInTheDocument();
    await userEvent.click(toggle);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Login alerts are off.'));
    expect(toggle.checked).toBe(false);
    expect(api.calls('PUT /v1/auth/identity/security/2fa/').map((call) => call.body)).toEqual([
      { loginAlerts: false },
    ]);
  });

  it('shows the phone of the SMS method in Persian digits in fa', async () => {
    await open('fa');
    const section = await card('تأیید دومرحله‌ای');
    expect(await within(section).findByText('۰۹۱۲***۴۵۶۷')).toBeInTheDocument();
  });
});

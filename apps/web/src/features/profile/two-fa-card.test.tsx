import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TwoFaSettings } from '@wsm/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { featureTestHarness, type RecordedRequest, renderScreen, toasts } from '../../test/feature-harness';
import { TwoFaCard } from './components/two-fa-card';

// The authenticator app in the two-factor card: enrolment (step-up, QR code and key, first code),
// the recovery codes shown once with a download, choosing it for logins, turning it off with a code.

const twoFaPath = 'GET /v1/auth/identity/security/2fa/';
const startPath = 'POST /v1/auth/identity/security/2fa/google/';
const verifyPath = 'POST /v1/auth/identity/security/2fa/google/verify/';
const disablePath = 'DELETE /v1/auth/identity/security/2fa/google/';
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const otpauthUrl = `otpauth://totp/Workspace%20Manager:sara?secret=${secret}&issuer=Workspace%20Manager&digits=6&period=30`;
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd${'efghijkmnp'[i]}-qrstu`);

const without: TwoFaSettings = { method: 'sms', methods: { sms: '0912***4567' }, loginAlerts: true };
const withApp: TwoFaSettings = {
  method: 'sms',
  methods: { sms: '0912***4567', google: true },
  loginAlerts: true,
};

const api = featureTestHarness();
let settings: TwoFaSettings;
beforeEach(() => {
  settings = without;
  api.on(twoFaPath, () => ({ data: settings }));
});

const open = async (locale: 'fa' | 'en' = 'en') => {
  await renderScreen(<TwoFaCard />, {
    path: `/${locale}/profile/security`,
    pattern: '/:locale/profile/security',
    locale,
  });
  return screen.findByRole('region', {
    name: locale === 'fa' ? 'تأیید دومرحله‌ای' : 'Two-factor verification',
  });
};

describe('the authenticator app in the two-factor card', { timeout: 30_000 }, () => {
  it('enrols: QR code and key, a first code, ten recovery codes once with a .txt download', async () => {
    api.on(startPath, { secret, otpauthUrl });
    api.on(verifyPath, () => {
      settings = withApp;
      return { data: { recoveryCodes } };
    });
    const card = await open();
    const app = (await within(card).findByRole('radio', { name: /Authenticator app/ })) as HTMLInputElement;
    expect(app).toBeDisabled();
    expect(app).toHaveAttribute('aria-describedby', 'two-fa-google-help');

    await userEvent.click(within(card).getByRole('button', { name: 'Set up an authenticator app' }));
    const qr = await within(card).findByRole('img', {
      name: 'QR code to add this account to your authenticator app',
    });
    expect(qr.querySelector('svg')).toBeInTheDocument();
    expect(within(card).getByTestId('authenticator-secret').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(api.calls(startPath)[0]?.body).toEqual({});
    // Nothing to resend: the app makes the codes.
    expect(within(card).queryByRole('button', { name: /Send the code again/ })).not.toBeInTheDocument();

    await userEvent.type(within(card).getByLabelText('6-digit code'), '123456');
    await userEvent.click(within(card).getByRole('button', { name: 'Verify' }));
    const list = await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(api.calls(verifyPath)[0]?.body).toEqual({ code: '123456' });
    expect(toasts.success).toHaveBeenCalledWith(
      'The authenticator app is on. You can now choose it for logins.',
    );

    // The download is a text file with every code, one a line.
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:codes';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(within(card).getByRole('button', { name: 'Download (.txt)' }));
    expect(click).toHaveBeenCalled();
    click.mockRestore();
    expect(saved?.type).toBe('text/plain;charset=utf-8');
    // jsdom's Blob has no text(): read it the old way.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved!);
    });
    for (const code of recoveryCodes) expect(text.split('\n')).toContain(code);

    // The codes stay while the settings reload, and are gone once saved.
    await waitFor(() =>
      expect(
        (within(card).getByRole('radio', { name: /Authenticator app/ }) as HTMLInputElement).disabled,
      ).toBe(false),
    );
    expect(within(card).getByTestId('recovery-codes')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'I have saved them' }));
    expect(within(card).queryByTestId('recovery-codes')).not.toBeInTheDocument();
    expect(within(card).getByText('On')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('says a wrong first code of the app under its field, in Persian, and no toast', async () => {
    api.on(startPath, { secret, otpauthUrl });
    api.on(verifyPath, () => ({ status: 400, statusCode: 620 }));
    const card = await open('fa');
    await userEvent.click(await within(card).findByRole('button', { name: 'راه‌اندازی برنامه‌ی احراز هویت' }));
    const code = await within(card).findByLabelText('کد ۶ رقمی');
    await userEvent.type(code, '123456');
    await userEvent.click(within(card).getByRole('button', { name: 'تأیید' }));
    const message =
      'کد نادرست است. کدی را وارد کنید که برنامه‌ی احراز هویت همین حالا نشان می‌دهد، پیش از آنکه عوض شود.';
    expect(await within(card).findByText(message)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('from a stale session, asks for the texted step-up code first (fa, Persian digits)', async () => {
    api.on(startPath, (request: RecordedRequest) =>
      (request.body as { currentCode?: string } | undefined)?.currentCode
        ? { data: { secret, otpauthUrl } }
        : { statusCode: 630, data: { method: 'sms', phone: '0912***4567', resendAfter: 120 } },
    );
    const card = await open('fa');
    await userEvent.click(await within(card).findByRole('button', { name: 'راه‌اندازی برنامه‌ی احراز هویت' }));
    expect(await within(card).findByTestId('authenticator-step-up')).toHaveTextContent('۰۹۱۲***۴۵۶۷');
    await userEvent.type(within(card).getByLabelText('کد ۶ رقمی'), '۶۵۴۳۲۱');
    await userEvent.click(within(card).getByRole('button', { name: 'تأیید' }));
    expect(await within(card).findByTestId('authenticator-secret')).toBeInTheDocument();
    expect(api.calls(startPath).map((call) => call.body)).toEqual([{}, { currentCode: '654321' }]);
  });

  it('chooses the app for logins once enrolled', async () => {
    settings = withApp;
    api.on('PUT /v1/auth/identity/security/2fa/', () => {
      settings = { ...withApp, method: 'google' };
      return { data: settings };
    });
    const card = await open();
    await userEvent.click(await within(card).findByRole('radio', { name: /Authenticator app/ }));
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith(
        'Logins will now ask for a code from your authenticator app.',
      ),
    );
    expect(api.calls('PUT /v1/auth/identity/security/2fa/')[0]?.body).toEqual({ method: 'google' });
  });

  it('turns it off only with a code of the app or a recovery code; a wrong one is said at the field', async () => {
    settings = { ...withApp, method: 'google' };
    let answer: { status?: number; statusCode?: number } = { status: 400, statusCode: 620 };
    api.on(disablePath, () => answer);
    const card = await open();
    await userEvent.click(await within(card).findByRole('button', { name: 'Turn off' }));
    const field = within(card).getByLabelText('App code or recovery code');

    await userEvent.type(field, '12345');
    await userEvent.click(within(card).getByRole('button', { name: 'Turn off' }));
    expect(
      await within(card).findByText(
        'Enter the 6-digit code from the app, or a recovery code like abcde-fghij.',
      ),
    ).toBeInTheDocument();
    expect(api.calls(disablePath)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'ABCDE FGHIJ');
    await userEvent.click(within(card).getByRole('button', { name: 'Turn off' }));
    expect(
      await within(card).findByText('This code is not right, or it was already used.'),
    ).toBeInTheDocument();
    expect(api.calls(disablePath)[0]?.body).toEqual({ code: 'abcde-fghij' });
    expect(toasts.error).not.toHaveBeenCalled();

    answer = {};
    api.on(disablePath, () => {
      settings = without;
      return answer;
    });
    await userEvent.click(within(card).getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith(
        'The authenticator app is off. Login codes go by SMS again.',
      ),
    );
    expect(
      await within(card).findByRole('button', { name: 'Set up an authenticator app' }),
    ).toBeInTheDocument();
    expect((within(card).getByRole('radio', { name: /SMS/ }) as HTMLInputElement).checked).toBe(true);
  });
});

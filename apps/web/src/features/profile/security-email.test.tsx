import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { isolated } from '../../test/bidi';
import { type RecordedRequest, toasts } from '../../test/feature-harness';
import { card, open, openAndAddEmail, securityHarness, tooManyTries } from './security-test-utils';

// The security page's e-mail card: adding, verifying and changing the address.

const api = securityHarness();

describe('/profile/security: e-mail', { timeout: 30_000 }, () => {
  it('adds an e-mail, verifies it with the code and counts down before a resend', async () => {
    api.on('POST /v1/auth/identity/security/email/', { resendAfter: 90 });
    api.on('POST /v1/auth/identity/security/email/verify/', null);
    const section = await openAndAddEmail();
    expect(await api.sentOnce('POST /v1/auth/identity/security/email/')).toEqual({
      email: 'sara@example.com',
    });
    expect(await within(section).findByText('We sent a code to sara@example.com.')).toBeInTheDocument();
    expect(
      (
        within(section).getByRole('button', {
          name: /Send again in \u2066(01:29|01:30)\u2069/,
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);

    api.on('GET /v1/auth/identity/security/email/', { email: 'sara@example.com', verified: true });
    await userEvent.type(within(section).getByLabelText('6-digit code'), '654321');
    await userEvent.click(within(section).getByRole('button', { name: 'Verify' }));
    expect(await api.sentOnce('POST /v1/auth/identity/security/email/verify/')).toEqual({ code: '654321' });
    expect(await within(section).findByText('Verified')).toBeInTheDocument();
  });

  it('says the format an e-mail address needs, with an example', async () => {
    api.on('POST /v1/auth/identity/security/email/', { resendAfter: 90 });
    await open();
    const section = await card('E-mail');
    await userEvent.type(await within(section).findByLabelText('E-mail address'), 'sara-at-example');
    await userEvent.click(within(section).getByRole('button', { name: 'Add e-mail' }));
    expect(await within(section).findByText('Enter an e-mail like name@example.com')).toBeInTheDocument();
    expect(api.calls('POST /v1/auth/identity/security/email/')).toHaveLength(0);
  });

  it('says a wrong e-mail code under its field at once, and no toast', async () => {
    api.on('POST /v1/auth/identity/security/email/', { resendAfter: 90 });
    api.on('POST /v1/auth/identity/security/email/verify/', () => ({ status: 400, statusCode: 620 }));
    const section = await openAndAddEmail();
    const code = await within(section).findByLabelText('6-digit code');
    await userEvent.type(code, '000000');
    await userEvent.click(within(section).getByRole('button', { name: 'Verify' }));
    const message = 'The code is wrong. Check the e-mail and try again, or ask for a new code.';
    expect(await within(section).findByText(message)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('holds the resend button for the wait of a refused resend (260)', async () => {
    api.on('POST /v1/auth/identity/security/email/', { resendAfter: 0 });
    api.on('GET /v1/auth/identity/security/email/verify/resend/', tooManyTries(600));
    const section = await openAndAddEmail();
    await userEvent.click(await within(section).findByRole('button', { name: 'Send the code again' }));
    const held = await within(section).findByRole('button', {
      name: /Send again in \u2066(09:59|10:00)\u2069/,
    });
    expect(held).toBeDisabled();
  });

  it('holds the verify button for the wait of a code check refused as too many tries (260)', async () => {
    api.on('POST /v1/auth/identity/security/email/', { resendAfter: 90 });
    api.on('POST /v1/auth/identity/security/email/verify/', tooManyTries(754));
    const section = await openAndAddEmail();
    await userEvent.type(await within(section).findByLabelText('6-digit code'), '654321');
    await userEvent.click(within(section).getByRole('button', { name: 'Verify' }));
    const note = await within(section).findByTestId('retry-wait');
    expect(note.textContent).toMatch(/try again in \u2066(12:34|12:33)\u2069/);
    expect((within(section).getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(section).getByLabelText('6-digit code')).toBeInTheDocument();
  });

  it('changes an existing e-mail with PUT', async () => {
    api.on('GET /v1/auth/identity/security/email/', { email: 'old@example.com', verified: true });
    api.on('PUT /v1/auth/identity/security/email/', { resendAfter: 120 });
    await open();
    const section = await card('E-mail');
    await userEvent.type(await within(section).findByLabelText('New e-mail address'), 'new@example.com');
    await userEvent.click(within(section).getByRole('button', { name: 'Change e-mail' }));
    await waitFor(() => expect(api.calls('PUT /v1/auth/identity/security/email/')).toHaveLength(1));
    expect(api.calls('POST /v1/auth/identity/security/email/')).toHaveLength(0);
  });

  it('asks for the step-up code before adding an e-mail, in Persian with Persian digits', async () => {
    api.on('POST /v1/auth/identity/security/email/', (request: RecordedRequest) =>
      (request.body as { currentCode?: string }).currentCode
        ? { data: { resendAfter: 120 } }
        : { statusCode: 630, data: { method: 'sms', phone: '0912***4567', resendAfter: 75 } },
    );
    await open('fa');
    const section = await card('ایمیل');
    await userEvent.type(await within(section).findByLabelText('نشانی ایمیل'), 'sara@example.com');
    await userEvent.click(within(section).getByRole('button', { name: 'افزودن ایمیل' }));
    expect((await within(section).findByTestId('email-step-up')).textContent).toContain(
      '\u2066۰۹۱۲***۴۵۶۷\u2069',
    );
    expect(
      within(section).getByRole('button', { name: /ارسال دوباره تا \u2066(۰۱:۱۴|۰۱:۱۵)\u2069 دیگر/ }),
    ).toBeTruthy();
    // Typed in Persian digits, sent in ASCII.
    await userEvent.type(within(section).getByLabelText('کد ۶ رقمی'), '۱۲۳۴۵۶');
    await userEvent.click(within(section).getByRole('button', { name: 'تأیید' }));
    await waitFor(() => expect(api.calls('POST /v1/auth/identity/security/email/')).toHaveLength(2));
    expect(api.calls('POST /v1/auth/identity/security/email/')[1]?.body).toEqual({
      email: 'sara@example.com',
      currentCode: '123456',
    });
    expect(
      await within(section).findByText(`کد به ${isolated('sara@example.com')} فرستاده شد.`),
    ).toBeTruthy();
  });
});

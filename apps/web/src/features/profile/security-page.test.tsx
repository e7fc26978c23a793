import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type RecordedRequest, toasts } from '../../test/feature-harness';
import { card, open, openField, retype, securityHarness } from './security-test-utils';

// The security page: national code, username, password and phone (the e-mail, sign-in methods and
// sessions have files of their own).

const api = securityHarness();

describe('/profile/security', { timeout: 30_000 }, () => {
  it('shows a set national code masked, with no way to change it', async () => {
    await open('fa');
    const section = await card('کد ملی');
    expect((await within(section).findByTestId('national-code')).textContent).toBe('۰۰۱***۴۵۶۳');
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('lets an account without a national code set it once, checking the check digit first', async () => {
    api.on('GET /v1/auth/identity/security/national-code/', { nationalCode: null });
    api.on('POST /v1/auth/identity/security/national-code/', null);
    const { section, input } = await openField('National code', 'National code');
    await retype(section, input, '0010000001', 'Save');
    expect(await within(section).findByText('The national code is not valid')).toBeInTheDocument();
    expect(api.calls('POST /v1/auth/identity/security/national-code/')).toHaveLength(0);
    // 0012345679 is valid; typed in Persian digits it is sent in ASCII.
    await retype(section, input, '۰۰۱۲۳۴۵۶۷۹', 'Save');
    expect(await api.sentOnce('POST /v1/auth/identity/security/national-code/')).toEqual({
      nationalCode: '0012345679',
    });
  });

  it('changes the username', async () => {
    api.on('PUT /v1/auth/identity/security/username/', null);
    const { section, input } = await openField('Username', 'Username');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('sara'));
    await retype(section, input, 'Sara.New', 'Save');
    expect(await api.sentOnce('PUT /v1/auth/identity/security/username/')).toEqual({ username: 'sara.new' });
  });

  it('a taken username is said at the field, not in a generic toast, and goes when the field changes', async () => {
    api.on('PUT /v1/auth/identity/security/username/', () => ({ status: 400, statusCode: 261 }));
    const { section, input } = await openField('Username', 'Username');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('sara'));
    await userEvent.type(input, '2');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(
      await within(section).findByText('This username is already taken. Choose another one.'),
    ).toBeTruthy();
    expect(toasts.error).not.toHaveBeenCalled();
    await userEvent.type(input, '3');
    await waitFor(() =>
      expect(
        within(section).queryByText('This username is already taken. Choose another one.'),
      ).not.toBeInTheDocument(),
    );
  });

  it('a wrong current password or code is said once, at the field', async () => {
    api.on('GET /v1/auth/identity/security/password/verify/resend/sms/', { resendAfter: 120 });
    api.on('PUT /v1/auth/identity/security/password/', () => ({ status: 400, statusCode: 620 }));
    await open();
    const section = await card('Password');
    await userEvent.click(within(section).getByRole('button', { name: 'Send SMS code' }));
    await within(section).findByRole('button', { name: /Send again in/ });
    await userEvent.type(within(section).getByLabelText('Current password'), 'old-Secret-1');
    await userEvent.type(within(section).getByLabelText('New password'), 'new-Secret-22');
    await userEvent.type(within(section).getByLabelText('Repeat the new password'), 'new-Secret-22');
    await userEvent.type(within(section).getByLabelText('6-digit code'), '123456');
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(api.calls('PUT /v1/auth/identity/security/password/')).toHaveLength(1));
    const code = within(section).getByLabelText('6-digit code');
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('changes the password with the SMS code, after sending it', async () => {
    api.on('GET /v1/auth/identity/security/password/verify/resend/sms/', { resendAfter: 120 });
    api.on('PUT /v1/auth/identity/security/password/', null);
    await open();
    const section = await card('Password');
    await userEvent.click(within(section).getByRole('button', { name: 'Send SMS code' }));
    await waitFor(() =>
      expect(api.calls('GET /v1/auth/identity/security/password/verify/resend/sms/')).toHaveLength(1),
    );
    const resend = await within(section).findByRole('button', {
      name: /Send again in \u2066(01:59|02:00)\u2069/,
    });
    expect(resend).toBeDisabled();

    await userEvent.type(within(section).getByLabelText('Current password'), 'old-Secret-1');
    await userEvent.type(within(section).getByLabelText('New password'), 'new-Secret-22');
    await userEvent.type(within(section).getByLabelText('Repeat the new password'), 'new-Secret-2');
    await userEvent.type(within(section).getByLabelText('6-digit code'), '123456');
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(api.calls('PUT /v1/auth/identity/security/password/')).toHaveLength(0);

    await userEvent.type(within(section).getByLabelText('Repeat the new password'), '2');
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await api.sentOnce('PUT /v1/auth/identity/security/password/')).toEqual({
      currentPassword: 'old-Secret-1',
      password: 'new-Secret-22',
      code: '123456',
    });
    expect(toasts.success).toHaveBeenCalledWith('Your password was changed.');
  });

  it('changes the phone: PUT the new number, then POST the code; a bad number is refused', async () => {
    api.on('PUT /v1/auth/identity/security/phone/', { resendAfter: 120 });
    api.on('POST /v1/auth/identity/security/phone/verify/', null);
    const { section, input } = await openField('Mobile number', 'New mobile number');
    await retype(section, input, '12345', 'Change number');
    expect(await within(section).findByText('The mobile number is not valid')).toBeInTheDocument();
    await retype(section, input, '+989351112233', 'Change number');
    expect(await api.sentOnce('PUT /v1/auth/identity/security/phone/')).toEqual({ phone: '09351112233' });
    await userEvent.type(await within(section).findByLabelText('6-digit code'), '111222');
    await userEvent.click(within(section).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(api.calls('POST /v1/auth/identity/security/phone/verify/')).toHaveLength(1));
    expect(toasts.success).toHaveBeenCalledWith('Your mobile number was changed.');
  });

  it('asks a stale session for the code texted to the current phone before changing the number', async () => {
    api.on('PUT /v1/auth/identity/security/phone/', (request: RecordedRequest) =>
      (request.body as { currentCode?: string }).currentCode === '222333'
        ? { data: { resendAfter: 120 } }
        : (request.body as { currentCode?: string }).currentCode
          ? { status: 400, statusCode: 620 }
          : { statusCode: 630, data: { method: 'sms', phone: '0912***4567', resendAfter: 120 } },
    );
    api.on('POST /v1/auth/identity/security/phone/verify/', null);
    await open();
    const section = await card('Mobile number');
    await userEvent.type(await within(section).findByLabelText('New mobile number'), '09351112233');
    await userEvent.click(within(section).getByRole('button', { name: 'Change number' }));

    const explain = await within(section).findByTestId('phone-step-up');
    expect(explain.textContent).toBe(
      // The masked number reads in order, isolated left to right (src/lib/bidi.ts).
      'To keep your account safe, first confirm it is you: we texted a code to your current number \u20660912***4567\u2069.',
    );
    expect(
      (
        within(section).getByRole('button', {
          name: /Send again in \u2066(01:59|02:00)\u2069/,
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);

    // A wrong code is said under the field, what to do next included, and the step stays; no toast.
    await userEvent.type(within(section).getByLabelText('6-digit code'), '999999');
    await userEvent.click(within(section).getByRole('button', { name: 'Verify' }));
    expect(
      await within(section).findByText(
        'The code is wrong. Check the text message and try again, or ask for a new code.',
      ),
    ).toBeTruthy();
    expect(api.calls('PUT /v1/auth/identity/security/phone/')).toHaveLength(2);
    expect(toasts.error).not.toHaveBeenCalled();
    expect(within(section).getByTestId('phone-step-up')).toBeInTheDocument();

    const code = within(section).getByLabelText('6-digit code');
    await retype(section, code, '222333', 'Verify');
    await waitFor(() => expect(api.calls('PUT /v1/auth/identity/security/phone/')).toHaveLength(3));
    expect(api.calls('PUT /v1/auth/identity/security/phone/').map((call) => call.body)).toEqual([
      { phone: '09351112233' },
      { phone: '09351112233', currentCode: '999999' },
      { phone: '09351112233', currentCode: '222333' },
    ]);

    // Now the code to the new number: a fresh, empty code field.
    expect(
      await within(section).findByText('We sent a code to \u206609351112233\u2069.'),
    ).toBeInTheDocument();
    expect(within(section).queryByTestId('phone-step-up')).not.toBeInTheDocument();
    const newCode = within(section).getByLabelText('6-digit code') as HTMLInputElement;
    expect(newCode.value).toBe('');
    await userEvent.type(newCode, '444555');
    await userEvent.click(within(section).getByRole('button', { name: 'Verify' }));
    expect(await api.sentOnce('POST /v1/auth/identity/security/phone/verify/')).toEqual({ code: '444555' });
    expect(toasts.success).toHaveBeenCalledWith('Your mobile number was changed.');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { isolated } from '../../test/bidi';
import { featureTestHarness, type RecordedRequest, renderScreen, toasts } from '../../test/feature-harness';
import { SecurityPage } from './security-page';

const desktopChrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const api = featureTestHarness();
beforeEach(() => {
  api.on('GET /v1/auth/identity/security/username/', { username: 'sara' });
  api.on('GET /v1/auth/identity/security/national-code/', { nationalCode: '001***4563' });
  api.on('GET /v1/auth/identity/security/email/', { email: null, verified: false });
  api.on('GET /v1/auth/identity/security/phone/', { phone: '09121234567' });
  api.on('GET /v1/auth/identity/security/2fa/', {
    method: 'sms',
    methods: { sms: '0912***4567' },
    loginAlerts: true,
  });
  api.on('GET /v1/auth/identity/security/passkeys/', []);
  api.on('GET /v1/auth/identity/security/sessions/', [
    {
      id: 's1',
      ipAddress: '10.0.0.1',
      agent: desktopChrome,
      platform: 'Chrome 126 on Linux',
      createdDate: '2026-01-01T10:00:00.000Z',
      lastSeenDate: '2026-01-02T10:00:00.000Z',
      current: true,
    },
    {
      id: 's2',
      ipAddress: '10.0.0.2',
      agent: iPhoneSafari,
      platform: 'Mobile Safari 17.4 on iOS 17.4, Apple iPhone',
      createdDate: '2026-01-01T09:00:00.000Z',
      lastSeenDate: '2026-01-01T09:30:00.000Z',
      current: false,
    },
  ]);
});

const open = (locale: 'fa' | 'en' = 'en') =>
  renderScreen(<SecurityPage />, {
    path: `/${locale}/profile/security`,
    pattern: '/:locale/profile/security',
    locale,
  });
const card = (name: string) => screen.findByRole('region', { name });

/** Replaces the text of `input` (if any) with `text` and presses the section's button named `button`. */
async function retype(section: HTMLElement, input: HTMLElement, text: string, button: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
  await userEvent.click(within(section).getByRole('button', { name: button }));
}

/** The sessions list holds only `session`, started on 1 January 2026 and last seen the day after. */
const onlySession = (session: {
  id: string;
  ipAddress: string;
  agent: string;
  platform: string;
  current: boolean;
}) =>
  api.on('GET /v1/auth/identity/security/sessions/', [
    { ...session, createdDate: '2026-01-01T10:00:00.000Z', lastSeenDate: '2026-01-02T10:00:00.000Z' },
  ]);

/** Opens the page (in English) and finds the field labelled `label` in the card named `name`. */
async function openField(name: string, label: string) {
  await open();
  const section = await card(name);
  return { section, input: await within(section).findByLabelText(label) };
}

/** The server's refusal of a call tried too often (260), with its wait in seconds. */
const tooManyTries = (retryAfter: number) => () => ({ status: 400, statusCode: 260, data: { retryAfter } });

/** Opens the page (in English) and adds sara@example.com in the e-mail card; returns the card. */
async function openAndAddEmail() {
  await open();
  const section = await card('E-mail');
  await userEvent.type(await within(section).findByLabelText('E-mail address'), 'sara@example.com');
  await userEvent.click(within(section).getByRole('button', { name: 'Add e-mail' }));
  return section;
}

describe('/profile/security', { timeout: 30_000 }, () => {
  it('shows a set national code masked, with no way to change it', async () => {
    await open('fa');
    const section = await card('کد ملی');
    expect((await within(section).findByTestId('national-code')).textContent).toBe('۰۰۱***۴۵۶۳');
    expect(within(section).queryByRole('textbox')).toBeNull();
  });

  it('lets an account without a national code set it once, checking the check digit first', async () => {
    api.on('GET /v1/auth/identity/security/national-code/', { nationalCode: null });
    api.on('POST /v1/auth/identity/security/national-code/', null);
    const { section, input } = await openField('National code', 'National code');
    await retype(section, input, '0010000001', 'Save');
    expect(await within(section).findByText('The national code is not valid')).toBeTruthy();
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
      expect(within(section).queryByText('This username is already taken. Choose another one.')).toBeNull(),
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
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
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
    expect((resend as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(within(section).getByLabelText('Current password'), 'old-Secret-1');
    await userEvent.type(within(section).getByLabelText('New password'), 'new-Secret-22');
    await userEvent.type(within(section).getByLabelText('Repeat the new password'), 'new-Secret-2');
    await userEvent.type(within(section).getByLabelText('6-digit code'), '123456');
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText('The two passwords are not the same.')).toBeTruthy();
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

  it('adds an e-mail, verifies it with the code and counts down before a resend', async () => {
    api.on('POST /v1/auth/identity/security/email/', { resendAfter: 90 });
    api.on('POST /v1/auth/identity/security/email/verify/', null);
    const section = await openAndAddEmail();
    expect(await api.sentOnce('POST /v1/auth/identity/security/email/')).toEqual({
      email: 'sara@example.com',
    });
    expect(await within(section).findByText('We sent a code to sara@example.com.')).toBeTruthy();
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
    expect(await within(section).findByText('Verified')).toBeTruthy();
  });

  it('says the format an e-mail address needs, with an example', async () => {
    api.on('POST /v1/auth/identity/security/email/', { resendAfter: 90 });
    await open();
    const section = await card('E-mail');
    await userEvent.type(await within(section).findByLabelText('E-mail address'), 'sara-at-example');
    await userEvent.click(within(section).getByRole('button', { name: 'Add e-mail' }));
    expect(await within(section).findByText('Enter an e-mail like name@example.com')).toBeTruthy();
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
    expect(await within(section).findByText(message)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
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
    expect((held as HTMLButtonElement).disabled).toBe(true);
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
    expect(within(section).getByLabelText('6-digit code')).toBeTruthy();
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

  it('changes the phone: PUT the new number, then POST the code; a bad number is refused', async () => {
    api.on('PUT /v1/auth/identity/security/phone/', { resendAfter: 120 });
    api.on('POST /v1/auth/identity/security/phone/verify/', null);
    const { section, input } = await openField('Mobile number', 'New mobile number');
    await retype(section, input, '12345', 'Change number');
    expect(await within(section).findByText('The mobile number is not valid')).toBeTruthy();
    await retype(section, input, '+989351112233', 'Change number');
    expect(await api.sentOnce('PUT /v1/auth/identity/security/phone/')).toEqual({ phone: '09351112233' });
    await userEvent.type(await within(section).findByLabelText('6-digit code'), '111222');
    await userEvent.click(within(section).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(api.calls('POST /v1/auth/identity/security/phone/verify/')).toHaveLength(1));
    expect(toasts.success).toHaveBeenCalledWith('Your mobile number was changed.');
  });

  it('lists sessions and ends another one after confirming; the current one cannot be ended here', async () => {
    api.on('DELETE /v1/auth/identity/security/sessions/', null);
    await open();
    const section = await card('Sessions');
    const list = await within(section).findByRole('list', { name: 'Sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('This device')).toBeTruthy();
    // Login and last activity as relative times; the exact moments on hover.
    const details = within(list).getByText(/^IP 10\.0\.0\.2 · logged in .+ ago · active .+ ago$/);
    expect(details.getAttribute('title')).toMatch(/^Logged in .*2026.*, last active .*2026/);
    expect(within(list).getAllByRole('button', { name: /End the session/ })).toHaveLength(1);
    // Devices by name and kind; the raw user agent only on hover.
    expect(within(list).queryByText(/Mozilla/)).toBeNull();
    const phone = within(list).getByText('Mobile Safari 17.4 on iOS 17.4, Apple iPhone');
    expect(phone.getAttribute('title')).toBe(iPhoneSafari);
    expect(within(list).getByText('Chrome 126 on Linux').getAttribute('title')).toBe(desktopChrome);
    expect(within(list).getByRole('img', { name: 'Phone' })).toBeTruthy();
    expect(within(list).getByRole('img', { name: 'Computer' })).toBeTruthy();
    await userEvent.click(
      within(list).getByRole('button', {
        name: 'End the session on Mobile Safari 17.4 on iOS 17.4, Apple iPhone',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await api.sentOnce('DELETE /v1/auth/identity/security/sessions/')).toEqual({ sessionId: 's2' });
  });

  it('names each device in Persian words and digits, product names as written', async () => {
    api.on('GET /v1/auth/identity/security/sessions/', [
      {
        id: 's1',
        ipAddress: '10.0.0.1',
        agent: desktopChrome,
        platform: 'Chrome 156 on Linux',
        device: { browser: 'Chrome', browserVersion: '156', os: 'Linux' },
        createdDate: '2026-01-01T10:00:00.000Z',
        lastSeenDate: '2026-01-02T10:00:00.000Z',
        current: true,
      },
    ]);
    await open('fa');
    const name = await screen.findByText('Chrome ۱۵۶ روی Linux');
    expect(name.getAttribute('dir')).toBe('rtl');
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
    expect(within(section).getByTestId('phone-step-up')).toBeTruthy();

    const code = within(section).getByLabelText('6-digit code');
    await retype(section, code, '222333', 'Verify');
    await waitFor(() => expect(api.calls('PUT /v1/auth/identity/security/phone/')).toHaveLength(3));
    expect(api.calls('PUT /v1/auth/identity/security/phone/').map((call) => call.body)).toEqual([
      { phone: '09351112233' },
      { phone: '09351112233', currentCode: '999999' },
      { phone: '09351112233', currentCode: '222333' },
    ]);

    // Now the code to the new number: a fresh, empty code field.
    expect(await within(section).findByText('We sent a code to \u206609351112233\u2069.')).toBeTruthy();
    expect(within(section).queryByTestId('phone-step-up')).toBeNull();
    const newCode = within(section).getByLabelText('6-digit code') as HTMLInputElement;
    expect(newCode.value).toBe('');
    await userEvent.type(newCode, '444555');
    await userEvent.click(within(section).getByRole('button', { name: 'Verify' }));
    expect(await api.sentOnce('POST /v1/auth/identity/security/phone/verify/')).toEqual({ code: '444555' });
    expect(toasts.success).toHaveBeenCalledWith('Your mobile number was changed.');
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

  it('offers e-mail for login codes only once an address is verified, and explains why', async () => {
    await open();
    const section = await card('Two-factor verification');
    const email = await within(section).findByRole('radio', { name: /E-mail/ });
    expect((email as HTMLInputElement).disabled).toBe(true);
    expect(email.getAttribute('aria-describedby')).toBe('two-fa-email-help');
    expect(
      within(section).getByText('Add and verify an e-mail address above to receive login codes by e-mail.'),
    ).toBeTruthy();
    expect((within(section).getByRole('radio', { name: /SMS/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(section).getByText('0912***4567')).toBeTruthy();
    expect((within(section).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
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
    expect(within(section).getByText('s***@example.com')).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('This account has no verified e-mail address')).toBeTruthy();
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
    expect(within(section).getByText(/add one above to receive them/)).toBeTruthy();
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
    expect(await within(section).findByText('۰۹۱۲***۴۵۶۷')).toBeTruthy();
  });

  it('a session whose agent names no browser is an unknown device, the agent on hover', async () => {
    api.on('GET /v1/auth/identity/security/passkeys/', []);
    onlySession({ id: 's3', ipAddress: '10.0.0.3', agent: 'node', platform: 'unknown', current: false });
    await open('fa');
    const list = await within(await card('نشست‌ها')).findByRole('list');
    const name = within(list).getByText('دستگاه ناشناخته');
    expect(name.getAttribute('title')).toBe('node');
    expect(within(list).queryByText(/unknown|node/)).toBeNull();
    expect(within(list).getByRole('img', { name: 'دستگاه دیگر' })).toBeTruthy();
  });

  it('ends every other session after confirming', async () => {
    api.on('DELETE /v1/auth/identity/security/sessions/others/', { revoked: 1 });
    await open();
    const section = await card('Sessions');
    await within(section).findByRole('list', { name: 'Sessions' });
    await userEvent.click(within(section).getByRole('button', { name: 'End all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End all other sessions?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End them' }));
    await waitFor(() =>
      expect(api.calls('DELETE /v1/auth/identity/security/sessions/others/')).toHaveLength(1),
    );
    expect(toasts.success).toHaveBeenCalledWith('1 session was ended.');
    expect(api.calls('DELETE /v1/auth/identity/security/sessions/')).toHaveLength(0);
  });

  it('offers no "end all others" when this is the only session', async () => {
    api.on('GET /v1/auth/identity/security/passkeys/', []);
    onlySession({ id: 's1', ipAddress: '10.0.0.1', agent: 'Chrome 126', platform: 'Linux', current: true });
    await open();
    const section = await card('Sessions');
    await within(section).findByRole('list', { name: 'Sessions' });
    expect(within(section).queryByRole('button', { name: 'End all other sessions' })).toBeNull();
  });
});

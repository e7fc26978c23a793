import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Passkey } from '@wsm/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { featureTestHarness, type RecordedRequest, renderScreen, toasts } from '../../test/feature-harness';
import { PasskeysCard } from './components/passkeys-card';

// The passkeys section of the security settings: the list (dates in the language's calendar), adding one
// through the browser's prompt (here a stand-in for @simplewebauthn/browser), the browser's and the
// server's refusals in words, a step-up first from a stale session, renaming, deleting after a confirmation.

const webauthn = vi.hoisted(() => ({ supported: true, create: vi.fn() }));
vi.mock('../../lib/webauthn', async (original) => ({
  ...(await original<typeof import('../../lib/webauthn')>()),
  passkeysSupported: () => webauthn.supported,
  createPasskey: webauthn.create,
}));
const { PasskeyError } = await import('../../lib/webauthn');

const listPath = 'GET /v1/auth/identity/security/passkeys/';
const optionsPath = 'POST /v1/auth/identity/security/passkeys/options/';
const registerPath = 'POST /v1/auth/identity/security/passkeys/';
const renamePath = 'PUT /v1/auth/identity/security/passkeys/';
const deletePath = 'DELETE /v1/auth/identity/security/passkeys/';
const options = { challenge: 'Y2hhbGxlbmdl', rp: { name: 'Workspace Manager', id: 'localhost' } };
const answer = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
const laptop: Passkey = {
  id: 'pk1',
  name: 'Work laptop',
  createdDate: '2026-03-21T08:30:00.000Z',
  lastUsedDate: null,
};

const api = featureTestHarness();
let passkeys: Passkey[];
beforeEach(() => {
  passkeys = [];
  webauthn.supported = true;
  webauthn.create.mockReset();
  api.on(listPath, () => ({ data: passkeys }));
  api.on(optionsPath, options);
});

const open = async (locale: 'fa' | 'en' = 'en') => {
  await renderScreen(<PasskeysCard />, {
    path: `/${locale}/profile/security`,
    pattern: '/:locale/profile/security',
    locale,
  });
  return screen.findByRole('region', { name: locale === 'fa' ? 'کلیدهای عبور' : 'Passkeys' });
};

describe('the passkeys section', { timeout: 30_000 }, () => {
  it('lists passkeys with their dates in the Persian calendar in fa', async () => {
    passkeys = [laptop, { ...laptop, id: 'pk2', name: 'گوشی', lastUsedDate: '2026-03-22T09:00:00.000Z' }];
    const card = await open('fa');
    const list = await within(card).findByRole('list', { name: 'کلیدهای عبور شما' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    // 21 March 2026 is 1 Farvardin 1405.
    expect(items[0]?.textContent).toContain('Work laptop');
    expect(items[0]?.textContent).toContain('۱ فروردین ۱۴۰۵');
    expect(items[0]?.textContent).toContain('هرگز');
    expect(items[1]?.textContent).toContain('۲ فروردین ۱۴۰۵');
    expect(within(card).getByRole('button', { name: 'حذف کلید عبور گوشی' })).toBeInTheDocument();
  });

  it('adds a passkey: options, the browser prompt, then the registration with its name', async () => {
    webauthn.create.mockResolvedValue(answer);
    api.on(registerPath, (request: RecordedRequest) => {
      passkeys = [{ ...laptop, name: (request.body as { name: string }).name }];
      return { data: passkeys[0] };
    });
    const card = await open();
    expect(await within(card).findByText('You have no passkeys yet.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Add a passkey' }));
    expect(
      await within(card).findByText('Give the passkey a name of 1 to 50 characters.'),
    ).toBeInTheDocument();
    expect(api.calls(optionsPath)).toHaveLength(0);

    await userEvent.type(within(card).getByLabelText('Passkey name'), '  Home PC ');
    await userEvent.click(within(card).getByRole('button', { name: 'Add a passkey' }));
    await waitFor(() => expect(api.calls(registerPath)).toHaveLength(1));
    expect(webauthn.create).toHaveBeenCalledWith(options);
    expect(api.calls(registerPath)[0]?.body).toEqual({ name: 'Home PC', response: answer });
    expect(toasts.success).toHaveBeenCalledWith(
      'Passkey “Home PC” added. You can use it at your next login.',
    );
    expect(await within(card).findByText('Home PC')).toBeInTheDocument();
  });

  it('says why when the browser is cancelled, refuses, or the server does not accept the answer', async () => {
    const card = await open();
    await userEvent.type(within(card).getByLabelText('Passkey name'), 'Key');

    webauthn.create.mockRejectedValueOnce(new PasskeyError('cancelled'));
    await userEvent.click(within(card).getByRole('button', { name: 'Add a passkey' }));
    expect((await within(card).findByRole('alert')).textContent).toContain(
      'the prompt was closed or timed out',
    );
    expect(api.calls(registerPath)).toHaveLength(0);

    webauthn.create.mockRejectedValueOnce(new PasskeyError('already-registered'));
    await userEvent.click(within(card).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(card).findByText(/already holds a passkey/)).toBeInTheDocument();

    webauthn.create.mockResolvedValueOnce(answer);
    api.on(registerPath, () => ({ status: 400, statusCode: 620 }));
    await userEvent.click(within(card).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(card).findByText(/The server did not accept this passkey/)).toBeInTheDocument();
    // Said once, in the section: no toast of the generic "wrong credentials" as well.
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('without WebAuthn, says so instead of offering to add, and still lists and deletes', async () => {
    webauthn.supported = false;
    passkeys = [laptop];
    const card = await open();
    expect(await within(card).findByText(/This browser cannot use passkeys here/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete passkey Work laptop' })).toBeInTheDocument();
  });

  it('from a stale session, asks for the step-up code first, then goes on with it', async () => {
    webauthn.create.mockResolvedValue(answer);
    api.on(registerPath, { data: laptop });
    api.on(optionsPath, (request: RecordedRequest) =>
      (request.body as { currentCode?: string }).currentCode
        ? { data: options }
        : { statusCode: 630, data: { method: 'sms', phone: '0912***4567', resendAfter: 120 } },
    );
    const card = await open();
    await userEvent.type(within(card).getByLabelText('Passkey name'), 'Key');
    await userEvent.click(within(card).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(card).findByTestId('passkeys-step-up')).toBeInTheDocument();
    expect(webauthn.create).not.toHaveBeenCalled();
    await userEvent.type(within(card).getByLabelText('6-digit code'), '123456');
    await userEvent.click(within(card).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(api.calls(registerPath)).toHaveLength(1));
    expect(api.calls(optionsPath).map((call) => call.body)).toEqual([{}, { currentCode: '123456' }]);
  });

  it('renames, and deletes only after a confirmation', async () => {
    passkeys = [laptop];
    api.on(renamePath, (request: RecordedRequest) => {
      passkeys = [{ ...laptop, name: (request.body as { name: string }).name }];
      return { data: passkeys[0] };
    });
    api.on(deletePath, () => {
      passkeys = [];
      return { data: null };
    });
    const card = await open();
    await userEvent.click(await within(card).findByRole('button', { name: 'Rename passkey Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the passkey' });
    const field = within(dialog).getByLabelText('Passkey name');
    await userEvent.clear(field);
    await userEvent.type(field, 'Old laptop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(renamePath)[0]?.body).toEqual({ id: 'pk1', name: 'Old laptop' }));
    expect(await within(card).findByText('Old laptop')).toBeInTheDocument();

    await userEvent.click(await within(card).findByRole('button', { name: 'Delete passkey Old laptop' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete this passkey?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(deletePath)).toHaveLength(0);

    await userEvent.click(await within(card).findByRole('button', { name: 'Delete passkey Old laptop' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete this passkey?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls(deletePath)[0]?.body).toEqual({ id: 'pk1' }));
    expect(await within(card).findByText('You have no passkeys yet.')).toBeInTheDocument();
  });
});

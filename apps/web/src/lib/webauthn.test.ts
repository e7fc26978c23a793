import { afterEach, describe, expect, it, vi } from 'vitest';

// The browser side of passkeys: no prompt without WebAuthn, and the browser's failures sorted into the
// few reasons the screens explain.

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => browser);
const { authenticateWithPasskey, createPasskey, PasskeyError, passkeysSupported } = await import(
  './webauthn'
);

const options = { challenge: 'Y2hhbGxlbmdl' };
const domError = (name: string, code?: string) => Object.assign(new Error(name), { name, code });

function withWebAuthn(): void {
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: { create: vi.fn(), get: vi.fn() },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'credentials');
  browser.startRegistration.mockReset();
  browser.startAuthentication.mockReset();
});

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof PasskeyError ? error.reason : String(error)),
  );

describe('passkeys in the browser', () => {
  it('without WebAuthn, says unsupported and never prompts', async () => {
    expect(passkeysSupported()).toBe(false);
    expect(await reasonOf(createPasskey(options))).toBe('unsupported');
    expect(await reasonOf(authenticateWithPasskey(options))).toBe('unsupported');
    expect(browser.startRegistration).not.toHaveBeenCalled();
  });

  it('passes the options on and sorts the failures', async () => {
    withWebAuthn();
    expect(passkeysSupported()).toBe(true);
    browser.startRegistration.mockResolvedValueOnce({ id: 'cred' });
    expect(await createPasskey(options)).toEqual({ id: 'cred' });
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: options });

    browser.startRegistration.mockRejectedValueOnce(domError('NotAllowedError'));
    expect(await reasonOf(createPasskey(options))).toBe('cancelled');
    browser.startRegistration.mockRejectedValueOnce(
      domError('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'),
    );
    expect(await reasonOf(createPasskey(options))).toBe('already-registered');
    browser.startAuthentication.mockRejectedValueOnce(domError('AbortError', 'ERROR_CEREMONY_ABORTED'));
    expect(await reasonOf(authenticateWithPasskey(options))).toBe('cancelled');
    browser.startAuthentication.mockRejectedValueOnce(domError('SecurityError', 'ERROR_INVALID_RP_ID'));
    expect(await reasonOf(authenticateWithPasskey(options))).toBe('wrong-address');
    browser.startAuthentication.mockRejectedValueOnce(domError('UnknownError'));
    expect(await reasonOf(authenticateWithPasskey(options))).toBe('failed');
  });

  it("at another address than the passkeys' domain, names that domain and never prompts", async () => {
    withWebAuthn();
    // jsdom's page is at localhost.
    const elsewhere = createPasskey({ ...options, rp: { id: 'app.example.com', name: 'App' } });
    await expect(elsewhere).rejects.toMatchObject({ reason: 'wrong-address', address: 'app.example.com' });
    const signIn = authenticateWithPasskey({ ...options, rpId: 'app.example.com' });
    await expect(signIn).rejects.toMatchObject({ reason: 'wrong-address', address: 'app.example.com' });
    expect(browser.startRegistration).not.toHaveBeenCalled();
    expect(browser.startAuthentication).not.toHaveBeenCalled();

    browser.startAuthentication.mockResolvedValueOnce({ id: 'cred' });
    expect(await authenticateWithPasskey({ ...options, rpId: 'localhost' })).toEqual({ id: 'cred' });
  });
});

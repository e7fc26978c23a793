import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { WebAuthnOptions } from '@wsm/contracts';

// The browser's side of passkeys (navigator.credentials through @simplewebauthn/browser). The library is
// loaded only when a passkey is used (a dynamic import: its own chunk), so it never weighs on the login's
// first screen. Failures become one of a few reasons the screens explain in words.

/** Why the browser gave no passkey answer. */
export type PasskeyFailure =
  /** No WebAuthn here (an old browser, or a page not served over HTTPS). */
  | 'unsupported'
  /** The person closed the prompt, it timed out, or no matching passkey was chosen. */
  | 'cancelled'
  /** The authenticator already holds a passkey of this account. */
  | 'already-registered'
  /** Anything else the browser or authenticator refused. */
  | 'failed';

export class PasskeyError extends Error {
  override name = 'PasskeyError';
  constructor(readonly reason: PasskeyFailure) {
    super(`passkey: ${reason}`);
  }
}

/** Whether this browser offers WebAuthn at all (checked before any prompt, without loading the library). */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext === true &&
    typeof window.PublicKeyCredential === 'function' &&
    typeof navigator.credentials?.create === 'function'
  );
}

function failureOf(error: unknown): PasskeyFailure {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return 'already-registered';
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError')
    return 'cancelled';
  return 'failed';
}

const load = () => import('@simplewebauthn/browser');

/** Runs one ceremony of the browser library; any failure of it becomes a PasskeyError saying which kind. */
async function ceremony<T>(run: (library: Awaited<ReturnType<typeof load>>) => Promise<T>): Promise<T> {
  if (!passkeysSupported()) throw new PasskeyError('unsupported');
  const library = await load();
  try {
    return await run(library);
  } catch (error) {
    throw new PasskeyError(failureOf(error));
  }
}

/** Asks the browser to create a passkey for the server's registration options. */
export const createPasskey = (options: WebAuthnOptions): Promise<RegistrationResponseJSON> =>
  ceremony((library) => library.startRegistration({ optionsJSON: options as never }));

/** Asks the browser to sign the server's authentication options with one of the allowed passkeys. */
export const authenticateWithPasskey = (options: WebAuthnOptions): Promise<AuthenticationResponseJSON> =>
  ceremony((library) => library.startAuthentication({ optionsJSON: options as never }));

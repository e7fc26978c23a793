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
  /** The page is open at an address the passkeys do not belong to (`PasskeyError.address` names theirs). */
  | 'wrong-address'
  /** Anything else the browser or authenticator refused. */
  | 'failed';

export class PasskeyError extends Error {
  override name = 'PasskeyError';
  constructor(
    readonly reason: PasskeyFailure,
    /** For 'wrong-address': the domain the passkeys belong to. */
    readonly address?: string,
  ) {
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

/** The relying party's domain the options name (`rp.id` to create, `rpId` to sign in). */
function rpIdOf(options: WebAuthnOptions): string | undefined {
  const { rp, rpId } = options as { rp?: { id?: unknown }; rpId?: unknown };
  const id = rp?.id ?? rpId;
  return typeof id === 'string' && id ? id : undefined;
}

/** Whether a page at `hostname` may use passkeys of `rpId` (the domain itself or one under it). */
function servesRpId(hostname: string, rpId: string): boolean {
  return hostname === rpId || hostname.endsWith(`.${rpId}`);
}

function failureOf(error: unknown): PasskeyFailure {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (name === 'SecurityError' || code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID')
    return 'wrong-address';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return 'already-registered';
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError')
    return 'cancelled';
  return 'failed';
}

const load = () => import('@simplewebauthn/browser');

/**
 * Runs one ceremony of the browser library; any failure of it becomes a PasskeyError saying which kind.
 * A page open at another address than the passkeys' (an IP, another host name) is told so before the
 * browser is asked: its own refusal would only say "not allowed".
 */
async function ceremony<T>(
  options: WebAuthnOptions,
  run: (library: Awaited<ReturnType<typeof load>>) => Promise<T>,
): Promise<T> {
  if (!passkeysSupported()) throw new PasskeyError('unsupported');
  const rpId = rpIdOf(options);
  if (rpId && !servesRpId(window.location.hostname, rpId)) throw new PasskeyError('wrong-address', rpId);
  const library = await load();
  try {
    return await run(library);
  } catch (error) {
    const reason = failureOf(error);
    throw new PasskeyError(reason, reason === 'wrong-address' ? rpId : undefined);
  }
}

/** Asks the browser to create a passkey for the server's registration options. */
export const createPasskey = (options: WebAuthnOptions): Promise<RegistrationResponseJSON> =>
  ceremony(options, (library) => library.startRegistration({ optionsJSON: options as never }));

/** Asks the browser to sign the server's authentication options with one of the allowed passkeys. */
export const authenticateWithPasskey = (options: WebAuthnOptions): Promise<AuthenticationResponseJSON> =>
  ceremony(options, (library) => library.startAuthentication({ optionsJSON: options as never }));

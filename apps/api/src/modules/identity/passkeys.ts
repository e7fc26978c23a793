import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  type AuthenticationResponse,
  type Passkey,
  type RegistrationResponse,
  StatusCode,
  type WebAuthnOptions,
} from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import { isUniqueViolation } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, found } from '../../http/app-error';
import { authenticatorIssuer } from './authenticator';
import * as repo from './repository';
import type { PasskeyRow } from './schema';

// Passkeys (WebAuthn) as a second factor: the login's password step stays, and a passkey replaces the
// code. The challenges are kept server-side for 5 minutes and used once; a registration's is bound to the
// session that asked for it, an authentication's to the login challenge. Whatever is wrong in an answer
// (origin, RP id, challenge, signature, an unknown or another account's credential, a counter that went
// backwards) is 620 and nothing more: the caller learns nothing about which part failed.

/** How long a WebAuthn challenge waits for its answer (the browser's own timeout is 60 s of it). */
const challengeLifetimeSeconds = 5 * 60;
const browserTimeoutMs = 120_000;

const now = (): Date => new Date();
const wrongCredentials = () => new AppError(StatusCode.wrongCredentials);

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdDate: row.createdDate.toISOString(),
    lastUsedDate: row.lastUsedDate?.toISOString() ?? null,
  };
}

/** What an answer must be signed over and for: this challenge, our origin and RP id (no user verification asked). */
function expected(deps: AppDeps, challenge: string, origin: string) {
  return {
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: deps.config.webauthn.rpId,
    requireUserVerification: false,
  };
}

/** A verified answer; undefined when it does not verify or the library refuses it (it throws). */
async function verified<T extends { verified: boolean }>(
  verify: () => Promise<T>,
): Promise<(T & { verified: true }) | undefined> {
  try {
    const verification = await verify();
    return verification.verified ? (verification as T & { verified: true }) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a passkey answer came from one of our origins: the configured ones (WEBAUTHN_ORIGINS, by
 * default PUBLIC_URL's), and outside production any http://localhost port when the RP id is localhost
 * (the Vite dev server). The browser writes the origin into the signed client data.
 */
function originAllowed(deps: AppDeps, origin: string): boolean {
  const { rpId, origins } = deps.config.webauthn;
  if (origins.includes(origin)) return true;
  return !deps.config.isProduction && rpId === 'localhost' && /^http:\/\/localhost(:\d{1,5})?$/.test(origin);
}

/** The origin the browser signed, or undefined when the client data cannot be read. */
function signedOrigin(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      origin?: unknown;
    };
    return typeof data.origin === 'string' ? data.origin : undefined;
  } catch {
    return undefined;
  }
}

function checkedOrigin(deps: AppDeps, clientDataJSON: string): string {
  const origin = signedOrigin(clientDataJSON);
  if (!origin || !originAllowed(deps, origin)) throw wrongCredentials();
  return origin;
}

function expiry(t: Date): Date {
  return new Date(t.getTime() + challengeLifetimeSeconds * 1000);
}

/** The account's passkeys as the credentials the browser is told of (to exclude, or to allow). */
function credentialsOf(rows: PasskeyRow[]) {
  return rows.map((row) => ({
    id: row.credentialId,
    transports: row.transports as AuthenticatorTransport[],
  }));
}

/** Keeps the options' challenge for its answer (challengeLifetimeSeconds, used once); answers the options. */
async function keepChallenge(
  deps: AppDeps,
  owner: Pick<Parameters<typeof repo.putPasskeyChallenge>[1], 'purpose' | 'boundTo' | 'userId'>,
  options: PublicKeyCredentialCreationOptionsJSON | PublicKeyCredentialRequestOptionsJSON,
): Promise<WebAuthnOptions> {
  const t = now();
  await repo.putPasskeyChallenge(deps.database.db, {
    id: uuidv7(),
    ...owner,
    challenge: options.challenge,
    expiresDate: expiry(t),
    createdDate: t,
  });
  return { ...options };
}

export async function listPasskeys(deps: AppDeps, userId: string): Promise<Passkey[]> {
  return (await repo.listPasskeys(deps.database.db, userId)).map(toPasskey);
}

/**
 * Registration options for the calling session, excluding the account's passkeys (an authenticator
 * holding one of them is not registered twice). The session must be fresh: security/service.ts checks.
 */
export async function registrationOptions(
  deps: AppDeps,
  user: {
    id: string;
    username: string | null;
    phone: string;
    firstName: string | null;
    lastName: string | null;
  },
  sessionId: string,
): Promise<WebAuthnOptions> {
  const existing = await repo.listPasskeys(deps.database.db, user.id);
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const options = await generateRegistrationOptions({
    rpName: authenticatorIssuer,
    rpID: deps.config.webauthn.rpId,
    userName: user.username ?? user.phone,
    userDisplayName: displayName || (user.username ?? user.phone),
    // A stable opaque handle: the user id's bytes (no phone or name inside).
    userID: new TextEncoder().encode(user.id),
    timeout: browserTimeoutMs,
    attestationType: 'none',
    excludeCredentials: credentialsOf(existing),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  return keepChallenge(deps, { purpose: 'registration', boundTo: sessionId, userId: user.id }, options);
}

/**
 * Registers a passkey from the answer to this session's registration options (used up whatever the
 * outcome). 620 when the answer does not verify (wrong origin, RP id or challenge, no pending one);
 * 261 when that credential is registered already.
 */
export async function registerPasskey(
  deps: AppDeps,
  caller: { id: string; sessionId: string },
  name: string,
  response: RegistrationResponse,
): Promise<Passkey> {
  const db = deps.database.db;
  const t = now();
  const challenge = await repo.takePasskeyChallenge(db, 'registration', caller.sessionId, caller.id, t);
  if (!challenge) throw wrongCredentials();
  const origin = checkedOrigin(deps, response.response.clientDataJSON);
  const verification = await verified(() =>
    verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      ...expected(deps, challenge, origin),
    }),
  );
  if (!verification) throw wrongCredentials();
  const { credential } = verification.registrationInfo;
  try {
    const row = await repo.insertPasskey(db, {
      id: uuidv7(),
      userId: caller.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      name,
      createdDate: t,
    });
    return toPasskey(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(StatusCode.duplicate);
    throw error;
  }
}

/** Renames one of the account's passkeys (404 when it has none of that id). */
export async function renamePasskey(
  deps: AppDeps,
  userId: string,
  id: string,
  name: string,
): Promise<Passkey> {
  const row = found(await repo.renamePasskey(deps.database.db, userId, id, name));
  return toPasskey(row);
}

/** Deletes one of the account's passkeys (404 when it has none of that id). */
export async function deletePasskey(deps: AppDeps, userId: string, id: string): Promise<void> {
  if (!(await repo.deletePasskey(deps.database.db, userId, id))) throw new AppError(StatusCode.notFound);
}

/**
 * Authentication options for a login challenge: the account's passkeys only (a second factor, not a
 * way to find the account). 404 when the account has none.
 */
export async function authenticationOptions(
  deps: AppDeps,
  login: { challengeId: string; userId: string },
): Promise<WebAuthnOptions> {
  const rows = await repo.listPasskeys(deps.database.db, login.userId);
  if (rows.length === 0) throw new AppError(StatusCode.notFound);
  const options = await generateAuthenticationOptions({
    rpID: deps.config.webauthn.rpId,
    timeout: browserTimeoutMs,
    userVerification: 'preferred',
    allowCredentials: credentialsOf(rows),
  });
  return keepChallenge(
    deps,
    { purpose: 'authentication', boundTo: login.challengeId, userId: login.userId },
    options,
  );
}

/**
 * Checks a passkey answer for a login challenge (the pending WebAuthn challenge is used up whatever the
 * outcome): the credential must be one of this account's, signed for our origin and RP id, over the
 * challenge, with a counter above the stored one. False for anything wrong.
 */
export async function checkPasskeyLogin(
  deps: AppDeps,
  login: { challengeId: string; userId: string },
  response: AuthenticationResponse,
): Promise<boolean> {
  const db = deps.database.db;
  const t = now();
  const challenge = await repo.takePasskeyChallenge(db, 'authentication', login.challengeId, login.userId, t);
  if (!challenge) return false;
  const origin = signedOrigin(response.response.clientDataJSON);
  if (!origin || !originAllowed(deps, origin)) return false;
  const row = await repo.findPasskeyByCredential(db, response.id);
  // Another account's passkey is as unknown as one never registered.
  if (!row || row.userId !== login.userId) return false;
  // A counter that went backwards (a cloned authenticator) is refused too.
  const verification = await verified(() =>
    verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      ...expected(deps, challenge, origin),
      credential: {
        id: row.credentialId,
        publicKey: new Uint8Array(row.publicKey),
        counter: row.counter,
        transports: row.transports as AuthenticatorTransport[],
      },
    }),
  );
  if (!verification) return false;
  return repo.usePasskey(db, row.id, verification.authenticationInfo.newCounter, t);
}

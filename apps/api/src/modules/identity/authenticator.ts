import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { recoveryCodeAlphabet, recoveryCodeSchema, StatusCode } from '@wsm/contracts';
import { generateSecret, generateURI, verify } from 'otplib';
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../deps';
import { AppError, found } from '../../http/app-error';
import { openSecret, sealSecret } from '../../lib/secret-box';
import * as repo from './repository';
import type { AuthenticatorRow } from './schema';

// The authenticator-app method (the spec's "google"; TOTP, RFC 6238: SHA-1, 6 digits, 30 s). The secret
// is kept encrypted (lib/secret-box.ts) under TOTP_ENCRYPTION_KEY; recovery codes are kept as HMACs
// under a key derived from it, so neither a copy of the database alone nor an offline search through
// the 2^50 possible codes gets anywhere.

/** The name the app shows above the codes (the otpauth issuer). */
export const authenticatorIssuer = 'Workspace Manager';
const periodSeconds = 30;
/** A code of the step before or after the server's is accepted too (clocks drift; typing takes time). */
const toleranceSeconds = periodSeconds;
export const recoveryCodeCount = 10;

const now = (): Date => new Date();

function recoveryKey(deps: AppDeps): Buffer {
  return Buffer.from(hkdfSync('sha256', deps.config.totpEncryptionKey, '', 'recovery-codes', 32));
}

function hashRecoveryCode(deps: AppDeps, userId: string, code: string): string {
  return createHmac('sha256', recoveryKey(deps))
    .update(`recovery-code\0${userId}\0${code}`)
    .digest('base64url');
}

/** Ten fresh recovery codes, `abcde-fghij`, from the operating system's CSPRNG (50 bits each). */
function generateRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const letters = Array.from(
      { length: 10 },
      () => recoveryCodeAlphabet[randomInt(recoveryCodeAlphabet.length)],
    );
    return `${letters.slice(0, 5).join('')}-${letters.slice(5).join('')}`;
  });
}

/**
 * Accepts a code of the app once: it must match the current step or the one before or after, and be of
 * a later step than every code accepted before (a code seen over a shoulder or replayed is refused).
 */
async function acceptCode(deps: AppDeps, row: AuthenticatorRow, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const secret = openSecret(deps.config.totpEncryptionKey, row.secretCiphertext, row.userId);
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now().getTime() / 1000),
    epochTolerance: toleranceSeconds,
    ...(row.lastUsedStep !== null ? { afterTimeStep: row.lastUsedStep } : {}),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  return repo.useAuthenticatorStep(deps.database.db, row.userId, result.timeStep);
}

async function confirmedAuthenticator(deps: AppDeps, userId: string): Promise<AuthenticatorRow | undefined> {
  const row = await repo.findAuthenticator(deps.database.db, userId);
  return row?.confirmedDate ? row : undefined;
}

/** Whether the account has a confirmed authenticator app (login may ask for its code). */
export async function hasAuthenticator(deps: AppDeps, userId: string): Promise<boolean> {
  return (await confirmedAuthenticator(deps, userId)) !== undefined;
}

/**
 * Starts an enrolment: a new secret, stored encrypted and not active until confirmed with a first code.
 * 261 when an app is already enrolled (it is turned off first, with one of its codes).
 */
export async function startEnrolment(
  deps: AppDeps,
  user: { id: string; username: string | null; phone: string },
): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = generateSecret();
  const sealed = sealSecret(deps.config.totpEncryptionKey, secret, user.id);
  if (!(await repo.startAuthenticator(deps.database.db, user.id, sealed, now())))
    throw new AppError(StatusCode.duplicate);
  const uri = new URL(
    generateURI({ issuer: authenticatorIssuer, label: user.username ?? user.phone, secret }),
  );
  // Apps assume these, but the contract names them: some apps read only what the URI says.
  uri.searchParams.set('digits', '6');
  uri.searchParams.set('period', String(periodSeconds));
  // URLSearchParams writes spaces as '+', which some apps show as is.
  return { secret, otpauthUrl: uri.toString().replaceAll('+', '%20') };
}

/**
 * Confirms the started enrolment with a first code of the app (620 when wrong, 404 when none was
 * started, 261 when already confirmed) and answers its recovery codes, shown this once.
 */
export async function confirmEnrolment(
  deps: AppDeps,
  userId: string,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  const row = found(await repo.findAuthenticator(deps.database.db, userId));
  if (row.confirmedDate) throw new AppError(StatusCode.duplicate);
  if (!(await acceptCode(deps, row, code))) throw new AppError(StatusCode.wrongCredentials);
  const codes = generateRecoveryCodes();
  const hashes = codes.map((plain) => ({ id: uuidv7(), codeHash: hashRecoveryCode(deps, userId, plain) }));
  const confirmed = await deps.database.db.transaction((tx) =>
    repo.confirmAuthenticator(tx, userId, hashes, now()),
  );
  if (!confirmed) throw new AppError(StatusCode.duplicate);
  return { recoveryCodes: codes };
}

/** Checks a code of the confirmed app (single use); false when wrong, replayed or none is enrolled. */
export async function checkAuthenticatorCode(deps: AppDeps, userId: string, code: string): Promise<boolean> {
  const row = await confirmedAuthenticator(deps, userId);
  return row !== undefined && acceptCode(deps, row, code);
}

/** Uses up one of the account's recovery codes; false when wrong, used before or the app is off. */
export async function useRecoveryCode(deps: AppDeps, userId: string, code: string): Promise<boolean> {
  const parsed = recoveryCodeSchema.safeParse(code);
  if (!parsed.success || !(await confirmedAuthenticator(deps, userId))) return false;
  return repo.useRecoveryCode(deps.database.db, userId, hashRecoveryCode(deps, userId, parsed.data), now());
}

/**
 * Turns the app off with one of its current codes or a recovery code (620 otherwise; 404 when none is
 * enrolled). Its secret and recovery codes are deleted; login codes go by SMS again if they came from it.
 */
export async function disableAuthenticator(deps: AppDeps, userId: string, code: string): Promise<void> {
  const row = found(await confirmedAuthenticator(deps, userId));
  const proved = /^\d{6}$/.test(code)
    ? await acceptCode(deps, row, code)
    : await useRecoveryCode(deps, userId, code);
  if (!proved) throw new AppError(StatusCode.wrongCredentials);
  await deps.database.db.transaction(async (tx) => {
    await repo.deleteAuthenticator(tx, userId);
    const user = await repo.findUserById(tx, userId);
    if (user?.preferredTwoFaMethod === 'google')
      await repo.updateUser(tx, userId, { preferredTwoFaMethod: 'sms' }, now());
  });
}

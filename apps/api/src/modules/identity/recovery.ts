import { type Locale, maskPhone, StatusCode } from '@wsm/contracts';
import type { AppDeps } from '../../deps';
import { AppError, isAppError } from '../../http/app-error';
import {
  assertResendAllowed,
  checkCode,
  createChallenge,
  deliver,
  type Logger,
  limitSend,
  liveChallenge,
  localeOf,
  now,
  resendCode,
  seconds,
  unauthorized,
} from './challenges';
import { decoyPhoneMask } from './decoys';
import { resendAfterSeconds } from './one-time-codes';
import { assertStrongPassword, hashPassword } from './passwords';
import * as repo from './repository';

// Password recovery: national code, code, new password; the same answer for unknown accounts.

// ---------- password recovery

// A start over the phone's budget takes over a code texted within the day (the daily budget's window).
const reuseForSeconds = 86_400;

/** A limiter that cannot count (its store is down) cannot say yes: logged, and 503 rather than a 500. */
async function unlessLimiterDown(counting: Promise<void>, log: Logger): Promise<void> {
  try {
    await counting;
  } catch (error) {
    if (isAppError(error)) throw error;
    log.error({ err: error }, 'rate limiter failed');
    throw new AppError(StatusCode.unavailable);
  }
}

/**
 * Whether a recovery code may go to `key` now. Over the per-phone limit it answers false, so the flow
 * answers as usual and sends nothing (a 260 here would reveal the account); a limiter that is down fails
 * the request (503) for registered and unknown national codes alike, never a silent "sent".
 */
async function recoverySendAllowed(deps: AppDeps, key: string, log: Logger): Promise<boolean> {
  try {
    await unlessLimiterDown(limitSend(deps, 'recovery', 'sms', key), log);
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === StatusCode.rateLimited) return false;
    throw error;
  }
}

/**
 * Recovery step 1. Answers the same shape in the same time whether the national code is registered or
 * not: an unknown one gets a decoy challenge (no code exists, nothing is sent) and a stable decoy mask.
 * Nobody else's starts stop the owner's: over the phone's recovery budget nothing more is texted, and the
 * new challenge takes over the code texted last (the owner's phone holds it), whose 5 tries every challenge
 * that takes it shares (docs/security.md). The SMS is handed to the provider without waiting, so its
 * latency reveals nothing either.
 */
export async function startRecovery(
  deps: AppDeps,
  input: { nationalCode: string; log: Logger },
): Promise<{ recoveryToken: string; phone: string; resendAfter: number }> {
  const user = await repo.findUserByNationalCode(deps.database.db, input.nationalCode);
  // Counted for decoys too (under a key no phone can have), so limits answer alike.
  const sendKey = user ? user.phone : `decoy:${input.nationalCode}`;
  const sendAllowed = await recoverySendAllowed(deps, sendKey, input.log);
  // Looked up for unknown codes too (no user has the empty id), so both take the same time.
  const reused = sendAllowed
    ? undefined
    : await repo.latestRecoveryCode(deps.database.db, user?.id ?? '', seconds(now(), -reuseForSeconds));
  const { challenge, token, code } = await createChallenge(deps, {
    purpose: 'recovery',
    userId: user?.id ?? null,
    nationalCode: input.nationalCode,
    channel: 'sms',
    destination: user?.phone ?? null,
    withCode: user !== undefined && sendAllowed,
    ...(reused?.codeHash ? { scope: reused.id, reusedCodeHash: reused.codeHash } : {}),
  });
  if (user && sendAllowed) {
    const locale = localeOf(user.language);
    deliver(
      deps,
      { channel: 'sms', destination: user.phone, purpose: 'recovery', locale, code },
      input.log,
    ).catch(async () => {
      // Logged by deliver(); the person may ask for another code at once.
      await repo
        .updateChallenge(deps.database.db, challenge.id, { lastSentDate: null })
        .catch((error: unknown) => input.log.error({ err: error }, 'could not reopen the recovery resend'));
    });
  }
  const phone = user ? maskPhone(user.phone) : decoyPhoneMask(deps.config.jwtSecret, input.nationalCode);
  return { recoveryToken: token, phone, resendAfter: resendAfterSeconds };
}

/** Recovery step 2: the texted code (always wrong for a decoy). */
export async function verifyRecovery(
  deps: AppDeps,
  input: { recoveryToken: string; code: string },
): Promise<{ recoveryToken: string }> {
  const challenge = await liveChallenge(deps, 'recovery', input.recoveryToken);
  await checkCode(deps, challenge, input.code, true);
  return { recoveryToken: input.recoveryToken };
}

/** Recovery: texts a new code once the timer has run out (a decoy only pretends to). */
export async function resendRecovery(
  deps: AppDeps,
  input: { recoveryToken: string; log: Logger },
): Promise<{ resendAfter: number }> {
  const challenge = await liveChallenge(deps, 'recovery', input.recoveryToken);
  if (challenge.verifiedDate) throw new AppError(StatusCode.duplicate);
  assertResendAllowed(challenge, 'sms');
  const user = challenge.userId ? await repo.findUserById(deps.database.db, challenge.userId) : undefined;
  await limitSend(deps, 'recovery', 'sms', user ? user.phone : `decoy:${challenge.nationalCode}`);
  return resendCode(
    deps,
    challenge,
    user
      ? { channel: 'sms', destination: user.phone, purpose: 'recovery', locale: localeOf(user.language) }
      : null,
    { slideExpiry: true, log: input.log, background: true },
  );
}

/** Recovery step 3: the new password; every session of the user is revoked. */
export async function completeRecovery(
  deps: AppDeps,
  input: { recoveryToken: string; password: string; locale: Locale },
): Promise<void> {
  const challenge = await liveChallenge(deps, 'recovery', input.recoveryToken);
  if (!challenge.verifiedDate || !challenge.userId) throw unauthorized();
  const owner = await repo.findUserById(deps.database.db, challenge.userId);
  if (!owner) throw unauthorized();
  await assertStrongPassword(input.password, owner, input.locale);
  const passwordHash = await hashPassword(input.password);
  const userId = challenge.userId;
  await deps.database.db.transaction(async (tx) => {
    const t = now();
    if (!(await repo.consumeChallenge(tx, challenge.id, t, true))) throw unauthorized();
    await repo.updateUser(tx, userId, { passwordHash }, t);
    await repo.revokeUserSessions(tx, userId, 'password-reset', t);
  });
}

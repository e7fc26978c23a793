import { type Locale, StatusCode, type StatusCodeValue } from '@wsm/contracts';
import { isUniqueViolation } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, found } from '../../http/app-error';
import type { CodePurpose } from '../../messaging/messages';
import {
  assertResendAllowed,
  checkCode,
  createChallenge,
  deliver,
  type Logger,
  limitSend,
  now,
  resendCode,
  shield,
  wrongCredentials,
} from './challenges';
import { maxCodeAttempts, resendAfterSeconds } from './one-time-codes';
import * as repo from './repository';
import type { ChallengeRow, UserRow } from './schema';

// One-time codes of personal-settings changes (modules/security), and the account fields they guard.

// ---------- one-time codes of personal-settings changes (modules/security)

/** The flows of a logged-in user that a one-time code confirms: all but those that lead to a session. */
export type AccountCodePurpose = Exclude<CodePurpose, 'signup' | 'login' | 'recovery'>;

/** Seconds until the challenge's code may be sent again (0 when it may now). */
function resendWait(challenge: ChallengeRow): number {
  if (!challenge.lastSentDate) return 0;
  const wait = Math.ceil(
    (challenge.lastSentDate.getTime() + resendAfterSeconds * 1000 - now().getTime()) / 1000,
  );
  return Math.max(0, wait);
}

/**
 * Sends a code for a change of a logged-in user's settings to `destination` (the own phone, or a new
 * phone or e-mail address). A request for the same destination while the timer runs answers 260 with
 * Retry-After; another destination replaces the pending challenge. Sends per phone and per address are
 * limited across every flow.
 */
export async function sendAccountCode(
  deps: AppDeps,
  input: {
    userId: string;
    purpose: AccountCodePurpose;
    channel: 'sms' | 'email';
    destination: string;
    locale: Locale;
    log: Logger;
    /** What the code confirms beyond the purpose (see challenges.scope); another scope replaces the pending code. */
    scope?: string;
    /**
     * While the timer of the same pending code runs, answer its remaining wait without sending (a second
     * "start" of a step-up, e.g. a reopened dialog) instead of 260.
     */
    keepPending?: boolean;
  },
): Promise<{ resendAfter: number }> {
  const db = deps.database.db;
  const existing = await repo.findLatestUserChallenge(db, input.purpose, input.userId, now());
  const delivery = {
    channel: input.channel,
    destination: input.destination,
    purpose: input.purpose,
    locale: input.locale,
  };
  const sameDestination =
    existing &&
    existing.channel === input.channel &&
    existing.destination === input.destination &&
    existing.scope === (input.scope ?? null);
  if (input.keepPending && existing && sameDestination && existing.attempts < maxCodeAttempts) {
    const wait = resendWait(existing);
    if (wait > 0) return { resendAfter: wait };
  }
  // The timer holds for the destination even when its challenge died of wrong tries.
  if (existing && sameDestination) assertResendAllowed(existing, input.channel);
  if (existing && sameDestination && existing.attempts < maxCodeAttempts) {
    await limitSend(deps, input.purpose, input.channel, input.destination);
    return resendCode(deps, existing, delivery, { slideExpiry: true, log: input.log });
  }
  await limitSend(deps, input.purpose, input.channel, input.destination);
  await repo.consumeUserChallenges(db, input.purpose, input.userId, now());
  const { challenge, code } = await createChallenge(deps, {
    purpose: input.purpose,
    scope: input.scope ?? null,
    userId: input.userId,
    channel: input.channel,
    destination: input.destination,
    withCode: true,
  });
  try {
    await deliver(deps, { ...delivery, code }, input.log);
  } catch (error) {
    await repo.consumeChallenge(db, challenge.id, now(), false);
    throw error;
  }
  return { resendAfter: resendAfterSeconds };
}

/** Sends the pending challenge's code again once its timer has run out; 404 when nothing is pending. */
export async function resendAccountCode(
  deps: AppDeps,
  input: { userId: string; purpose: AccountCodePurpose; locale: Locale; log: Logger },
): Promise<{ resendAfter: number }> {
  const existing = await repo.findLatestUserChallenge(deps.database.db, input.purpose, input.userId, now());
  // Account codes are always sent (never the authenticator's), so a google channel is nothing pending.
  if (!existing?.destination || existing.verifiedDate || existing.channel === 'google')
    throw new AppError(StatusCode.notFound);
  return sendAccountCode(deps, {
    userId: input.userId,
    purpose: input.purpose,
    channel: existing.channel,
    destination: existing.destination,
    locale: input.locale,
    log: input.log,
    ...(existing.scope !== null ? { scope: existing.scope } : {}),
  });
}

/** The user's pending code of a purpose (for a resend route that serves several purposes), if any. */
export async function pendingAccountCode(
  deps: AppDeps,
  input: { userId: string; purpose: AccountCodePurpose },
): Promise<{ scope: string | null; createdDate: Date } | undefined> {
  const existing = await repo.findLatestUserChallenge(deps.database.db, input.purpose, input.userId, now());
  if (!existing?.destination || existing.verifiedDate) return undefined;
  return { scope: existing.scope, createdDate: existing.createdDate };
}

/**
 * Checks the code of the user's pending challenge and ends it (single use): 620 when wrong, expired or
 * nothing is pending, 660 on the 5th wrong try. Answers where the code was sent.
 */
export async function useAccountCode(
  deps: AppDeps,
  input: { userId: string; purpose: AccountCodePurpose; code: string; scope?: string },
): Promise<{ channel: 'sms' | 'email'; destination: string }> {
  const db = deps.database.db;
  const challenge = await repo.findLatestUserChallenge(db, input.purpose, input.userId, now());
  if (!challenge?.destination || challenge.channel === 'google') throw wrongCredentials();
  // A code sent to confirm one thing never confirms another (another workspace, another backup).
  if (challenge.scope !== (input.scope ?? null)) throw wrongCredentials();
  if (challenge.attempts >= maxCodeAttempts) throw shield();
  await checkCode(deps, challenge, input.code, false);
  if (!(await repo.consumeChallenge(db, challenge.id, now(), true))) throw wrongCredentials();
  return { channel: challenge.channel, destination: challenge.destination };
}

/** Sets the username (lower case); 261 when another account holds it in any casing. */
export async function setUsername(deps: AppDeps, userId: string, username: string): Promise<void> {
  const db = deps.database.db;
  const holder = await repo.findUserByUsername(db, username);
  if (holder && holder.id !== userId) throw new AppError(StatusCode.duplicate);
  await updateUnique(deps, userId, { username: username.toLowerCase() });
}

/** Sets the national code of an account that has none; 261 when it has one or another account holds it. */
export async function setNationalCode(deps: AppDeps, userId: string, nationalCode: string): Promise<void> {
  const user = found(await repo.findUserById(deps.database.db, userId));
  if (user.nationalCode) throw new AppError(StatusCode.duplicate);
  // No row written: a national code was set meanwhile.
  await writeUnique(
    () => repo.setNationalCodeIfNone(deps.database.db, userId, nationalCode, now()),
    StatusCode.duplicate,
  );
}

/** Switches the account's phone; 261 when another account holds it. */
export async function setUserPhone(deps: AppDeps, userId: string, phone: string): Promise<void> {
  await updateUnique(deps, userId, { phone });
}

/** Sets the names on the account (the profile module's first and last name). */
export async function setUserNames(
  deps: AppDeps,
  userId: string,
  names: { firstName?: string | null; lastName?: string | null },
): Promise<void> {
  if (!(await repo.updateUser(deps.database.db, userId, names, now())))
    throw new AppError(StatusCode.notFound);
}

function updateUnique(
  deps: AppDeps,
  userId: string,
  patch: Partial<Pick<UserRow, 'username' | 'phone'>>,
): Promise<void> {
  return writeUnique(() => repo.updateUser(deps.database.db, userId, patch, now()), StatusCode.notFound);
}

/** A write of a value only one account may hold: 261 when another holds it, `ifNoRow` when no row was written. */
async function writeUnique(write: () => Promise<unknown>, ifNoRow: StatusCodeValue): Promise<void> {
  let written: unknown;
  try {
    written = await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(StatusCode.duplicate);
    throw error;
  }
  if (!written) throw new AppError(ifNoRow);
}

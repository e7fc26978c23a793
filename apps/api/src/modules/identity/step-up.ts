import { maskPhone } from '@wsm/contracts';
import type { AppDeps } from '../../deps';
import { sendAccountCode, useAccountCode } from './account-codes';
import { type Logger, localeOf, now, unauthorized, wrongCredentials } from './challenges';
import { maxCodeAttempts, resendAfterSeconds } from './one-time-codes';
import * as repo from './repository';

// Fresh sessions and the step-up code (modules/security).

// ---------- fresh sessions and step-up (modules/security)

/**
 * How long after the login, or after the person proved themselves again in the session (a step-up code,
 * a password change), the session counts as fresh: changing the phone or the e-mail needs a fresh one.
 */
export const freshSessionSeconds = 10 * 60;

/** Whether the session logged in or proved the person again within freshSessionSeconds. */
export async function isSessionFresh(
  deps: AppDeps,
  user: { id: string; sessionId: string },
): Promise<boolean> {
  const t = now();
  const session = await repo.findLiveSession(deps.database.db, user.sessionId, user.id, t);
  if (!session) return false;
  const proved = Math.max(session.createdDate.getTime(), session.reauthenticatedDate?.getTime() ?? 0);
  return t.getTime() - proved < freshSessionSeconds * 1000;
}

/** Records that the person proved themselves again in this session (it is fresh from now). */
export async function markSessionReauthenticated(deps: AppDeps, sessionId: string): Promise<void> {
  await repo.updateSession(deps.database.db, sessionId, { reauthenticatedDate: now() });
}

/**
 * Texts a step-up code to the account's own phone. Asked again while the code's timer runs, it sends
 * nothing and answers the time left (a reopened form must not burn the per-phone limit); after the timer,
 * it sends a new code. A challenge killed by wrong tries keeps its timer (260 until it runs out).
 */
export async function sendStepUpCode(
  deps: AppDeps,
  input: { userId: string; log: Logger },
): Promise<{ method: 'sms'; phone: string; resendAfter: number }> {
  const user = await repo.findUserById(deps.database.db, input.userId);
  if (!user) throw unauthorized();
  const pending = await repo.findLatestUserChallenge(deps.database.db, 'step-up', user.id, now());
  if (
    pending?.lastSentDate &&
    pending.destination === user.phone &&
    pending.codeHash &&
    pending.attempts < maxCodeAttempts
  ) {
    const wait = Math.ceil(
      (pending.lastSentDate.getTime() + resendAfterSeconds * 1000 - now().getTime()) / 1000,
    );
    if (wait > 0) return { method: 'sms', phone: maskPhone(user.phone), resendAfter: wait };
  }
  const sent = await sendAccountCode(deps, {
    userId: user.id,
    purpose: 'step-up',
    channel: 'sms',
    destination: user.phone,
    locale: localeOf(user.language),
    log: input.log,
  });
  return { method: 'sms', phone: maskPhone(user.phone), resendAfter: sent.resendAfter };
}

/**
 * Checks a step-up code (620 wrong or expired, 660 on the 5th wrong try; single use) and makes the
 * calling session fresh.
 */
export async function completeStepUp(
  deps: AppDeps,
  user: { id: string; sessionId: string },
  code: string,
): Promise<void> {
  const { destination } = await useAccountCode(deps, { userId: user.id, purpose: 'step-up', code });
  // A code texted to a phone the account no longer has proves nothing.
  const account = await repo.findUserById(deps.database.db, user.id);
  if (!account || account.phone !== destination) throw wrongCredentials();
  await markSessionReauthenticated(deps, user.sessionId);
}

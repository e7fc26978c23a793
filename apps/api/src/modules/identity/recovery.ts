import { type Locale, maskPhone, StatusCode } from '@wsm/contracts';
import type { AppDeps } from '../../deps';
import { AppError, isAppError } from '../../http/app-error';
import { enforceLimits } from '../../http/rate-limit';
import {
  assertResendAllowed,
  checkCode,
  createChallenge,
  deliver,
  type Logger,
  liveChallenge,
  localeOf,
  now,
  resendCode,
  type StoredLink,
  unauthorized,
} from './challenges';
import { decoyPhoneMask } from './decoys';
import { codeSendRules, type IdentityLimit, limitRule } from './limits';
import { generateOpaqueToken, hashOpaqueToken, resendAfterSeconds } from './one-time-codes';
import { assertStrongPassword, hashPassword } from './passwords';
import * as repo from './repository';

// Password recovery: national code, code, new password; the same answer for unknown accounts. Each
// recovery text also carries a link that opens the last step (docs/security.md, "Recovery nobody else
// can spend").

/** How long a recovery text's link works: a day, the longest the phone's text budgets hold a text back. */
const recoveryLinkLifetimeSeconds = 24 * 60 * 60;

/** A new recovery text's link: the web app's page with the secret after `#` (no server sees it there). */
function newRecoveryLink(deps: AppDeps, locale: Locale): { url: string; stored: StoredLink } {
  const secret = generateOpaqueToken();
  return {
    url: `${deps.config.publicUrl.replace(/\/$/, '')}/${locale}/login/forgot-password/link#${secret}`,
    stored: {
      linkHash: hashOpaqueToken(secret),
      linkExpiresDate: new Date(now().getTime() + recoveryLinkLifetimeSeconds * 1000),
    },
  };
}

// ---------- password recovery

/** Who asks for a recovery text: the client's address, and the browser's device id for an account, if any. */
export interface Requester {
  ip: string;
  /** The device id of a browser `userId` signed in from (device-cookie.ts), else undefined. */
  knownDevice(userId: string): string | undefined;
}

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
 * Counts one recovery text to `key` (the phone, or a decoy key no phone can have); 260 over a budget.
 * From a browser the account signed in from, that browser's own budget (and the phone's daily ceiling
 * of every purpose): strangers cannot spend it. Otherwise the address's share first, so an address over
 * its share spends nothing more of the phone's, then the phone's recovery budget (limits.ts).
 */
async function limitRecoverySend(
  deps: AppDeps,
  key: string,
  userId: string | undefined,
  requester: Requester,
): Promise<void> {
  const subject = `sms:${key.toLowerCase()}`;
  const phoneRules = codeSendRules(deps.config, 'recovery');
  const device = userId === undefined ? undefined : requester.knownDevice(userId);
  const own = (names: IdentityLimit[], of: string) =>
    names.map((name) => ({ rule: limitRule(deps.config, name), subject: `${subject}:${of}` }));
  if (device !== undefined) {
    await enforceLimits(
      deps.limiter,
      own(['recoverySendDevice', 'recoverySendDeviceDay'], `device:${device}`),
    );
    const ceiling = phoneRules.filter((rule) => rule.name === 'code-send:all:day');
    await enforceLimits(
      deps.limiter,
      ceiling.map((rule) => ({ rule, subject })),
    );
    return;
  }
  await enforceLimits(deps.limiter, own(['recoverySendIp', 'recoverySendIpDay'], `ip:${requester.ip}`));
  await enforceLimits(
    deps.limiter,
    phoneRules.map((rule) => ({ rule, subject })),
  );
}

/**
 * Whether a recovery code may go to `key` now. Over a budget it answers false, so the flow answers as
 * usual and sends nothing (a 260 here would reveal the account); a limiter that is down fails the
 * request (503) for registered and unknown national codes alike, never a silent "sent".
 */
async function recoverySendAllowed(
  deps: AppDeps,
  key: string,
  userId: string | undefined,
  requester: Requester,
  log: Logger,
): Promise<boolean> {
  try {
    await unlessLimiterDown(limitRecoverySend(deps, key, userId, requester), log);
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === StatusCode.rateLimited) return false;
    throw error;
  }
}

/**
 * Recovery step 1. Answers the same shape in the same time whether the national code is registered or
 * not: an unknown one gets a decoy challenge (no code exists, nothing is sent) and a stable decoy mask.
 * Each start that is texted gets its own code with its own 5 tries, bound to its token: nobody else's
 * wrong tries reach it. Nobody else's starts stop the owner's (docs/security.md, "Recovery nobody else
 * can spend"): a browser the account signed in from texts on its own budget; over the budgets nothing
 * is texted and the answer is the same (a resend may text once they allow). The SMS is handed to the
 * provider without waiting, so its latency reveals nothing either.
 */
export async function startRecovery(
  deps: AppDeps,
  input: { nationalCode: string; log: Logger; requester: Requester },
): Promise<{ recoveryToken: string; phone: string; resendAfter: number }> {
  const user = await repo.findUserByNationalCode(deps.database.db, input.nationalCode);
  // Counted for decoys too (under a key no phone can have), so limits answer alike.
  const sendKey = user ? user.phone : `decoy:${input.nationalCode}`;
  const sendAllowed = await recoverySendAllowed(deps, sendKey, user?.id, input.requester, input.log);
  const locale = user ? localeOf(user.language) : undefined;
  const link = user && sendAllowed && locale ? newRecoveryLink(deps, locale) : undefined;
  const { challenge, token, code } = await createChallenge(deps, {
    purpose: 'recovery',
    userId: user?.id ?? null,
    nationalCode: input.nationalCode,
    channel: 'sms',
    destination: user?.phone ?? null,
    withCode: user !== undefined && sendAllowed,
    link: link?.stored,
  });
  if (user && locale && link) {
    deliver(
      deps,
      { channel: 'sms', destination: user.phone, purpose: 'recovery', locale, code, link: link.url },
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
  input: { recoveryToken: string; log: Logger; requester: Requester },
): Promise<{ resendAfter: number }> {
  const challenge = await liveChallenge(deps, 'recovery', input.recoveryToken);
  if (challenge.verifiedDate) throw new AppError(StatusCode.duplicate);
  assertResendAllowed(challenge, 'sms');
  const user = challenge.userId ? await repo.findUserById(deps.database.db, challenge.userId) : undefined;
  const key = user ? user.phone : `decoy:${challenge.nationalCode}`;
  await limitRecoverySend(deps, key, user?.id, input.requester);
  const locale = user ? localeOf(user.language) : undefined;
  // The link is stored with the code, only when the text goes: the earlier text's link stops then.
  const link = locale ? newRecoveryLink(deps, locale) : undefined;
  return resendCode(
    deps,
    challenge,
    user && locale
      ? { channel: 'sms', destination: user.phone, purpose: 'recovery', locale, link: link?.url }
      : null,
    { slideExpiry: true, log: input.log, background: true, link: link?.stored },
  );
}

/**
 * Recovery by a text's link: a new recovery, already proved, for the link's account; its token opens the
 * last step. The link works once; whoever started the recovery it was texted for gains nothing by it.
 */
export async function openRecoveryLink(
  deps: AppDeps,
  input: { link: string },
): Promise<{ recoveryToken: string }> {
  const userId = await repo.takeRecoveryLink(deps.database.db, hashOpaqueToken(input.link), now());
  const user = userId ? await repo.findUserById(deps.database.db, userId) : undefined;
  if (!user) throw unauthorized();
  const { challenge, token } = await createChallenge(deps, {
    purpose: 'recovery',
    userId: user.id,
    nationalCode: user.nationalCode,
    channel: 'sms',
    destination: user.phone,
    withCode: false,
  });
  await repo.updateChallenge(deps.database.db, challenge.id, { verifiedDate: now() });
  return { recoveryToken: token };
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
    await repo.endRecoveryLinks(tx, userId);
  });
}

import { type AuthenticationResponse, type Locale, StatusCode, type TokenPair } from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, isAppError } from '../../http/app-error';
import { enforceLimit, enforceLimits, rateLimited, takeSlots } from '../../http/rate-limit';
import { type CodePurpose, codeMessage } from '../../messaging/messages';
import { checkAuthenticatorCode, useRecoveryCode } from './authenticator';
import type { ClientInfo } from './client-info';
import { codeSendRules, type IdentityLimit, limitRule } from './limits';
import {
  codeLifetimeSeconds,
  generateCode,
  generateOpaqueToken,
  hashCode,
  hashesEqual,
  hashOpaqueToken,
  maxCodeAttempts,
  resendAfterSeconds,
} from './one-time-codes';
import { checkPasskeyLogin } from './passkeys';
import * as repo from './repository';
import type { ChallengePurpose, ChallengeRow, UserLanguage } from './schema';
import { sessionLifetimeSeconds, signAccessToken } from './tokens';

// What every identity flow shares: flow challenges and their codes, sending them, limits, opening a
// session. The flows (signup.ts, login.ts, recovery.ts, sessions.ts, account-codes.ts, step-up.ts)
// build on it; service.ts is what other modules call.

/** Life of each flow's token (the code inside lives codeLifetimeSeconds). */
const flowLifetimeSeconds: Record<ChallengePurpose, number> = {
  // Sign-up and recovery tokens are renewed by each resend and by the verification (a sliding window).
  signup: 15 * 60,
  recovery: 5 * 60,
  // The login challenge token dies 10 minutes after the password step, whatever happens.
  login: 10 * 60,
  // Personal-settings changes of a logged-in user: the code's own 2 minutes decide; the flow ends in 10.
  'password-change': 10 * 60,
  'email-verify': 10 * 60,
  'phone-change': 10 * 60,
  'backup-create': 10 * 60,
  'backup-restore': 10 * 60,
  'step-up': 10 * 60,
};

// The module's clock. Tests move the dates of rows (repository.updateChallenge/updateSession) instead.
export const now = (): Date => new Date();

export const seconds = (date: Date, s: number) => new Date(date.getTime() + s * 1000);
const localeByLanguage: Record<UserLanguage, Locale> = { persian: 'fa', english: 'en', arabic: 'ar' };
const languageByLocale: Record<Locale, UserLanguage> = { fa: 'persian', en: 'english', ar: 'arabic' };
export const localeOf = (language: UserLanguage): Locale => localeByLanguage[language];
/** The locale an account's messages are written in. */
export const localeOfLanguage = localeOf;
export const languageOf = (locale: Locale): UserLanguage => languageByLocale[locale];

/** Where provider failures are reported (the request's logger). */
export interface Logger {
  error(object: unknown, message: string): void;
}

export function limit(deps: AppDeps, name: IdentityLimit, subject: string): Promise<void> {
  return enforceLimit(deps.limiter, limitRule(deps.config, name), subject);
}

export const unauthorized = () => new AppError(StatusCode.unauthorized);

export const wrongCredentials = () => new AppError(StatusCode.wrongCredentials);
export const shield = () => new AppError(StatusCode.securityShield);

// ---------- flow tokens and codes

/** A live challenge of `purpose` for a flow token: 401 when unknown, of another flow, ended or expired. */
export async function liveChallenge(
  deps: AppDeps,
  purpose: ChallengePurpose,
  token: string,
): Promise<ChallengeRow> {
  const challenge = await repo.findChallengeByToken(deps.database.db, purpose, hashOpaqueToken(token));
  if (!challenge || challenge.consumedDate || challenge.expiresDate <= now()) throw unauthorized();
  if (challenge.attempts >= maxCodeAttempts) throw shield();
  return challenge;
}

/**
 * Checks a code against a challenge: 620 when wrong or expired, 660 on the 5th wrong try and after.
 * Each try is counted in the database before the comparison, so parallel guesses cannot exceed 5.
 * A right code is used up at once (single use).
 */
export async function checkCode(
  deps: AppDeps,
  challenge: ChallengeRow,
  code: string,
  slideExpiry: boolean,
): Promise<void> {
  const t = now();
  const counted = await repo.countCodeAttempt(deps.database.db, challenge.id, maxCodeAttempts, t);
  if (!counted) throw shield();
  // A recovery code serves only the start it was texted for, with its own 5 tries (recovery.ts).
  let triesSpent = false;
  if (challenge.purpose === 'recovery' && counted.codeHash !== null) {
    const rule = limitRule(deps.config, 'recoveryCodeTries');
    const tries = await takeSlots(deps.limiter, [{ rule, subject: challenge.id }]);
    if (!tries.results[0]!.allowed) throw shield();
    triesSpent = tries.results[0]!.count >= rule.max;
  }
  const expected = hashCode(deps.config.jwtSecret, challenge.id, challenge.purpose, code);
  const matches =
    counted.codeHash !== null &&
    counted.codeExpiresDate !== null &&
    counted.codeExpiresDate > t &&
    hashesEqual(expected, counted.codeHash);
  if (matches) {
    const newExpiry = slideExpiry ? seconds(t, flowLifetimeSeconds[challenge.purpose]) : undefined;
    if (await repo.markCodeVerified(deps.database.db, challenge.id, counted.codeHash!, t, newExpiry)) return;
    // Another request used the same code a moment earlier: a replay.
    throw wrongCredentials();
  }
  if (counted.attempts >= maxCodeAttempts || triesSpent) throw shield();
  throw wrongCredentials();
}

/**
 * Checks the second step of a login proved without a sent code: a code of the authenticator app, a
 * recovery code, or a passkey. Counted against the challenge's 5 tries like a sent code (620, then 660).
 */
export async function checkLoginSecret(
  deps: AppDeps,
  challenge: ChallengeRow,
  proof: { code: string } | { recoveryCode: string } | { passkey: AuthenticationResponse },
): Promise<void> {
  const t = now();
  const counted = await repo.countCodeAttempt(deps.database.db, challenge.id, maxCodeAttempts, t);
  if (!counted) throw shield();
  const userId = challenge.userId;
  // A login decoy (login.ts) has no account: nothing it is shown can be right.
  const right =
    userId === null
      ? false
      : 'recoveryCode' in proof
        ? await useRecoveryCode(deps, userId, proof.recoveryCode)
        : 'passkey' in proof
          ? await checkPasskeyLogin(deps, { challengeId: challenge.id, userId }, proof.passkey)
          : await checkAuthenticatorCode(deps, userId, proof.code);
  if (right) {
    if (await repo.markChallengeVerified(deps.database.db, challenge.id, t)) return;
    throw wrongCredentials();
  }
  if (counted.attempts >= maxCodeAttempts) throw shield();
  throw wrongCredentials();
}

interface Delivery {
  channel: 'sms' | 'email';
  destination: string;
  purpose: CodePurpose;
  locale: Locale;
  code: string;
  /** A recovery text's link (recovery.ts). */
  link?: string;
}

/** Hands a code to the SMS or e-mail provider; a provider failure is logged and becomes 503. */
export async function deliver(deps: AppDeps, delivery: Delivery, log: Logger): Promise<void> {
  const { subject, text } = codeMessage(
    delivery.purpose,
    delivery.locale,
    delivery.code,
    codeLifetimeSeconds / 60,
    delivery.link,
  );
  try {
    if (delivery.channel === 'sms')
      await deps.messaging.sms.send({ to: delivery.destination, text, code: delivery.code });
    else await deps.messaging.email.send({ to: delivery.destination, subject, text, code: delivery.code });
    deps.metrics.codeSent(delivery.channel, 'sent');
  } catch (error) {
    deps.metrics.codeSent(delivery.channel, 'failed');
    log.error({ err: error, channel: delivery.channel, purpose: delivery.purpose }, 'code delivery failed');
    throw new AppError(StatusCode.unavailable);
  }
}

/** Counts one code sent to a phone or e-mail address against its purpose's budgets (limits.ts). */
export function limitSend(
  deps: AppDeps,
  purpose: CodePurpose,
  channel: 'sms' | 'email',
  destination: string,
): Promise<void> {
  const subject = `${channel}:${destination.toLowerCase()}`;
  return enforceLimits(
    deps.limiter,
    codeSendRules(deps.config, purpose).map((rule) => ({ rule, subject })),
  );
}

/**
 * Whether a code may go to `destination` now (its budgets counted, as limitSend does). False over a
 * budget, for the flows whose answer must not change when nothing is sent; a limiter that is down: 503.
 */
export async function sendAllowed(
  deps: AppDeps,
  purpose: CodePurpose,
  channel: 'sms' | 'email',
  destination: string,
): Promise<boolean> {
  try {
    await limitSend(deps, purpose, channel, destination);
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === StatusCode.rateLimited) return false;
    throw error;
  }
}

/** 260 while the resend timer of a challenge runs (unless the code goes to another channel). */
export function assertResendAllowed(challenge: ChallengeRow, channel: 'sms' | 'email'): void {
  if (!challenge.lastSentDate || challenge.channel !== channel) return;
  const wait = Math.ceil(
    (challenge.lastSentDate.getTime() + resendAfterSeconds * 1000 - now().getTime()) / 1000,
  );
  if (wait > 0) throw rateLimited(wait);
}

interface NewChallenge {
  purpose: ChallengePurpose;
  scope?: string | null;
  userId?: string | null;
  phone?: string | null;
  nationalCode?: string | null;
  channel: ChallengeRow['channel'];
  destination: string | null;
  /** False for a recovery decoy: no code exists, every code is wrong. */
  withCode: boolean;
  /** The stored form of the link texted with the code (recovery.ts). */
  link?: StoredLink;
}

/** A recovery text's link as a challenge keeps it: hashed, with its end. */
export interface StoredLink {
  linkHash: string;
  linkExpiresDate: Date;
}

export async function createChallenge(
  deps: AppDeps,
  input: NewChallenge,
): Promise<{ challenge: ChallengeRow; token: string; code: string }> {
  const t = now();
  const id = uuidv7();
  const token = generateOpaqueToken();
  const code = generateCode();
  const challenge = await repo.insertChallenge(deps.database.db, {
    id,
    purpose: input.purpose,
    tokenHash: hashOpaqueToken(token),
    userId: input.userId ?? null,
    phone: input.phone ?? null,
    nationalCode: input.nationalCode ?? null,
    channel: input.channel,
    destination: input.destination,
    scope: input.scope ?? null,
    codeHash: input.withCode ? hashCode(deps.config.jwtSecret, id, input.purpose, code) : null,
    codeExpiresDate: seconds(t, codeLifetimeSeconds),
    lastSentDate: t,
    sends: 1,
    expiresDate: seconds(t, flowLifetimeSeconds[input.purpose]),
    createdDate: t,
    ...input.link,
  });
  return { challenge, token, code };
}

/**
 * Sends a new code for an existing challenge when its timer allows: the timer is claimed atomically in
 * the database. A failed delivery clears the timer, so the person can try again at once. Answers the
 * wait until the next resend.
 */
export async function resendCode(
  deps: AppDeps,
  challenge: ChallengeRow,
  delivery: Omit<Delivery, 'code'> | null,
  options: { slideExpiry: boolean; log: Logger; background?: boolean; link?: StoredLink },
): Promise<{ resendAfter: number }> {
  const t = now();
  const code = generateCode();
  const channel = delivery?.channel ?? challenge.channel;
  const stored = await repo.storeResentCode(
    deps.database.db,
    challenge.id,
    {
      codeHash: delivery ? hashCode(deps.config.jwtSecret, challenge.id, challenge.purpose, code) : null,
      codeExpiresDate: seconds(t, codeLifetimeSeconds),
      channel,
      destination: delivery?.destination ?? challenge.destination,
      ...(options.slideExpiry ? { expiresDate: seconds(t, flowLifetimeSeconds[challenge.purpose]) } : {}),
      ...options.link,
    },
    t,
    seconds(t, -resendAfterSeconds),
    maxCodeAttempts,
  );
  if (!stored) {
    // A parallel resend won the timer.
    throw rateLimited(resendAfterSeconds);
  }
  const sent = { resendAfter: resendAfterSeconds };
  if (!delivery) return sent;
  const sending = deliver(deps, { ...delivery, code }, options.log).catch(async (error: unknown) => {
    await repo
      .updateChallenge(deps.database.db, challenge.id, { lastSentDate: null })
      .catch((clearing: unknown) =>
        options.log.error({ err: clearing }, 'could not reopen the resend timer'),
      );
    throw error;
  });
  if (options.background) {
    // The delivery failure is already logged by deliver().
    sending.catch(() => {});
    return sent;
  }
  await sending;
  return sent;
}

// ---------- sessions and tokens

/** Opens a session for a user and answers its first token pair. */
export async function openSession(
  deps: AppDeps,
  db: Db,
  userId: string,
  client: ClientInfo,
  onOpened?: (sessionId: string) => void,
): Promise<TokenPair> {
  const t = now();
  const refreshToken = generateOpaqueToken();
  const session = await repo.insertSession(db, {
    id: uuidv7(),
    userId,
    ipAddress: client.ipAddress,
    agent: client.agent,
    platform: client.platform,
    refreshTokenHash: hashOpaqueToken(refreshToken),
    createdDate: t,
    lastSeenDate: t,
    expiresDate: seconds(t, sessionLifetimeSeconds),
  });
  onOpened?.(session.id);
  return tokenPair(deps, userId, session.id, refreshToken);
}

export async function tokenPair(
  deps: AppDeps,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<TokenPair> {
  const ttl = deps.config.accessTokenTtl;
  const accessToken = signAccessToken(deps.config.jwtSecret, { sub: userId, sid: sessionId }, ttl);
  return { accessToken, refreshToken, expiresIn: ttl };
}

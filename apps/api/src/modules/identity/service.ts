import { createHmac } from 'node:crypto';
import {
  type AuthenticationResponse,
  customIssueMessages,
  type Locale,
  maskEmail,
  maskPhone,
  type PageQuery,
  type Session,
  StatusCode,
  type TokenPair,
  type TwoFaMethod,
  type TwoFaMethods,
} from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../deps';
import { emit } from '../../events/bus';
import { AppError, isAppError } from '../../http/app-error';
import {
  enforceLimit,
  enforceLimits,
  type LimitHit,
  limitFailures,
  rateLimited,
  resetLimit,
} from '../../http/rate-limit';
import { type CodePurpose, codeMessage } from '../../messaging/messages';
import { checkAuthenticatorCode, hasAuthenticator, useRecoveryCode } from './authenticator';
import type { ClientInfo } from './client-info';
import type { AccountCreated } from './events';
import { codeSendRules, type IdentityLimit, identityLimits, limitRule } from './limits';
import { alertIfNewDevice } from './login-alerts';
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
import { authenticationOptions, checkPasskeyLogin, passkeyCount } from './passkeys';
import { assertStrongPassword, hashPassword, needsRehash, verifyPassword } from './passwords';
import * as repo from './repository';
import type { ChallengePurpose, ChallengeRow, UserLanguage, UserRow, UserStatus } from './schema';
import { sessionLifetimeSeconds, signAccessToken } from './tokens';

/** The password-strength rule, for the other modules that take a new password (security settings). */
export { assertStrongPassword } from './passwords';

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
const now = (): Date => new Date();

const seconds = (date: Date, s: number) => new Date(date.getTime() + s * 1000);
const localeByLanguage: Record<UserLanguage, Locale> = { persian: 'fa', english: 'en', arabic: 'ar' };
const languageByLocale: Record<Locale, UserLanguage> = { fa: 'persian', en: 'english', ar: 'arabic' };
const localeOf = (language: UserLanguage): Locale => localeByLanguage[language];
/** The locale an account's messages are written in. */
export const localeOfLanguage = localeOf;
const languageOf = (locale: Locale): UserLanguage => languageByLocale[locale];

/** Where provider failures are reported (the request's logger). */
export interface Logger {
  error(object: unknown, message: string): void;
}

function limit(deps: AppDeps, name: IdentityLimit, subject: string): Promise<void> {
  return enforceLimit(deps.limiter, limitRule(deps.config, name), subject);
}

const unauthorized = () => new AppError(StatusCode.unauthorized);

const wrongCredentials = () => new AppError(StatusCode.wrongCredentials);
const shield = () => new AppError(StatusCode.securityShield);

// ---------- flow tokens and codes

/** A live challenge of `purpose` for a flow token: 401 when unknown, of another flow, ended or expired. */
async function liveChallenge(deps: AppDeps, purpose: ChallengePurpose, token: string): Promise<ChallengeRow> {
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
async function checkCode(
  deps: AppDeps,
  challenge: ChallengeRow,
  code: string,
  slideExpiry: boolean,
): Promise<void> {
  const t = now();
  const counted = await repo.countCodeAttempt(deps.database.db, challenge.id, maxCodeAttempts, t);
  if (!counted) throw shield();
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
  if (counted.attempts >= maxCodeAttempts) throw shield();
  throw wrongCredentials();
}

/**
 * Checks the second step of a login proved without a sent code: a code of the authenticator app, a
 * recovery code, or a passkey. Counted against the challenge's 5 tries like a sent code (620, then 660).
 */
async function checkLoginSecret(
  deps: AppDeps,
  challenge: ChallengeRow,
  proof: { code: string } | { recoveryCode: string } | { passkey: AuthenticationResponse },
): Promise<void> {
  const t = now();
  const counted = await repo.countCodeAttempt(deps.database.db, challenge.id, maxCodeAttempts, t);
  if (!counted) throw shield();
  const userId = challenge.userId!;
  const right =
    'recoveryCode' in proof
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
}

/** Hands a code to the SMS or e-mail provider; a provider failure is logged and becomes 503. */
async function deliver(deps: AppDeps, delivery: Delivery, log: Logger): Promise<void> {
  const { subject, text } = codeMessage(
    delivery.purpose,
    delivery.locale,
    delivery.code,
    codeLifetimeSeconds / 60,
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
function limitSend(
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

/** 260 while the resend timer of a challenge runs (unless the code goes to another channel). */
function assertResendAllowed(challenge: ChallengeRow, channel: 'sms' | 'email'): void {
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
}

async function createChallenge(
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
  });
  return { challenge, token, code };
}

/**
 * Sends a new code for an existing challenge when its timer allows: the timer is claimed atomically in
 * the database. A failed delivery clears the timer, so the person can try again at once.
 */
async function resendCode(
  deps: AppDeps,
  challenge: ChallengeRow,
  delivery: Omit<Delivery, 'code'> | null,
  options: { slideExpiry: boolean; log: Logger; background?: boolean },
): Promise<void> {
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
    },
    t,
    seconds(t, -resendAfterSeconds),
    maxCodeAttempts,
  );
  if (!stored) {
    // A parallel resend won the timer.
    throw rateLimited(resendAfterSeconds);
  }
  if (!delivery) return;
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
    return;
  }
  await sending;
}

// ---------- sessions and tokens

/** Opens a session for a user and answers its first token pair. */
async function openSession(
  deps: AppDeps,
  db: repo.Db,
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

async function tokenPair(
  deps: AppDeps,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<TokenPair> {
  const ttl = deps.config.accessTokenTtl;
  const accessToken = await signAccessToken(deps.config.jwtSecret, { sub: userId, sid: sessionId }, ttl);
  return { accessToken, refreshToken, expiresIn: ttl };
}

// ---------- sign-up

/** Counts one sign-up code sent on behalf of a client address (per hour and per day). */
function limitSignupSend(deps: AppDeps, ip: string): Promise<void> {
  return enforceLimits(deps.limiter, [
    { rule: limitRule(deps.config, 'signupSendIp'), subject: ip },
    { rule: limitRule(deps.config, 'signupSendIpDay'), subject: ip },
  ]);
}

/** Sign-up step 1: checks the phone and national code are free and texts a code to the phone. */
export async function startSignup(
  deps: AppDeps,
  input: { phone: string; nationalCode: string; locale: Locale; ip: string; log: Logger },
): Promise<{ signupToken: string; phone: string; resendAfter: number }> {
  if (await repo.phoneOrNationalCodeTaken(deps.database.db, input.phone, input.nationalCode))
    throw new AppError(StatusCode.duplicate);
  await limitSignupSend(deps, input.ip);
  await limitSend(deps, 'signup', 'sms', input.phone);
  const { challenge, token, code } = await createChallenge(deps, {
    purpose: 'signup',
    phone: input.phone,
    nationalCode: input.nationalCode,
    channel: 'sms',
    destination: input.phone,
    withCode: true,
  });
  try {
    await deliver(
      deps,
      { channel: 'sms', destination: input.phone, purpose: 'signup', locale: input.locale, code },
      input.log,
    );
  } catch (error) {
    await repo.consumeChallenge(deps.database.db, challenge.id, now(), false);
    throw error;
  }
  return { signupToken: token, phone: maskPhone(input.phone), resendAfter: resendAfterSeconds };
}

/** Sign-up step 2: the code texted to the phone. */
export async function verifySignup(
  deps: AppDeps,
  input: { signupToken: string; code: string },
): Promise<{ signupToken: string }> {
  const challenge = await liveChallenge(deps, 'signup', input.signupToken);
  await checkCode(deps, challenge, input.code, true);
  return { signupToken: input.signupToken };
}

/** Sign-up: texts a new code once the resend timer has run out. */
export async function resendSignup(
  deps: AppDeps,
  input: { signupToken: string; locale: Locale; ip: string; log: Logger },
): Promise<{ resendAfter: number }> {
  const challenge = await liveChallenge(deps, 'signup', input.signupToken);
  if (challenge.verifiedDate) throw new AppError(StatusCode.duplicate);
  assertResendAllowed(challenge, 'sms');
  await limitSignupSend(deps, input.ip);
  await limitSend(deps, 'signup', 'sms', challenge.phone!);
  await resendCode(
    deps,
    challenge,
    { channel: 'sms', destination: challenge.phone!, purpose: 'signup', locale: input.locale },
    { slideExpiry: true, log: input.log },
  );
  return { resendAfter: resendAfterSeconds };
}

/** Sign-up step 3: creates the account with its password and logs it in (a first session). */
export async function completeSignup(
  deps: AppDeps,
  input: {
    signupToken: string;
    password: string;
    username?: string | undefined;
    firstName?: string | undefined;
    lastName?: string | undefined;
    locale: Locale;
    client: ClientInfo;
    log: Logger;
  },
): Promise<TokenPair> {
  const challenge = await liveChallenge(deps, 'signup', input.signupToken);
  if (!challenge.verifiedDate) throw unauthorized();
  await assertStrongPassword(
    input.password,
    { ...input, phone: challenge.phone, nationalCode: challenge.nationalCode },
    input.locale,
  );
  if (input.username && (await repo.findUserByUsername(deps.database.db, input.username)))
    throw new AppError(StatusCode.duplicate);
  const passwordHash = await hashPassword(input.password);
  let created: { account: AccountCreated; tokens: TokenPair };
  try {
    created = await deps.database.db.transaction(async (tx) => {
      const t = now();
      if (!(await repo.consumeChallenge(tx, challenge.id, t, true))) throw unauthorized();
      const user = await repo.insertUser(tx, {
        id: uuidv7(),
        phone: challenge.phone!,
        nationalCode: challenge.nationalCode,
        username: input.username?.toLowerCase() ?? null,
        passwordHash,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        status: 'active',
        language: languageOf(input.locale),
        createdDate: t,
        updatedDate: t,
      });
      const tokens = await openSession(deps, tx, user.id, input.client);
      const account = {
        userId: user.id,
        phone: user.phone,
        nationalCode: user.nationalCode,
        username: user.username,
      };
      return { account, tokens };
    });
  } catch (error) {
    // The phone, national code or username was taken meanwhile; the token stays usable for another username.
    if (repo.isUniqueViolation(error)) throw new AppError(StatusCode.duplicate);
    throw error;
  }
  await emit('account.created', created.account, { db: deps.database.db, log: input.log });
  return created.tokens;
}

// ---------- login

export type LoginIdentifier = { kind: 'nationalCode'; value: string } | { kind: 'username'; value: string };

/**
 * The second-step methods an account offers: its phone, a verified e-mail, an enrolled authenticator,
 * and how many passkeys it has (a passkey is offered beside the code, never the preferred method).
 */
export async function twoFaMethodsOf(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'phone' | 'email' | 'emailVerified'>,
): Promise<TwoFaMethods> {
  const methods: TwoFaMethods = { sms: maskPhone(user.phone) };
  if (user.email && user.emailVerified) methods.email = maskEmail(user.email);
  if (await hasAuthenticator(deps, user.id)) methods.google = true;
  const passkeys = await passkeyCount(deps, user.id);
  if (passkeys > 0) methods.passkeys = passkeys;
  return methods;
}

/** The method in use: the preferred one while the account still offers it, SMS otherwise. */
export function methodInUse(preferred: TwoFaMethod, methods: TwoFaMethods): TwoFaMethod {
  if (preferred === 'email' && methods.email) return 'email';
  if (preferred === 'google' && methods.google) return 'google';
  return 'sms';
}

function notOffered(method: TwoFaMethod, locale: Locale): AppError {
  const key = method === 'google' ? 'google_not_available' : 'email_not_available';
  return new AppError(StatusCode.validation, {
    data: { errors: [{ path: 'method', message: customIssueMessages[key]![locale] }] },
  });
}

/** Where a sent code goes: the phone, or the verified e-mail address. */
function destinationOf(user: UserRow, method: 'sms' | 'email'): string {
  return method === 'email' ? user.email! : user.phone;
}

/**
 * Login step 1: the password. An unknown user and a wrong password both answer 620 after the same
 * argon2 work; 621 (suspended) and 622 (not verified) only once the password is right. Then a code goes
 * out by the user's preferred method (e-mail only when verified) and the 630 answer describes it.
 * Only wrong passwords count against the limits (limits.ts): per client address, per account and address,
 * and per account from addresses it never logged in from, so a stranger cannot lock the owner out.
 */
export async function startLogin(
  deps: AppDeps,
  input: { identifier: LoginIdentifier; password: string; ip: string; log: Logger },
): Promise<{
  method: TwoFaMethod;
  accessToken: string;
  twoFaMethods: TwoFaMethods;
  resendAfter: number;
}> {
  const db = deps.database.db;
  const { identifier } = input;
  const user =
    identifier.kind === 'nationalCode'
      ? await repo.findUserByNationalCode(db, identifier.value)
      : await repo.findUserByUsername(db, identifier.value);
  const accountKey = user ? `user:${user.id}` : `${identifier.kind}:${identifier.value}`;
  // Looked up for unknown identifiers too (no user has the empty id), so both take the same time.
  const ownAddress = await repo.hasSessionFromAddress(db, user?.id ?? '', input.ip);
  const hits: LimitHit[] = [
    { rule: limitRule(deps.config, 'loginFailIp'), subject: input.ip },
    { rule: limitRule(deps.config, 'loginFailAccountIp'), subject: `${accountKey}:${input.ip}` },
    ...(ownAddress ? [] : [{ rule: limitRule(deps.config, 'loginFailAccount'), subject: accountKey }]),
  ];
  await limitFailures(deps.limiter, hits, async () => {
    const right = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !right) throw wrongCredentials();
  });
  if (!user) throw wrongCredentials(); // already thrown inside; this tells the compiler
  await resetLimit(deps.limiter, identityLimits.loginFailAccountIp, `${accountKey}:${input.ip}`);
  if (user.status === 'suspended') throw new AppError(StatusCode.suspended);
  if (user.status === 'unverified') throw new AppError(StatusCode.notVerified);
  if (needsRehash(user.passwordHash))
    await repo.updateUser(db, user.id, { passwordHash: await hashPassword(input.password) }, now());

  const twoFaMethods = await twoFaMethodsOf(deps, user);
  const method = methodInUse(user.preferredTwoFaMethod, twoFaMethods);
  if (method === 'google') {
    // Nothing is sent: the app shows the code. SMS or e-mail may be asked for at once instead.
    const { token } = await createChallenge(deps, {
      purpose: 'login',
      userId: user.id,
      channel: 'google',
      destination: null,
      withCode: false,
    });
    return { method, accessToken: token, twoFaMethods, resendAfter: 0 };
  }
  const destination = destinationOf(user, method);
  await limitSend(deps, 'login', method, destination);
  const { challenge, token, code } = await createChallenge(deps, {
    purpose: 'login',
    userId: user.id,
    channel: method,
    destination,
    withCode: true,
  });
  try {
    const locale = localeOf(user.language);
    await deliver(deps, { channel: method, destination, purpose: 'login', locale, code }, input.log);
  } catch (error) {
    await repo.consumeChallenge(db, challenge.id, now(), false);
    throw error;
  }
  return { method, accessToken: token, twoFaMethods, resendAfter: resendAfterSeconds };
}

/**
 * Login: (re)sends the code by `method`, which becomes the challenge's method. `google` sends nothing:
 * the challenge takes the authenticator app's code from then on.
 */
export async function sendLoginCode(
  deps: AppDeps,
  input: { challengeToken: string; method: TwoFaMethod; locale: Locale; log: Logger },
): Promise<{ resendAfter: number }> {
  const challenge = await liveChallenge(deps, 'login', input.challengeToken);
  const user = await repo.findUserById(deps.database.db, challenge.userId!);
  if (!user) throw unauthorized();
  const methods = await twoFaMethodsOf(deps, user);
  if (input.method !== 'sms' && !methods[input.method]) throw notOffered(input.method, input.locale);
  if (input.method === 'google') {
    if (!(await repo.switchChallengeToAuthenticator(deps.database.db, challenge.id, maxCodeAttempts, now())))
      throw unauthorized();
    return { resendAfter: 0 };
  }
  assertResendAllowed(challenge, input.method);
  const destination = destinationOf(user, input.method);
  await limitSend(deps, 'login', input.method, destination);
  await resendCode(
    deps,
    challenge,
    { channel: input.method, destination, purpose: 'login', locale: localeOf(user.language) },
    { slideExpiry: false, log: input.log },
  );
  return { resendAfter: resendAfterSeconds };
}

/**
 * Login step 2: the code (sent, or the authenticator app's when the challenge's method is google), or a
 * recovery code with any method; opens a session and answers its tokens. The challenge token dies here.
 */
export async function verifyLogin(
  deps: AppDeps,
  input: {
    challengeToken: string;
    code?: string | undefined;
    recoveryCode?: string | undefined;
    client: ClientInfo;
    log?: Logger;
  },
): Promise<TokenPair> {
  const challenge = await liveChallenge(deps, 'login', input.challengeToken);
  if (input.recoveryCode !== undefined)
    await checkLoginSecret(deps, challenge, { recoveryCode: input.recoveryCode });
  else if (challenge.channel === 'google')
    await checkLoginSecret(deps, challenge, { code: input.code ?? '' });
  else await checkCode(deps, challenge, input.code ?? '', false);
  return completeLogin(deps, challenge, input);
}

/**
 * Login step 2 with a passkey instead of the code: the authentication options for the account's
 * passkeys (404 when it has none), bound to this login challenge.
 */
export async function loginPasskeyOptions(
  deps: AppDeps,
  input: { challengeToken: string },
): Promise<Awaited<ReturnType<typeof authenticationOptions>>> {
  const challenge = await liveChallenge(deps, 'login', input.challengeToken);
  if (challenge.verifiedDate) throw unauthorized();
  return authenticationOptions(deps, { challengeId: challenge.id, userId: challenge.userId! });
}

/**
 * Login step 2 with a passkey: its answer to loginPasskeyOptions → tokens, exactly as a right code. A
 * wrong answer counts toward the challenge's 5 tries like a wrong code (620, then 660).
 */
export async function verifyLoginPasskey(
  deps: AppDeps,
  input: { challengeToken: string; response: AuthenticationResponse; client: ClientInfo; log?: Logger },
): Promise<TokenPair> {
  const challenge = await liveChallenge(deps, 'login', input.challengeToken);
  await checkLoginSecret(deps, challenge, { passkey: input.response });
  return completeLogin(deps, challenge, input);
}

/** The second step is proved: opens the session, announces the login, alerts a new device. */
async function completeLogin(
  deps: AppDeps,
  challenge: ChallengeRow,
  input: { client: ClientInfo; log?: Logger | undefined },
): Promise<TokenPair> {
  const user = await repo.findUserById(deps.database.db, challenge.userId!);
  if (!user) throw unauthorized();
  if (user.status === 'suspended') throw new AppError(StatusCode.suspended);
  if (user.status === 'unverified') throw new AppError(StatusCode.notVerified);
  let sessionId = '';
  const tokens = await deps.database.db.transaction(async (tx) => {
    if (!(await repo.consumeChallenge(tx, challenge.id, now(), true))) throw unauthorized();
    return openSession(deps, tx, user.id, input.client, (id) => {
      sessionId = id;
    });
  });
  await emit(
    'login.completed',
    { userId: user.id, sessionId, ...input.client },
    { db: deps.database.db, log: input.log },
  );
  // Not awaited: the person gets in while the alert (if any) is mailed.
  void alertIfNewDevice(
    deps,
    { userId: user.id, sessionId, ...input.client },
    localeOf(user.language),
    input.log,
  );
  return tokens;
}

// ---------- password recovery

// Real operator prefixes, so a decoy mask looks like any other.
const decoyPrefixes = [
  '0912',
  '0919',
  '0935',
  '0936',
  '0937',
  '0938',
  '0939',
  '0901',
  '0902',
  '0990',
  '0991',
  '0921',
  '0922',
  '0913',
  '0915',
  '0917',
];

/** A stable mask for an unregistered national code: an HMAC under the server secret, not guessable. */
function decoyMask(secret: string, nationalCode: string): string {
  const digest = createHmac('sha256', secret).update(`recovery-decoy\0${nationalCode}`).digest();
  const prefix = decoyPrefixes[digest[0]! % decoyPrefixes.length]!;
  const tail = (digest.readUInt32BE(1) % 10_000).toString().padStart(4, '0');
  return `${prefix}***${tail}`;
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
 * The SMS itself is handed to the provider without waiting, so its latency reveals nothing either.
 */
export async function startRecovery(
  deps: AppDeps,
  input: { nationalCode: string; log: Logger },
): Promise<{ recoveryToken: string; phone: string; resendAfter: number }> {
  await unlessLimiterDown(limit(deps, 'recoveryNationalCode', input.nationalCode), input.log);
  const user = await repo.findUserByNationalCode(deps.database.db, input.nationalCode);
  // Counted for decoys too (under a key no phone can have), so limits answer alike.
  const sendKey = user ? user.phone : `decoy:${input.nationalCode}`;
  const sendAllowed = await recoverySendAllowed(deps, sendKey, input.log);
  const { challenge, token, code } = await createChallenge(deps, {
    purpose: 'recovery',
    userId: user?.id ?? null,
    nationalCode: input.nationalCode,
    channel: 'sms',
    destination: user?.phone ?? null,
    withCode: user !== undefined,
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
  const phone = user ? maskPhone(user.phone) : decoyMask(deps.config.jwtSecret, input.nationalCode);
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
  await resendCode(
    deps,
    challenge,
    user
      ? { channel: 'sms', destination: user.phone, purpose: 'recovery', locale: localeOf(user.language) }
      : null,
    { slideExpiry: true, log: input.log, background: true },
  );
  return { resendAfter: resendAfterSeconds };
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
  // The owner proved the phone: earlier failed guesses no longer count against the account.
  await resetLimit(deps.limiter, identityLimits.loginFailAccount, `user:${userId}`);
}

// ---------- tokens and sessions

/**
 * Renews a token pair. The refresh token rotates; presenting an already-rotated one is a replay: 660 and
 * its session is revoked. An unknown, revoked or expired token answers 401.
 */
export async function renewTokens(deps: AppDeps, input: { refreshToken: string }): Promise<TokenPair> {
  const db = deps.database.db;
  const tokenHash = hashOpaqueToken(input.refreshToken);
  const refreshToken = generateOpaqueToken();
  const t = now();
  const session = await repo.rotateRefreshToken(db, tokenHash, hashOpaqueToken(refreshToken), t);
  if (session) return tokenPair(deps, session.userId, session.id, refreshToken);
  // A rotated token presented again (a parallel renewal's too) is a replay; anything else is unknown.
  const replayed = await repo.findRotatedTokenSession(db, tokenHash);
  if (!replayed) throw unauthorized();
  await repo.revokeSession(db, replayed, 'refresh-replay', t);
  throw shield();
}

/** Whether an access token's session is alive; also moves its lastSeenDate (at most once a minute). */
export async function isSessionAlive(deps: AppDeps, userId: string, sessionId: string): Promise<boolean> {
  const t = now();
  const load = async () => {
    const row = await repo.findLiveSession(deps.database.db, sessionId, userId, t);
    return (
      row && {
        userId: row.userId,
        expiresMs: row.expiresDate.getTime(),
        lastSeenMs: row.lastSeenDate.getTime(),
      }
    );
  };
  // Kept in memory until the session changes (lib/auth-cache.ts); its end is checked here on each use.
  const session = deps.authCache ? await deps.authCache.session(sessionId, load) : await load();
  if (!session || session.userId !== userId || session.expiresMs <= t.getTime()) return false;
  if (t.getTime() - session.lastSeenMs > 60_000) {
    await repo.touchSession(deps.database.db, sessionId, t, seconds(t, -60));
    deps.authCache?.sessionSeen(sessionId, t.getTime());
  }
  return true;
}

/** A page of the user's live sessions, the caller's own marked `current`. */
export async function listSessions(
  deps: AppDeps,
  user: { id: string; sessionId: string },
  page: PageQuery,
): Promise<{ items: Session[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await repo.listLiveSessions(deps.database.db, user.id, now(), {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
    search: page.search,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      ipAddress: row.ipAddress,
      agent: row.agent,
      platform: row.platform,
      createdDate: row.createdDate.toISOString(),
      lastSeenDate: row.lastSeenDate.toISOString(),
      current: row.id === user.sessionId,
    })),
    total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** Revokes one of the user's live sessions (dead at once); 404 when it has none by that id. */
export async function revokeUserSession(deps: AppDeps, userId: string, sessionId: string): Promise<void> {
  const t = now();
  const session = await repo.findLiveSession(deps.database.db, sessionId, userId, t);
  if (!session || !(await repo.revokeSession(deps.database.db, sessionId, 'revoked', t, userId)))
    throw new AppError(StatusCode.notFound);
}

/** Ends the caller's own session. */
export async function logout(deps: AppDeps, user: { id: string; sessionId: string }): Promise<void> {
  await repo.revokeSession(deps.database.db, user.sessionId, 'logout', now(), user.id);
}

/** Revokes every live session of a user (but `exceptSessionId`), e.g. after a password change. */
export async function revokeAllSessions(
  deps: AppDeps,
  userId: string,
  exceptSessionId?: string,
): Promise<number> {
  return repo.revokeUserSessions(deps.database.db, userId, 'revoked', now(), exceptSessionId);
}

// ---------- accounts (for other modules and test fixtures)

/** An account without its secrets. */
export type User = Omit<UserRow, 'passwordHash'>;

function withoutSecrets(row: UserRow): User {
  const { passwordHash: _hidden, ...user } = row;
  return user;
}

/** The account of a user id, without its password hash. */
export async function getUser(deps: AppDeps, userId: string): Promise<User | undefined> {
  const row = await repo.findUserById(deps.database.db, userId);
  return row && withoutSecrets(row);
}

/** Changes an account's status; suspending it also revokes every session at once. */
export async function setUserStatus(deps: AppDeps, userId: string, status: UserStatus): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const t = now();
    if (!(await repo.updateUser(tx, userId, { status }, t))) throw new AppError(StatusCode.notFound);
    if (status === 'suspended') await repo.revokeUserSessions(tx, userId, 'suspended', t);
  });
}

/** Sets an account's e-mail address and whether it is verified (the e-mail flows of section 4 call this). */
export async function setUserEmail(
  deps: AppDeps,
  userId: string,
  email: string | null,
  verified: boolean,
): Promise<void> {
  const emailVerified = email !== null && verified;
  // Without a verified address login codes go by SMS; the stored choice falls back too, so an address
  // added later does not silently become where codes go until the person chooses it again.
  const user = await repo.findUserById(deps.database.db, userId);
  if (!user) throw new AppError(StatusCode.notFound);
  const losesEmail = !emailVerified && user.preferredTwoFaMethod === 'email';
  const patch = {
    email: email?.toLowerCase() ?? null,
    emailVerified,
    ...(losesEmail ? { preferredTwoFaMethod: 'sms' as const } : {}),
  };
  if (!(await repo.updateUser(deps.database.db, userId, patch, now())))
    throw new AppError(StatusCode.notFound);
}

/** Sets where login codes go by default. */
export async function setPreferredTwoFaMethod(
  deps: AppDeps,
  userId: string,
  method: TwoFaMethod,
): Promise<void> {
  if (!(await repo.updateUser(deps.database.db, userId, { preferredTwoFaMethod: method }, now())))
    throw new AppError(StatusCode.notFound);
}

/** Sets the account's language (messages are sent in it). */
export async function setUserLanguage(deps: AppDeps, userId: string, language: UserLanguage): Promise<void> {
  if (!(await repo.updateUser(deps.database.db, userId, { language }, now())))
    throw new AppError(StatusCode.notFound);
}

/** Checks a user's password (argon2id); the profile module uses it before sensitive changes. */
export async function checkUserPassword(deps: AppDeps, userId: string, password: string): Promise<boolean> {
  const row = await repo.findUserById(deps.database.db, userId);
  return verifyPassword(row?.passwordHash ?? null, password);
}

/**
 * Sets a new password for a user and, in the same transaction, revokes every other session: the session
 * `keepSessionId` stays and counts as fresh (the person just proved themselves in it).
 */
export async function setUserPassword(
  deps: AppDeps,
  userId: string,
  password: string,
  keepSessionId?: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.database.db.transaction(async (tx) => {
    const t = now();
    if (!(await repo.updateUser(tx, userId, { passwordHash }, t))) throw new AppError(StatusCode.notFound);
    await repo.revokeUserSessions(tx, userId, 'revoked', t, keepSessionId);
    if (keepSessionId) await repo.updateSession(tx, keepSessionId, { reauthenticatedDate: t });
  });
}

// ---------- one-time codes of personal-settings changes (modules/security)

/** The flows of a logged-in user that a one-time code confirms. */
export type AccountCodePurpose =
  | 'password-change'
  | 'email-verify'
  | 'phone-change'
  | 'backup-create'
  | 'backup-restore'
  | 'step-up';

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
    await resendCode(deps, existing, delivery, { slideExpiry: true, log: input.log });
    return { resendAfter: resendAfterSeconds };
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
  const user = await repo.findUserById(deps.database.db, userId);
  if (!user) throw new AppError(StatusCode.notFound);
  if (user.nationalCode) throw new AppError(StatusCode.duplicate);
  try {
    if (!(await repo.setNationalCodeIfNone(deps.database.db, userId, nationalCode, now())))
      throw new AppError(StatusCode.duplicate);
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw new AppError(StatusCode.duplicate);
    throw error;
  }
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

async function updateUnique(
  deps: AppDeps,
  userId: string,
  patch: Partial<Pick<UserRow, 'username' | 'phone'>>,
): Promise<void> {
  try {
    if (!(await repo.updateUser(deps.database.db, userId, patch, now())))
      throw new AppError(StatusCode.notFound);
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw new AppError(StatusCode.duplicate);
    throw error;
  }
}

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

import {
  type AuthenticationResponse,
  customIssueMessages,
  type Locale,
  maskEmail,
  maskPhone,
  StatusCode,
  type TokenPair,
  type TwoFaMethod,
  type TwoFaMethods,
} from '@wsm/contracts';
import type { AppDeps } from '../../deps';
import { emit } from '../../events/bus';
import { AppError } from '../../http/app-error';
import { takeSlots } from '../../http/rate-limit';
import {
  assertResendAllowed,
  checkCode,
  checkLoginSecret,
  createChallenge,
  deliver,
  type Logger,
  limitSend,
  liveChallenge,
  localeOf,
  now,
  openSession,
  resendCode,
  sendAllowed,
  unauthorized,
  wrongCredentials,
} from './challenges';
import type { ClientInfo } from './client-info';
import { decoyPhoneMask } from './decoys';
import { limitRule } from './limits';
import { alertFailedLogins, alertIfNewDevice } from './login-alerts';
import { maxCodeAttempts, resendAfterSeconds } from './one-time-codes';
import { authenticationOptions } from './passkeys';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import * as repo from './repository';
import type { ChallengeRow, UserRow } from './schema';

// Login: the password step, then the second factor (a texted or e-mailed code, the authenticator app,
// a recovery code or a passkey).

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
  const factors = await repo.secondFactorsOf(deps.database.db, user.id);
  if (factors.authenticator) methods.google = true;
  if (factors.passkeys > 0) methods.passkeys = factors.passkeys;
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
 * Marks a login challenge made while its account's budget of wrong passwords is spent: a decoy (no
 * account, no code) for a wrong password, a real one for the right password. Both offer the texted code
 * only, so nothing done with the challenge tells one from the other.
 */
const blindScope = 'blind';

type LoginStart = {
  method: TwoFaMethod;
  accessToken: string;
  twoFaMethods: TwoFaMethods;
  resendAfter: number;
};

/**
 * Login step 1: the password. An unknown user and a wrong password both answer 620 after the same
 * argon2 work; 621 (suspended) and 622 (not verified) only once the password is right. Then a code goes
 * out by the user's preferred method (e-mail only when verified) and the 630 answer describes it.
 * Only wrong passwords count (limits.ts): per client address (over it: 260), and per account from anywhere.
 * Over the account's budget nobody is refused: right and wrong passwords both answer 630 with the texted
 * code, which only a right password sends (docs/security.md, "Login and recovery limits").
 */
export async function startLogin(
  deps: AppDeps,
  input: { identifier: LoginIdentifier; password: string; ip: string; log: Logger },
): Promise<LoginStart> {
  const db = deps.database.db;
  const { identifier } = input;
  const user =
    identifier.kind === 'nationalCode'
      ? await repo.findUserByNationalCode(db, identifier.value)
      : await repo.findUserByUsername(db, identifier.value);
  const accountKey = user ? `user:${user.id}` : `${identifier.kind}:${identifier.value}`;
  // Each attempt takes a slot first (parallel guesses cannot slip past); a right password gives them back.
  const address = await takeSlots(deps.limiter, [
    { rule: limitRule(deps.config, 'loginFailIp'), subject: input.ip },
  ]);
  if (!address.results[0]!.allowed) {
    await address.release();
    address.refuse();
  }
  const account = await takeSlots(deps.limiter, [
    { rule: limitRule(deps.config, 'loginFailAccount'), subject: accountKey },
    { rule: limitRule(deps.config, 'loginFailAccountDay'), subject: accountKey },
  ]).catch(async (error: unknown) => {
    await address.release();
    throw error;
  });
  const blind = account.results.some((result) => !result.allowed);
  const right = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !right) {
    if (!blind) throw wrongCredentials();
    if (user) await alertFailedLogins(deps, user, input.log);
    return decoyStep(deps, user, identifier);
  }
  await Promise.all([address.release(), account.release()]);
  if (blind) return blindStep(deps, user, input.log);
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

/** The 630 of a blind login: the texted code and the (masked) phone it goes to, nothing else. */
function blindAnswer(token: string, phone: string): LoginStart {
  return { method: 'sms', accessToken: token, twoFaMethods: { sms: phone }, resendAfter: resendAfterSeconds };
}

/**
 * A wrong password over the account's budget: a challenge no code can pass, answered like the right
 * password's. The phone shown is the account's (masked, as recovery shows it) or a stable decoy.
 */
async function decoyStep(
  deps: AppDeps,
  user: UserRow | undefined,
  identifier: LoginIdentifier,
): Promise<LoginStart> {
  const { token } = await createChallenge(deps, {
    purpose: 'login',
    scope: blindScope,
    channel: 'sms',
    destination: null,
    withCode: false,
  });
  const decoyKey = identifier.kind === 'nationalCode' ? identifier.value : `username:${identifier.value}`;
  const phone = user ? maskPhone(user.phone) : decoyPhoneMask(deps.config.jwtSecret, decoyKey);
  return blindAnswer(token, phone);
}

/**
 * The right password over the account's budget: a real challenge whose code is texted. Over the phone's
 * budget no code is made or sent and the answer is unchanged; the text is not waited for, so the answer takes
 * the decoy's time.
 */
async function blindStep(deps: AppDeps, user: UserRow, log: Logger): Promise<LoginStart> {
  const allowed = await sendAllowed(deps, 'login', 'sms', user.phone);
  const { challenge, token, code } = await createChallenge(deps, {
    purpose: 'login',
    scope: blindScope,
    userId: user.id,
    channel: 'sms',
    destination: user.phone,
    // A code nobody was texted would only be there to be guessed.
    withCode: allowed,
  });
  if (allowed) {
    const delivery = {
      channel: 'sms',
      destination: user.phone,
      purpose: 'login',
      locale: localeOf(user.language),
      code,
    } as const;
    deliver(deps, delivery, log).catch(async () => {
      // Logged by deliver(); the person may ask for another code at once.
      await repo
        .updateChallenge(deps.database.db, challenge.id, { lastSentDate: null })
        .catch((error: unknown) => log.error({ err: error }, 'could not reopen the login resend'));
    });
  }
  return blindAnswer(token, maskPhone(user.phone));
}

/** A blind challenge's resend: by SMS only, sent when it is real and the phone's budget allows. */
async function resendBlind(
  deps: AppDeps,
  challenge: ChallengeRow,
  input: { method: TwoFaMethod; locale: Locale; log: Logger },
): Promise<{ resendAfter: number }> {
  if (input.method !== 'sms') throw notOffered(input.method, input.locale);
  assertResendAllowed(challenge, 'sms');
  const user = challenge.userId ? await repo.findUserById(deps.database.db, challenge.userId) : undefined;
  const delivery =
    user && (await sendAllowed(deps, 'login', 'sms', user.phone))
      ? ({
          channel: 'sms',
          destination: user.phone,
          purpose: 'login',
          locale: localeOf(user.language),
        } as const)
      : null;
  return resendCode(deps, challenge, delivery, { slideExpiry: false, log: input.log, background: true });
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
  if (challenge.scope === blindScope) return resendBlind(deps, challenge, input);
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
  return resendCode(
    deps,
    challenge,
    { channel: input.method, destination, purpose: 'login', locale: localeOf(user.language) },
    { slideExpiry: false, log: input.log },
  );
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
  // A blind challenge offers the texted code only (as an account without passkeys would).
  if (challenge.scope === blindScope || !challenge.userId) throw new AppError(StatusCode.notFound);
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
  deps.background?.run(
    alertIfNewDevice(
      deps,
      { userId: user.id, sessionId, ...input.client },
      localeOf(user.language),
      input.log,
    ),
  );
  return tokens;
}

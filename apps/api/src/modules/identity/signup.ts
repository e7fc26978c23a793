import { type Locale, maskPhone, StatusCode, type TokenPair } from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import { isUniqueViolation } from '../../db/types';
import type { AppDeps } from '../../deps';
import { emit } from '../../events/bus';
import { AppError } from '../../http/app-error';
import { enforceLimits } from '../../http/rate-limit';
import {
  assertResendAllowed,
  checkCode,
  createChallenge,
  deliver,
  type Logger,
  languageOf,
  limitSend,
  liveChallenge,
  now,
  openSession,
  resendCode,
  unauthorized,
} from './challenges';
import type { ClientInfo } from './client-info';
import type { AccountCreated } from './events';
import { limitRule } from './limits';
import { resendAfterSeconds } from './one-time-codes';
import { assertStrongPassword, hashPassword } from './passwords';
import * as repo from './repository';

// Sign-up: phone, code, then the account.

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
  return resendCode(
    deps,
    challenge,
    { channel: 'sms', destination: challenge.phone!, purpose: 'signup', locale: input.locale },
    { slideExpiry: true, log: input.log },
  );
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
    if (isUniqueViolation(error)) throw new AppError(StatusCode.duplicate);
    throw error;
  }
  await emit('account.created', created.account, { db: deps.database.db, log: input.log });
  return created.tokens;
}

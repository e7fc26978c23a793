import {
  customIssueMessages,
  type Locale,
  maskEmail,
  maskNationalCode,
  maskPhone,
  StatusCode,
  type StepUp,
  type TwoFaMethod,
  type TwoFaSettings,
} from '@wsm/contracts';
import type { AppDeps } from '../../app';
import { AppError } from '../../http/app-error';
import {
  checkUserPassword,
  completeStepUp,
  getUser,
  isSessionFresh,
  type Logger,
  markSessionReauthenticated,
  resendAccountCode,
  revokeAllSessions,
  sendAccountCode,
  sendStepUpCode,
  setNationalCode,
  setPreferredTwoFaMethod,
  setUserEmail,
  setUsername,
  setUserPassword,
  setUserPhone,
  type User,
  useAccountCode,
} from '../identity/service';

/** Reactions to a changed secret or contact (notifications, invitations), wired in src/wiring.ts. */
export type SecurityChange =
  | { type: 'password.changed'; userId: string }
  | { type: 'two-fa.changed'; userId: string; method: TwoFaMethod }
  | { type: 'email.changed'; userId: string; email: string }
  | { type: 'phone.changed'; userId: string; phone: string };
export type SecurityChangeListener = (deps: AppDeps, change: SecurityChange) => Promise<unknown>;
export const securityChangeListeners: SecurityChangeListener[] = [];

async function announce(deps: AppDeps, change: SecurityChange, log: Logger): Promise<void> {
  for (const listener of securityChangeListeners) {
    try {
      await listener(deps, change);
    } catch (error) {
      log.error({ err: error, change: change.type }, 'security-change listener failed');
    }
  }
}

async function userOf(deps: AppDeps, userId: string) {
  const user = await getUser(deps, userId);
  if (!user) throw new AppError(StatusCode.unauthorized);
  return user;
}

/** The caller's username (null when none was chosen). */
export async function getUsername(deps: AppDeps, userId: string): Promise<{ username: string | null }> {
  return { username: (await userOf(deps, userId)).username };
}

/** Sets the caller's username; 261 when another account holds it. */
export async function changeUsername(deps: AppDeps, userId: string, username: string): Promise<void> {
  await setUsername(deps, userId, username);
}

/** The caller's national code, masked (never whole in an answer). */
export async function getNationalCode(
  deps: AppDeps,
  userId: string,
): Promise<{ nationalCode: string | null }> {
  const { nationalCode } = await userOf(deps, userId);
  return { nationalCode: nationalCode ? maskNationalCode(nationalCode) : null };
}

/** Sets the national code once; 261 when the account has one or another account holds it. */
export async function addNationalCode(deps: AppDeps, userId: string, nationalCode: string): Promise<void> {
  await setNationalCode(deps, userId, nationalCode);
}

/** Texts a password-change code to the caller's phone. */
export async function sendPasswordCode(
  deps: AppDeps,
  userId: string,
  log: Logger,
): Promise<{ resendAfter: number }> {
  const user = await userOf(deps, userId);
  return sendAccountCode(deps, {
    userId,
    purpose: 'password-change',
    channel: 'sms',
    destination: user.phone,
    locale: user.language === 'english' ? 'en' : 'fa',
    log,
  });
}

/**
 * Changes the password with the texted code and the current password (620 when either is wrong, never
 * saying which; the code is checked first, so the password cannot be guessed without the phone). Every
 * other session of the user is revoked.
 */
export async function changePassword(
  deps: AppDeps,
  user: { id: string; sessionId: string },
  input: { currentPassword: string; password: string; code: string },
  log: Logger,
): Promise<void> {
  await useAccountCode(deps, { userId: user.id, purpose: 'password-change', code: input.code });
  if (!(await checkUserPassword(deps, user.id, input.currentPassword)))
    throw new AppError(StatusCode.wrongCredentials);
  await setUserPassword(deps, user.id, input.password);
  await revokeAllSessions(deps, user.id, user.sessionId);
  // The code and the current password proved the person: this session may change contacts now.
  await markSessionReauthenticated(deps, user.sessionId);
  await announce(deps, { type: 'password.changed', userId: user.id }, log);
}

/** The caller's e-mail address and whether it is verified. */
export async function getEmail(
  deps: AppDeps,
  userId: string,
): Promise<{ email: string | null; verified: boolean }> {
  const user = await userOf(deps, userId);
  return { email: user.email, verified: user.email !== null && user.emailVerified };
}

/** A phone or e-mail change answer: the code went to the new address, or a step-up is needed first. */
export type ContactChange = { sent: { resendAfter: number } } | { stepUp: StepUp };

/**
 * Sends a code to a new e-mail address (add or change); from a stale session, a step-up code to the
 * current phone first (see freshOrStepUp). The address becomes the account's only once
 * the code is entered; until then the current one stays. Whether the address is used by another account
 * is never said (addresses are not unique: no login is by e-mail address).
 */
export async function submitEmail(
  deps: AppDeps,
  caller: { id: string; sessionId: string },
  input: { email: string; currentCode?: string | undefined },
  locale: Locale,
  log: Logger,
): Promise<ContactChange> {
  const userId = caller.id;
  const { email } = input;
  const user = await userOf(deps, userId);
  if (user.email === email && user.emailVerified) throw new AppError(StatusCode.duplicate);
  const stepUp = await freshOrStepUp(deps, caller, input.currentCode, log);
  if (stepUp) return { stepUp };
  return {
    sent: await sendAccountCode(deps, {
      userId,
      purpose: 'email-verify',
      channel: 'email',
      destination: email,
      locale,
      log,
    }),
  };
}

/** Sends the pending e-mail code again (404 when none is pending). */
export function resendEmail(deps: AppDeps, userId: string, locale: Locale, log: Logger) {
  return resendAccountCode(deps, { userId, purpose: 'email-verify', locale, log });
}

/** Makes the address the code went to the account's verified e-mail (login codes may go there). */
export async function verifyEmail(deps: AppDeps, userId: string, code: string, log: Logger): Promise<void> {
  const { destination } = await useAccountCode(deps, { userId, purpose: 'email-verify', code });
  await setUserEmail(deps, userId, destination, true);
  await announce(deps, { type: 'email.changed', userId, email: destination }, log);
}

/** The caller's phone. */
export async function getPhone(deps: AppDeps, userId: string): Promise<{ phone: string }> {
  return { phone: (await userOf(deps, userId)).phone };
}

/**
 * Texts a code to a new phone (261 when it is already the caller's); from a stale session, a step-up
 * code to the current phone first.
 */
export async function submitPhone(
  deps: AppDeps,
  caller: { id: string; sessionId: string },
  input: { phone: string; currentCode?: string | undefined },
  locale: Locale,
  log: Logger,
): Promise<ContactChange> {
  const user = await userOf(deps, caller.id);
  if (user.phone === input.phone) throw new AppError(StatusCode.duplicate);
  const stepUp = await freshOrStepUp(deps, caller, input.currentCode, log);
  if (stepUp) return { stepUp };
  const sent = await sendAccountCode(deps, {
    userId: caller.id,
    purpose: 'phone-change',
    channel: 'sms',
    destination: input.phone,
    locale,
    log,
  });
  return { sent };
}

/** Texts the pending phone code again (404 when none is pending). */
export function resendPhone(deps: AppDeps, userId: string, locale: Locale, log: Logger) {
  return resendAccountCode(deps, { userId, purpose: 'phone-change', locale, log });
}

/**
 * Switches the account to the phone the code went to (261 when another account registered it
 * meanwhile); invitations sent to the new phone become the user's.
 */
export async function verifyPhone(deps: AppDeps, userId: string, code: string, log: Logger): Promise<void> {
  const { destination } = await useAccountCode(deps, { userId, purpose: 'phone-change', code });
  await setUserPhone(deps, userId, destination);
  await announce(deps, { type: 'phone.changed', userId, phone: destination }, log);
}

// ---------- fresh sessions (step-up)

/**
 * Changing the phone or the e-mail needs a fresh session (identity's freshSessionSeconds after the login
 * or the last step-up). A stale session is not logged out: it gets a step-up instead, a code texted to
 * the account's current phone (answered 630 with where it went), and the same call again with
 * `currentCode` proves the person and makes the session fresh. So a stolen, long-lived session cannot
 * move the account's contacts away from its owner without the owner's phone.
 *
 * Answers null when the change may go on, or the 630 data when a step-up code is needed first.
 */
export async function freshOrStepUp(
  deps: AppDeps,
  user: { id: string; sessionId: string },
  currentCode: string | undefined,
  log: Logger,
): Promise<StepUp | null> {
  if (await isSessionFresh(deps, user)) return null;
  if (currentCode === undefined) return sendStepUpCode(deps, { userId: user.id, log });
  await completeStepUp(deps, user, currentCode);
  return null;
}

// ---------- preferred two-factor method

function twoFaSettings(user: User): TwoFaSettings {
  const verifiedEmail = user.email && user.emailVerified ? user.email : null;
  return {
    method: user.preferredTwoFaMethod === 'email' && verifiedEmail ? 'email' : 'sms',
    methods: verifiedEmail
      ? { sms: maskPhone(user.phone), email: maskEmail(verifiedEmail) }
      : { sms: maskPhone(user.phone) },
  };
}

/** Where the caller's login codes go, and the masked destinations to choose from. */
export async function getTwoFa(deps: AppDeps, userId: string): Promise<TwoFaSettings> {
  return twoFaSettings(await userOf(deps, userId));
}

/**
 * Chooses where login codes go; e-mail only with a verified address (400 with a field error otherwise).
 * The change is announced (a notification), since it decides who receives login codes.
 */
export async function setTwoFa(
  deps: AppDeps,
  userId: string,
  method: TwoFaMethod,
  locale: Locale,
  log: Logger,
): Promise<TwoFaSettings> {
  const user = await userOf(deps, userId);
  if (method === 'email' && !twoFaSettings(user).methods.email)
    throw new AppError(StatusCode.validation, {
      data: { errors: [{ path: 'method', message: customIssueMessages.email_not_available![locale] }] },
    });
  const before = twoFaSettings(user).method;
  await setPreferredTwoFaMethod(deps, userId, method);
  if (before !== method) await announce(deps, { type: 'two-fa.changed', userId, method }, log);
  return twoFaSettings({ ...user, preferredTwoFaMethod: method });
}

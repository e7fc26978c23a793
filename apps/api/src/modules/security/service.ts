import {
  customIssueMessages,
  type Locale,
  maskNationalCode,
  StatusCode,
  type StepUp,
  type TwoFaMethod,
  type TwoFaSettings,
} from '@wsm/contracts';
import type { AppDeps } from '../../deps';
import { emit } from '../../events/bus';
import { AppError } from '../../http/app-error';
import {
  confirmEnrolment,
  disableAuthenticator,
  hasAuthenticator,
  startEnrolment,
} from '../identity/authenticator';
import { setLoginAlerts } from '../identity/login-alerts';
import {
  deletePasskey,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  renamePasskey,
} from '../identity/passkeys';
import {
  assertStrongPassword,
  checkUserPassword,
  completeStepUp,
  getUser,
  isSessionFresh,
  type Logger,
  localeOfLanguage,
  methodInUse,
  resendAccountCode,
  sendAccountCode,
  sendStepUpCode,
  setNationalCode,
  setPreferredTwoFaMethod,
  setUserEmail,
  setUsername,
  setUserPassword,
  setUserPhone,
  twoFaMethodsOf,
  type User,
  useAccountCode,
} from '../identity/service';

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
export async function changeUsername(
  deps: AppDeps,
  userId: string,
  username: string,
  log: Logger,
): Promise<void> {
  await setUsername(deps, userId, username);
  await emit('username.changed', { userId, username: username.toLowerCase() }, { db: deps.database.db, log });
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
export async function addNationalCode(
  deps: AppDeps,
  userId: string,
  nationalCode: string,
  log: Logger,
): Promise<void> {
  await setNationalCode(deps, userId, nationalCode);
  await emit('national-code.added', { userId, nationalCode }, { db: deps.database.db, log });
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
    locale: localeOfLanguage(user.language),
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
  input: { currentPassword: string; password: string; code: string; locale: Locale },
  log: Logger,
): Promise<void> {
  // Checked first, so a refused password does not spend the texted code.
  await assertStrongPassword(input.password, await userOf(deps, user.id), input.locale);
  await useAccountCode(deps, { userId: user.id, purpose: 'password-change', code: input.code });
  if (!(await checkUserPassword(deps, user.id, input.currentPassword)))
    throw new AppError(StatusCode.wrongCredentials);
  // One transaction: a new password never leaves the other sessions alive. The code and the current
  // password proved the person, so this session may change contacts now.
  await setUserPassword(deps, user.id, input.password, user.sessionId);
  await emit('password.changed', { userId: user.id }, { db: deps.database.db, log });
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

/** What proves a new e-mail or phone: the code's purpose and channel; and when it is the account's already. */
const contactCodes = {
  email: {
    purpose: 'email-verify',
    channel: 'email',
    isCurrent: (user: User, email: string) => user.email === email && user.emailVerified,
  },
  phone: {
    purpose: 'phone-change',
    channel: 'sms',
    isCurrent: (user: User, phone: string) => user.phone === phone,
  },
} as const;

/**
 * Sends a code to a new e-mail address (add or change) or phone: 261 when it is the account's already
 * (an e-mail only once verified); from a stale session, a step-up code to the current phone first (see
 * freshOrStepUp). The new one becomes the account's only once the code is entered; until then the
 * current one stays. Whether an e-mail address is used by another account is never said (addresses are
 * not unique: no login is by e-mail address).
 */
export async function submitContact(
  deps: AppDeps,
  caller: { id: string; sessionId: string },
  change: { kind: 'email' | 'phone'; destination: string; currentCode?: string | undefined },
  locale: Locale,
  log: Logger,
): Promise<ContactChange> {
  const { purpose, channel, isCurrent } = contactCodes[change.kind];
  const { destination } = change;
  if (isCurrent(await userOf(deps, caller.id), destination)) throw new AppError(StatusCode.duplicate);
  const stepUp = await freshOrStepUp(deps, caller, change.currentCode, log);
  if (stepUp) return { stepUp };
  return {
    sent: await sendAccountCode(deps, { userId: caller.id, purpose, channel, destination, locale, log }),
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
  await emit('email.changed', { userId, email: destination }, { db: deps.database.db, log });
}

/** The caller's phone. */
export async function getPhone(deps: AppDeps, userId: string): Promise<{ phone: string }> {
  return { phone: (await userOf(deps, userId)).phone };
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
  await emit('phone.changed', { userId, phone: destination }, { db: deps.database.db, log });
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

async function twoFaSettings(deps: AppDeps, user: User): Promise<TwoFaSettings> {
  const methods = await twoFaMethodsOf(deps, user);
  return { method: methodInUse(user.preferredTwoFaMethod, methods), methods, loginAlerts: user.loginAlerts };
}

/** How the caller's login is proved, and the choices (masked destinations, an enrolled app). */
export async function getTwoFa(deps: AppDeps, userId: string): Promise<TwoFaSettings> {
  return twoFaSettings(deps, await userOf(deps, userId));
}

/**
 * Chooses how the login is proved; e-mail only with a verified address, google only with an enrolled
 * authenticator app (400 with a field error otherwise). The change is announced (a notification), since
 * it decides who receives login codes.
 */
export async function setTwoFa(
  deps: AppDeps,
  userId: string,
  { method, loginAlerts }: { method?: TwoFaMethod | undefined; loginAlerts?: boolean | undefined },
  locale: Locale,
  log: Logger,
): Promise<TwoFaSettings> {
  const user = await userOf(deps, userId);
  const current = await twoFaSettings(deps, user);
  if (loginAlerts !== undefined) await setLoginAlerts(deps, userId, loginAlerts);
  if (method === undefined) return { ...current, loginAlerts: loginAlerts ?? current.loginAlerts };
  if (method !== 'sms' && !current.methods[method]) {
    const key = method === 'google' ? 'google_not_available' : 'email_not_available';
    throw new AppError(StatusCode.validation, {
      data: { errors: [{ path: 'method', message: customIssueMessages[key]![locale] }] },
    });
  }
  await setPreferredTwoFaMethod(deps, userId, method);
  if (current.method !== method)
    await emit('two-fa.changed', { userId, method }, { db: deps.database.db, log });
  return { method, methods: current.methods, loginAlerts: loginAlerts ?? current.loginAlerts };
}

// ---------- authenticator app

/** An enrolment start: the secret and its QR code's URI, or a step-up first (stale session). */
export type AuthenticatorStart = { enrolment: { secret: string; otpauthUrl: string } } | { stepUp: StepUp };

/**
 * Starts enrolling an authenticator app (261 when one is enrolled); from a stale session, a step-up
 * code to the current phone first, as for a phone or e-mail change: a stolen long-lived session cannot
 * add a second factor of its own. Nothing is active until confirmEnrolment.
 */
export async function startAuthenticator(
  deps: AppDeps,
  caller: { id: string; sessionId: string },
  currentCode: string | undefined,
  log: Logger,
): Promise<AuthenticatorStart> {
  const user = await userOf(deps, caller.id);
  if (await hasAuthenticator(deps, user.id)) throw new AppError(StatusCode.duplicate);
  const stepUp = await freshOrStepUp(deps, caller, currentCode, log);
  if (stepUp) return { stepUp };
  return { enrolment: await startEnrolment(deps, user) };
}

/** Confirms the enrolment with the app's first code; answers the recovery codes, shown this once. */
export function confirmAuthenticator(
  deps: AppDeps,
  userId: string,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  return confirmEnrolment(deps, userId, code);
}

/**
 * Turns the app off with a current code or a recovery code; when it was the login method, codes go by
 * SMS again, and the owner is told.
 */
export async function turnOffAuthenticator(
  deps: AppDeps,
  userId: string,
  code: string,
  log: Logger,
): Promise<void> {
  const before = await getTwoFa(deps, userId);
  await disableAuthenticator(deps, userId, code);
  if (before.method === 'google')
    await emit('two-fa.changed', { userId, method: 'sms' }, { db: deps.database.db, log });
}

// ---------- passkeys

/** Registration options, or a step-up first (stale session). */
export type PasskeyOptionsStart =
  | { options: Awaited<ReturnType<typeof registrationOptions>> }
  | { stepUp: StepUp };

/**
 * Registration options for a new passkey. As for the authenticator app, a stale session gets a step-up
 * code first: a stolen long-lived session cannot add a second factor of its own. The options' challenge
 * is bound to this session and lives 5 minutes, so the registration that answers it comes from the same
 * fresh session.
 */
export async function startPasskeyRegistration(
  deps: AppDeps,
  caller: { id: string; sessionId: string },
  currentCode: string | undefined,
  log: Logger,
): Promise<PasskeyOptionsStart> {
  const user = await userOf(deps, caller.id);
  const stepUp = await freshOrStepUp(deps, caller, currentCode, log);
  if (stepUp) return { stepUp };
  return { options: await registrationOptions(deps, user, caller.sessionId) };
}

export { listPasskeys, registerPasskey, renamePasskey };

/** Deletes one of the caller's passkeys; a stale session gets a step-up code first. */
export async function removePasskey(
  deps: AppDeps,
  caller: { id: string; sessionId: string },
  input: { id: string; currentCode?: string | undefined },
  log: Logger,
): Promise<{ stepUp: StepUp } | { deleted: true }> {
  const stepUp = await freshOrStepUp(deps, caller, input.currentCode, log);
  if (stepUp) return { stepUp };
  await deletePasskey(deps, caller.id, input.id);
  return { deleted: true };
}

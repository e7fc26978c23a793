import { type Locale, maskNationalCode, StatusCode } from '@wsm/contracts';
import type { AppDeps } from '../../app';
import { AppError } from '../../http/app-error';
import {
  checkUserPassword,
  getUser,
  type Logger,
  resendAccountCode,
  revokeAllSessions,
  sendAccountCode,
  setNationalCode,
  setUserEmail,
  setUsername,
  setUserPassword,
  setUserPhone,
  useAccountCode,
} from '../identity/service';

/** Reactions to a changed secret or contact (notifications, invitations), wired in src/wiring.ts. */
export type SecurityChange =
  | { type: 'password.changed'; userId: string }
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

/**
 * Sends a code to a new e-mail address (add or change). The address becomes the account's only once
 * the code is entered; until then the current one stays. Whether the address is used by another account
 * is never said (addresses are not unique: no login is by e-mail address).
 */
export async function submitEmail(
  deps: AppDeps,
  userId: string,
  email: string,
  locale: Locale,
  log: Logger,
): Promise<{ resendAfter: number }> {
  const user = await userOf(deps, userId);
  if (user.email === email && user.emailVerified) throw new AppError(StatusCode.duplicate);
  return sendAccountCode(deps, {
    userId,
    purpose: 'email-verify',
    channel: 'email',
    destination: email,
    locale,
    log,
  });
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

/** Texts a code to a new phone; 261 when it is already the caller's. */
export async function submitPhone(
  deps: AppDeps,
  userId: string,
  phone: string,
  locale: Locale,
  log: Logger,
): Promise<{ resendAfter: number }> {
  const user = await userOf(deps, userId);
  if (user.phone === phone) throw new AppError(StatusCode.duplicate);
  return sendAccountCode(deps, {
    userId,
    purpose: 'phone-change',
    channel: 'sms',
    destination: phone,
    locale,
    log,
  });
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

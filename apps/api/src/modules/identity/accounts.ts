import { StatusCode, type TwoFaMethod } from '@wsm/contracts';
import type { AppDeps } from '../../deps';
import { AppError, found } from '../../http/app-error';
import { now } from './challenges';
import { hashPassword, verifyPassword } from './passwords';
import * as repo from './repository';
import type { UserLanguage, UserRow, UserStatus } from './schema';

// Accounts, for the other modules and the test fixtures.

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
  const user = found(await repo.findUserById(deps.database.db, userId));
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

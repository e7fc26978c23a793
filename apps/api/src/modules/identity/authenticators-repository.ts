import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { type AuthenticatorRow, authenticators, challenges, recoveryCodes } from './schema';

// Queries of the authenticator app and its recovery codes. Other modules use service.ts, never this file.

export async function findAuthenticator(db: Db, userId: string): Promise<AuthenticatorRow | undefined> {
  const [row] = await db.select().from(authenticators).where(eq(authenticators.userId, userId)).limit(1);
  return row;
}

/** Starts an enrolment: a new, unconfirmed secret replaces an unconfirmed one, never a confirmed one. */
export async function startAuthenticator(
  db: Db,
  userId: string,
  secretCiphertext: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(authenticators)
    .values({ userId, secretCiphertext, createdDate: now })
    .onConflictDoUpdate({
      target: authenticators.userId,
      set: { secretCiphertext, createdDate: now, lastUsedStep: null },
      setWhere: isNull(authenticators.confirmedDate),
    })
    .returning({ userId: authenticators.userId });
  return rows.length > 0;
}

/**
 * Records an accepted code's time step, only when it is newer than every step accepted before: of two
 * requests with the same code, one wins; a code already accepted is refused.
 */
export async function useAuthenticatorStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(authenticators)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(authenticators.userId, userId),
        or(isNull(authenticators.lastUsedStep), lt(authenticators.lastUsedStep, step)),
      ),
    )
    .returning({ userId: authenticators.userId });
  return rows.length > 0;
}

/** Makes a started enrolment active with its recovery codes (replacing any earlier ones). */
export async function confirmAuthenticator(
  db: Db,
  userId: string,
  codeHashes: { id: string; codeHash: string }[],
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(authenticators)
    .set({ confirmedDate: now })
    .where(and(eq(authenticators.userId, userId), isNull(authenticators.confirmedDate)))
    .returning({ userId: authenticators.userId });
  if (rows.length === 0) return false;
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((code) => ({ ...code, userId, createdDate: now })));
  return true;
}

/** Removes the authenticator and its recovery codes. */
export async function deleteAuthenticator(db: Db, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(authenticators).where(eq(authenticators.userId, userId));
}

/** Uses up a recovery code (single use): true only for the one request that used it. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedDate: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedDate),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

/** Marks a login challenge's second step as proved without a sent code (authenticator, recovery code). */
export async function markChallengeVerified(db: Db, challengeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(challenges)
    .set({ codeHash: null, codeExpiresDate: null, verifiedDate: now })
    .where(
      and(eq(challenges.id, challengeId), isNull(challenges.verifiedDate), isNull(challenges.consumedDate)),
    )
    .returning({ id: challenges.id });
  return rows.length > 0;
}

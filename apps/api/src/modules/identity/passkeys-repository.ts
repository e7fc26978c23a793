import { and, eq, lt, or, sql } from 'drizzle-orm';
import { preparedPer } from '../../db/prepared';
import type { Db } from '../../db/types';
import { authenticators, type PasskeyRow, passkeyChallenges, passkeys, users } from './schema';

// Queries of passkeys and their registration challenges. Other modules use service.ts, never this file.

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdDate);
}

const secondFactors = preparedPer((db: Db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      authenticator: sql<boolean>`exists (select 1 from ${authenticators} where ${authenticators.userId} = ${userId}
        and ${authenticators.confirmedDate} is not null)`,
      passkeys: sql<number>`(select count(*) from ${passkeys} where ${passkeys.userId} = ${userId})`.mapWith(
        Number,
      ),
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare('second_factors');
});

/** Whether the account has a confirmed authenticator app, and how many passkeys: one round trip. */
export async function secondFactorsOf(
  db: Db,
  userId: string,
): Promise<{ authenticator: boolean; passkeys: number }> {
  const [row] = await secondFactors(db).execute({ userId });
  return { authenticator: row?.authenticator === true, passkeys: row?.passkeys ?? 0 };
}

export async function findPasskeyByCredential(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row;
}

export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(values).returning();
  return row!;
}

/** Renames one of the account's passkeys; undefined when the account has no passkey of that id. */
export async function renamePasskey(
  db: Db,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

/** Deletes one of the account's passkeys; false when the account has no passkey of that id. */
export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/**
 * Records a use: the new counter only when it is still above the stored one (or both are 0, for
 * authenticators that do not count), so of two uses of one signature only one wins.
 */
export async function usePasskey(db: Db, id: string, counter: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedDate: now })
    .where(
      and(
        eq(passkeys.id, id),
        or(lt(passkeys.counter, counter), and(eq(passkeys.counter, 0), sql`${counter} = 0`)),
      ),
    )
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** Stores a WebAuthn challenge for a binding (session or login challenge), replacing a pending one. */
export async function putPasskeyChallenge(
  db: Db,
  values: typeof passkeyChallenges.$inferInsert,
): Promise<void> {
  await db
    .insert(passkeyChallenges)
    .values(values)
    .onConflictDoUpdate({
      target: [passkeyChallenges.purpose, passkeyChallenges.boundTo],
      set: {
        id: values.id,
        userId: values.userId,
        challenge: values.challenge,
        expiresDate: values.expiresDate,
        createdDate: values.createdDate,
      },
    });
}

/**
 * Takes the pending challenge of a binding away (single use: of two requests only one gets it), or
 * undefined when there is none, it expired or it belongs to another account.
 */
export async function takePasskeyChallenge(
  db: Db,
  purpose: (typeof passkeyChallenges.$inferSelect)['purpose'],
  boundTo: string,
  userId: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.purpose, purpose), eq(passkeyChallenges.boundTo, boundTo)))
    .returning({
      challenge: passkeyChallenges.challenge,
      userId: passkeyChallenges.userId,
      expiresDate: passkeyChallenges.expiresDate,
    });
  if (!row || row.userId !== userId || row.expiresDate <= now) return undefined;
  return row.challenge;
}

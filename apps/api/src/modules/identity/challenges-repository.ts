import { and, desc, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { type ChallengePurpose, type ChallengeRow, challenges, sessions } from './schema';

// Queries of challenges: the one-time codes of sign-up, login, recovery and the security settings. Other modules use service.ts, never this file.

/** Neither ended nor expired. */
const liveChallenge = (now: Date) => and(isNull(challenges.consumedDate), gt(challenges.expiresDate, now));

/** The live challenge `challengeId` while its code step is still open: not yet proved, tries left. */
const awaitingCode = (challengeId: string, maxAttempts: number, now: Date) =>
  and(
    eq(challenges.id, challengeId),
    liveChallenge(now),
    isNull(challenges.verifiedDate),
    lt(challenges.attempts, maxAttempts),
  );

export async function insertChallenge(db: Db, values: typeof challenges.$inferInsert): Promise<ChallengeRow> {
  const [row] = await db.insert(challenges).values(values).returning();
  return row!;
}

/** The challenge of a flow token, only when it belongs to that flow. */
export async function findChallengeByToken(
  db: Db,
  purpose: ChallengePurpose,
  tokenHash: string,
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(challenges)
    .where(and(eq(challenges.tokenHash, tokenHash), eq(challenges.purpose, purpose)))
    .limit(1);
  return row;
}

/** The newest live (not consumed, not expired) challenge of a purpose started by a logged-in user. */
export async function findLatestUserChallenge(
  db: Db,
  purpose: ChallengePurpose,
  userId: string,
  now: Date,
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(challenges)
    .where(and(eq(challenges.userId, userId), eq(challenges.purpose, purpose), liveChallenge(now)))
    .orderBy(desc(challenges.createdDate), desc(challenges.id))
    .limit(1);
  return row;
}

/** Ends every live challenge of a purpose of a user (a new one replaces them). */
export async function consumeUserChallenges(
  db: Db,
  purpose: ChallengePurpose,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .update(challenges)
    .set({ consumedDate: now })
    .where(
      and(eq(challenges.userId, userId), eq(challenges.purpose, purpose), isNull(challenges.consumedDate)),
    );
}

/**
 * Counts one try at the code, atomically and only while fewer than `maxAttempts` were made: parallel
 * guesses cannot exceed the limit. Answers the new count and the pending code, or undefined when the
 * challenge is spent, consumed or expired.
 */
export async function countCodeAttempt(
  db: Db,
  challengeId: string,
  maxAttempts: number,
  now: Date,
): Promise<Pick<ChallengeRow, 'attempts' | 'codeHash' | 'codeExpiresDate'> | undefined> {
  const [row] = await db
    .update(challenges)
    .set({ attempts: sql`${challenges.attempts} + 1` })
    .where(and(eq(challenges.id, challengeId), lt(challenges.attempts, maxAttempts), liveChallenge(now)))
    .returning({
      attempts: challenges.attempts,
      codeHash: challenges.codeHash,
      codeExpiresDate: challenges.codeExpiresDate,
    });
  return row;
}

/** Uses up the pending code (single use): only one caller can win for a given code hash. */
export async function markCodeVerified(
  db: Db,
  challengeId: string,
  codeHash: string,
  now: Date,
  expiresDate: Date | undefined,
): Promise<boolean> {
  const rows = await db
    .update(challenges)
    .set({
      codeHash: null,
      codeExpiresDate: null,
      verifiedDate: now,
      ...(expiresDate ? { expiresDate } : {}),
    })
    .where(
      and(eq(challenges.id, challengeId), eq(challenges.codeHash, codeHash), isNull(challenges.consumedDate)),
    )
    .returning({ id: challenges.id });
  return rows.length > 0;
}

/**
 * Stores a newly sent code, only when the resend timer allows it (or the channel changes) and the
 * challenge is still usable; false when another request won or the timer has not run out.
 */
export async function storeResentCode(
  db: Db,
  challengeId: string,
  values: {
    codeHash: string | null;
    codeExpiresDate: Date;
    channel: ChallengeRow['channel'];
    destination: string | null;
    expiresDate?: Date;
    scope?: string | null;
    linkHash?: string;
    linkExpiresDate?: Date;
  },
  now: Date,
  resendBefore: Date,
  maxAttempts: number,
): Promise<boolean> {
  const rows = await db
    .update(challenges)
    .set({ ...values, lastSentDate: now, sends: sql`${challenges.sends} + 1` })
    .where(
      and(
        awaitingCode(challengeId, maxAttempts, now),
        or(
          isNull(challenges.lastSentDate),
          lte(challenges.lastSentDate, resendBefore),
          sql`${challenges.channel} <> ${values.channel}`,
        ),
      ),
    )
    .returning({ id: challenges.id });
  return rows.length > 0;
}

/** Ends a flow; `requireVerified` demands its code was verified first. False when it was already ended. */
export async function consumeChallenge(
  db: Db,
  challengeId: string,
  now: Date,
  requireVerified: boolean,
): Promise<boolean> {
  const rows = await db
    .update(challenges)
    .set({ consumedDate: now })
    .where(
      and(
        eq(challenges.id, challengeId),
        liveChallenge(now),
        requireVerified ? isNotNull(challenges.verifiedDate) : undefined,
      ),
    )
    .returning({ id: challenges.id });
  return rows.length > 0;
}

/** Sets fields of a challenge directly: the resend timer after a failed delivery, and dates in tests. */
export async function updateChallenge(
  db: Db,
  challengeId: string,
  patch: Partial<Omit<typeof challenges.$inferInsert, 'id'>>,
): Promise<void> {
  await db.update(challenges).set(patch).where(eq(challenges.id, challengeId));
}

/** Sets fields of a session directly (dates in tests). */
export async function updateSession(
  db: Db,
  sessionId: string,
  patch: Partial<Omit<typeof sessions.$inferInsert, 'id'>>,
): Promise<void> {
  await db.update(sessions).set(patch).where(eq(sessions.id, sessionId));
}

/**
 * Switches a live login challenge to the authenticator app: the sent code (if any) stops working. The
 * resend timer stays, so switching back and forth sends no more codes than the timer allows.
 */
export async function switchChallengeToAuthenticator(
  db: Db,
  challengeId: string,
  maxAttempts: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(challenges)
    .set({ channel: 'google', destination: null, codeHash: null, codeExpiresDate: null })
    .where(awaitingCode(challengeId, maxAttempts, now))
    .returning({ id: challenges.id });
  return rows.length > 0;
}

// ---------- recovery links

/** Takes a live recovery link (it works once): its account, or undefined when unknown, used or expired. */
export async function takeRecoveryLink(db: Db, linkHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(challenges)
    .set({ linkHash: null, linkExpiresDate: null })
    .where(
      and(
        eq(challenges.linkHash, linkHash),
        eq(challenges.purpose, 'recovery'),
        gt(challenges.linkExpiresDate, now),
        isNotNull(challenges.userId),
      ),
    )
    .returning({ userId: challenges.userId });
  return row?.userId ?? undefined;
}

/** Ends every recovery link of an account (its password was just set). */
export async function endRecoveryLinks(db: Db, userId: string): Promise<void> {
  await db
    .update(challenges)
    .set({ linkHash: null, linkExpiresDate: null })
    .where(
      and(eq(challenges.userId, userId), eq(challenges.purpose, 'recovery'), isNotNull(challenges.linkHash)),
    );
}

import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { containsPattern } from '../../lib/search';
import {
  type AuthenticatorRow,
  authenticators,
  type ChallengePurpose,
  type ChallengeRow,
  challenges,
  type PasskeyRow,
  passkeyChallenges,
  passkeys,
  recoveryCodes,
  rotatedRefreshTokens,
  type SessionRow,
  sessions,
  type UserRow,
  users,
} from './schema';

// Queries of the identity module. Other modules use service.ts, never this file.

/** A database or a transaction on it. */
export type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** True when a query failed on a unique index (SQLSTATE 23505), looking through Drizzle's wrapper. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

// ---------- users

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

// The login step's statements are prepared: after the password's hash they are its whole cost.
const userByNationalCode = preparedPer((db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.nationalCode, sql.placeholder('nationalCode')))
    .limit(1)
    .prepare('user_by_national_code'),
);

export async function findUserByNationalCode(db: Db, nationalCode: string): Promise<UserRow | undefined> {
  const [row] = await userByNationalCode(db).execute({ nationalCode });
  return row;
}

const userByUsername = preparedPer((db: Db) =>
  db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${sql.placeholder('username')}`)
    .limit(1)
    .prepare('user_by_username'),
);

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await userByUsername(db).execute({ username: username.toLowerCase() });
  return row;
}

/** True when a phone or a national code already belongs to an account. */
export async function phoneOrNationalCodeTaken(
  db: Db,
  phone: string,
  nationalCode: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.phone, phone), eq(users.nationalCode, nationalCode)))
    .limit(1);
  return row !== undefined;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<Omit<typeof users.$inferInsert, 'id'>>,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedDate: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Sets a national code only while the account has none (no race can overwrite one). */
export async function setNationalCodeIfNone(
  db: Db,
  id: string,
  nationalCode: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ nationalCode, updatedDate: now })
    .where(and(eq(users.id, id), isNull(users.nationalCode)))
    .returning({ id: users.id });
  return rows.length > 0;
}

// ---------- sessions

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

const alive = (now: Date) => and(isNull(sessions.revokedDate), gt(sessions.expiresDate, now));

/** The session of an access token when it is neither revoked nor expired. */
export async function findLiveSession(
  db: Db,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), alive(now)))
    .limit(1);
  return row;
}

export async function findSessionById(db: Db, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row;
}

/** The session a rotated (no longer valid) refresh token belonged to. */
export async function findRotatedTokenSession(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ sessionId: rotatedRefreshTokens.sessionId })
    .from(rotatedRefreshTokens)
    .where(eq(rotatedRefreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row?.sessionId;
}

// The rotation as one named prepared statement per database (planned once per connection on PostgreSQL).
const rotation = preparedPer((db: Db) => {
  const oldHash = sql.placeholder('oldHash');
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const renewed = db.$with('renewed', { id: sessions.id, userId: sessions.userId }).as(
    sql`update user_sessions set refresh_token_hash = ${sql.placeholder('newHash')}, last_seen_date = ${at}
        where refresh_token_hash = ${oldHash} and revoked_date is null and expires_date > ${at}
        returning id, user_id`,
  );
  const rotated = db.$with('rotated', {}).as(
    sql`insert into user_session_rotated_tokens (token_hash, session_id, rotated_date)
        select ${oldHash}, id, ${at} from renewed`,
  );
  return db
    .with(renewed, rotated)
    .select({ id: renewed.id, userId: renewed.userId })
    .from(renewed)
    .prepare('rotate_refresh_token');
});

/**
 * Rotates a refresh token in one statement (one round trip; renewal is the busiest write there is): the
 * live session whose current token hash is `oldHash` takes `newHash`, and `oldHash` is recorded as
 * rotated. Undefined when no live session holds `oldHash`: unknown, revoked, expired, or rotated already,
 * by a parallel renewal too (the row lock makes this one wait, then find the hash changed).
 */
export async function rotateRefreshToken(
  db: Db,
  oldHash: string,
  newHash: string,
  now: Date,
): Promise<{ id: string; userId: string } | undefined> {
  const [row] = await rotation(db).execute({ oldHash, newHash, at: now.toISOString() });
  return row;
}

type RevokedReason = NonNullable<SessionRow['revokedReason']>;

/** Revokes one live session (of `userId` when given); false when there was none. */
export async function revokeSession(
  db: Db,
  sessionId: string,
  reason: RevokedReason,
  now: Date,
  userId?: string,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedDate: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.id, sessionId),
        userId === undefined ? undefined : eq(sessions.userId, userId),
        isNull(sessions.revokedDate),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of a user, but `exceptSessionId`; answers how many. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: RevokedReason,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedDate: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedDate),
        exceptSessionId === undefined ? undefined : sql`${sessions.id} <> ${exceptSessionId}`,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** Moves lastSeenDate forward when it is older than `staleBefore` (one write a minute at most). */
export async function touchSession(db: Db, sessionId: string, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenDate: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenDate, staleBefore)));
}

/** A page of a user's live sessions, most recently seen first. */
export async function listLiveSessions(
  db: Db,
  userId: string,
  now: Date,
  page: { offset: number; limit: number; search?: string | undefined },
): Promise<{ rows: SessionRow[]; total: number }> {
  let filter: SQL | undefined = and(eq(sessions.userId, userId), alive(now));
  if (page.search) {
    const pattern = containsPattern(page.search);
    filter = and(
      filter,
      or(
        ilike(sessions.platform, pattern),
        ilike(sessions.agent, pattern),
        ilike(sessions.ipAddress, pattern),
      ),
    );
  }
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(sessions)
      .where(filter)
      .orderBy(desc(sessions.lastSeenDate), desc(sessions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(sessions).where(filter),
  ]);
  return { rows, total: Number(totalRow?.value ?? 0) };
}

// ---------- challenges

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

/** Uses up a texted code for every challenge that reuses it; false when it was used or replaced. */
export async function retireCode(db: Db, challengeId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(challenges)
    .set({ codeHash: null, codeExpiresDate: null })
    .where(and(eq(challenges.id, challengeId), eq(challenges.codeHash, codeHash)))
    .returning({ id: challenges.id });
  return rows.length > 0;
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

// ---------- authenticator app and recovery codes

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

// ---------- passkeys

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

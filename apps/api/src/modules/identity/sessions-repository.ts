import { and, count, desc, eq, gt, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { preparedPer } from '../../db/prepared';
import type { Db } from '../../db/types';
import { containsPattern } from '../../lib/search';
import { rotatedRefreshTokens, type SessionRow, sessions } from './schema';

// Queries of sessions and rotated refresh tokens. Other modules use service.ts, never this file.

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

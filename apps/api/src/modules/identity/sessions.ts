import { type PageQuery, type Session, StatusCode, type TokenPair } from '@wsm/contracts';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/app-error';
import { pageAnswer, pageSlice } from '../../lib/paging';
import { now, seconds, shield, tokenPair, unauthorized } from './challenges';
import { deviceParts } from './client-info';
import { generateOpaqueToken, hashOpaqueToken } from './one-time-codes';
import * as repo from './repository';

// Tokens and sessions: renewal, liveness, the list, revocation and logout.

// ---------- tokens and sessions

/**
 * Renews a token pair. The refresh token rotates; presenting an already-rotated one is a replay: 660 and
 * its session is revoked. An unknown, revoked or expired token answers 401.
 */
export async function renewTokens(deps: AppDeps, input: { refreshToken: string }): Promise<TokenPair> {
  const db = deps.database.db;
  const tokenHash = hashOpaqueToken(input.refreshToken);
  const refreshToken = generateOpaqueToken();
  const t = now();
  const session = await repo.rotateRefreshToken(db, tokenHash, hashOpaqueToken(refreshToken), t);
  if (session) return tokenPair(deps, session.userId, session.id, refreshToken);
  // A rotated token presented again (a parallel renewal's too) is a replay; anything else is unknown.
  const replayed = await repo.findRotatedTokenSession(db, tokenHash);
  if (!replayed) throw unauthorized();
  await repo.revokeSession(db, replayed, 'refresh-replay', t);
  throw shield();
}

/** Whether an access token's session is alive; also moves its lastSeenDate (at most once a minute). */
export async function isSessionAlive(deps: AppDeps, userId: string, sessionId: string): Promise<boolean> {
  const t = now();
  const load = async () => {
    const row = await repo.findLiveSession(deps.database.db, sessionId, userId, t);
    return (
      row && {
        userId: row.userId,
        expiresMs: row.expiresDate.getTime(),
        lastSeenMs: row.lastSeenDate.getTime(),
      }
    );
  };
  // Kept in memory until the session changes (lib/auth-cache.ts); its end is checked here on each use.
  const session = deps.authCache ? await deps.authCache.session(sessionId, load) : await load();
  if (!session || session.userId !== userId || session.expiresMs <= t.getTime()) return false;
  if (t.getTime() - session.lastSeenMs > 60_000) {
    await repo.touchSession(deps.database.db, sessionId, t, seconds(t, -60));
    deps.authCache?.sessionSeen(sessionId, t.getTime());
  }
  return true;
}

/** A page of the user's live sessions, the caller's own marked `current`. */
export async function listSessions(
  deps: AppDeps,
  user: { id: string; sessionId: string },
  page: PageQuery,
): Promise<{ items: Session[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await repo.listLiveSessions(deps.database.db, user.id, now(), {
    ...pageSlice(page),
    search: page.search,
  });
  return pageAnswer(
    rows.map((row) => ({
      id: row.id,
      ipAddress: row.ipAddress,
      agent: row.agent,
      platform: row.platform,
      device: deviceParts(row.agent),
      createdDate: row.createdDate.toISOString(),
      lastSeenDate: row.lastSeenDate.toISOString(),
      current: row.id === user.sessionId,
    })),
    total,
    page,
  );
}

/** Revokes one of the user's live sessions (dead at once); 404 when it has none by that id. */
export async function revokeUserSession(deps: AppDeps, userId: string, sessionId: string): Promise<void> {
  const t = now();
  const session = await repo.findLiveSession(deps.database.db, sessionId, userId, t);
  if (!session || !(await repo.revokeSession(deps.database.db, sessionId, 'revoked', t, userId)))
    throw new AppError(StatusCode.notFound);
}

/** Ends the caller's own session. */
export async function logout(deps: AppDeps, user: { id: string; sessionId: string }): Promise<void> {
  await repo.revokeSession(deps.database.db, user.sessionId, 'logout', now(), user.id);
}

/** Revokes every live session of a user (but `exceptSessionId`), e.g. after a password change. */
export async function revokeAllSessions(
  deps: AppDeps,
  userId: string,
  exceptSessionId?: string,
): Promise<number> {
  return repo.revokeUserSessions(deps.database.db, userId, 'revoked', now(), exceptSessionId);
}

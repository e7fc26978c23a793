import type { IncomingMessage } from 'node:http';
import type { AppDeps } from '../../deps';
import { findLiveSession } from '../identity/repository';
import { verifyAccessToken } from '../identity/tokens';

/** The product session a browser carries: who, which session, and when that login happened. */
export interface ProductSession {
  userId: string;
  sessionId: string;
  /** Seconds since the epoch: the session's login (a new login makes a new session). */
  loginTs: number;
}

const memo = new WeakMap<IncomingMessage, Promise<ProductSession | undefined>>();

/**
 * The product session of a request (the access token of the `accessToken` cookie, or a Bearer header),
 * when its signature holds and its session is alive in the database. Read once per request.
 */
export function productSessionOf(deps: AppDeps, req: IncomingMessage): Promise<ProductSession | undefined> {
  let session = memo.get(req);
  if (!session) {
    session = load(deps, req);
    memo.set(req, session);
  }
  return session;
}

async function load(deps: AppDeps, req: IncomingMessage): Promise<ProductSession | undefined> {
  const cookie = /(?:^|;\s*)accessToken=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  const header = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  for (const token of [header, cookie && decodeURIComponent(cookie)]) {
    if (!token) continue;
    const claims = verifyAccessToken(deps.config.jwtSecret, token);
    if (!claims) continue;
    const row = await findLiveSession(deps.database.db, claims.sid, claims.sub, new Date());
    if (row)
      return {
        userId: row.userId,
        sessionId: row.id,
        loginTs: Math.floor(row.createdDate.getTime() / 1000),
      };
  }
  return undefined;
}

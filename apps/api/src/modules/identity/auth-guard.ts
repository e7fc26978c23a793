import { StatusCode } from '@wsm/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { bindLogContext } from '../../http/logging';
import { authenticateApiKey, isApiKeyToken } from '../api-keys/key-auth';
import { isSessionAlive } from './service';
import { verifyAccessToken } from './tokens';

/** The caller of a route guarded by requireUser. */
export interface AuthUser {
  id: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the requireUser preHandler; only read it in routes that use that guard. */
    user: AuthUser;
  }
}

/** The token of an `Authorization: Bearer …` header, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * preHandler of every route that needs a logged-in user: verifies the access token (HS256 signature,
 * expiry, audience, issuer) and that its session is alive (not revoked, not expired) on every request,
 * then sets `request.user`. Anything else answers 401. A workspace's API key (`wsk_…`) is checked by
 * modules/api-keys/key-auth.ts instead.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new AppError(StatusCode.unauthorized);
  if (isApiKeyToken(token)) return authenticateApiKey(request, token);
  const deps = request.server.deps;
  const claims = verifyAccessToken(deps.config.jwtSecret, token);
  if (!claims) throw new AppError(StatusCode.unauthorized);
  if (!(await isSessionAlive(deps, claims.sub, claims.sid))) throw new AppError(StatusCode.unauthorized);
  request.user = { id: claims.sub, sessionId: claims.sid };
  bindLogContext(request, { userId: claims.sub });
}

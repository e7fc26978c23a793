import { isWellFormedApiKey, type PermissionKey, permissionKeys, StatusCode } from '@wsm/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { bindLogContext } from '../../http/logging';
import { enforceLimit } from '../../http/rate-limit';
import { apiKeyRule } from './limits';
import { keyByHash } from './repository';
import { hashApiKey } from './secret';

// Requests made with `Authorization: Bearer wsk_…` (docs/api.md, "API keys"). A key acts on its own
// workspace's /v1/workspaces/… routes only, through the tenant guard (access/guard.ts), with its
// permissions (never more than its creator still holds). Until that guard has run, `request.user`
// refuses to be read (401): a route that acts for the person (their workspaces, invitations) and never
// asks the tenant guard cannot be reached with a key.

/** A key as the auth cache keeps it. */
export interface CachedApiKey {
  id: string;
  name: string;
  workspaceId: string;
  creatorUserId: string | null;
  permissions: readonly PermissionKey[];
  expiresMs: number | null;
  lastUsedMs: number | null;
}

/** The key a request was made with, once its checks passed. */
export interface ApiKeyCaller extends CachedApiKey {
  /** Set by the tenant guard once the workspace and the key's standing were checked. */
  tenantChecked: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request was made with an API key (and its checks passed). */
    apiKey?: ApiKeyCaller;
  }
}

/** Whether a bearer token is meant as an API key (the prefix alone: any other token is a JWT). */
export function isApiKeyToken(token: string): boolean {
  return token.startsWith('wsk_');
}

/** The only routes a key may call. */
const keyRoutes = '/v1/workspaces/';

// Addresses over the failure limit, refused before any lookup until the wait named ends (per process).
const blocked = new Map<string, number>();

async function failed(request: FastifyRequest): Promise<never> {
  const { limiter, config } = request.server.deps;
  try {
    await enforceLimit(limiter, apiKeyRule(config, 'failures'), request.ip);
  } catch (error) {
    const retryAfter = (error as AppError).options?.data as { retryAfter?: number } | undefined;
    if (retryAfter?.retryAfter) {
      if (blocked.size > 10_000) blocked.clear();
      blocked.set(request.ip, Date.now() + retryAfter.retryAfter * 1000);
    }
    throw error;
  }
  throw new AppError(StatusCode.unauthorized);
}

async function loadKey(request: FastifyRequest, keyHash: string): Promise<CachedApiKey | undefined> {
  const row = await keyByHash(request.server.deps.database.db, keyHash);
  if (!row) return undefined;
  const known = new Set<string>(permissionKeys);
  return {
    id: row.id,
    name: row.name,
    workspaceId: row.workspaceId,
    creatorUserId: row.createdByUserId,
    permissions: row.permissions.filter((p): p is PermissionKey => known.has(p)),
    expiresMs: row.expiresDate?.getTime() ?? null,
    lastUsedMs: row.lastUsedDate?.getTime() ?? null,
  };
}

/**
 * Authenticates a request whose bearer token is an API key, or throws: 401 for a malformed key (checked
 * offline, before the database), a route outside /v1/workspaces/, an unknown, revoked or expired key;
 * 260 when the address made too many failures or the key too many requests.
 */
export async function authenticateApiKey(request: FastifyRequest, token: string): Promise<void> {
  const deps = request.server.deps;
  const until = blocked.get(request.ip);
  if (until !== undefined) {
    if (until > Date.now()) await failed(request);
    blocked.delete(request.ip);
  }
  if (!isWellFormedApiKey(token)) await failed(request);
  if (!request.routeOptions.url?.startsWith(keyRoutes)) throw new AppError(StatusCode.unauthorized);
  const keyHash = hashApiKey(token);
  const load = () => loadKey(request, keyHash);
  const key = deps.authCache ? await deps.authCache.apiKey(keyHash, load) : await load();
  if (!key || (key.expiresMs !== null && key.expiresMs <= Date.now()) || !key.creatorUserId)
    await failed(request);
  const found = key as CachedApiKey;
  await enforceLimit(deps.limiter, apiKeyRule(deps.config, 'burst'), found.id);
  deps.apiKeyUse?.used(found.id, found.lastUsedMs);
  const caller: ApiKeyCaller = { ...found, tenantChecked: false };
  request.apiKey = caller;
  const user = { id: found.creatorUserId!, sessionId: '' };
  Object.defineProperty(request, 'user', {
    configurable: true,
    enumerable: true,
    get() {
      if (!caller.tenantChecked) throw new AppError(StatusCode.unauthorized);
      return user;
    },
    set() {},
  });
  bindLogContext(request, { userId: user.id, apiKeyId: found.id });
}

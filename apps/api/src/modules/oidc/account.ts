import { eq, sql } from 'drizzle-orm';
import type { Account, KoaContextWithOIDC } from 'oidc-provider';
import { preparedPer } from '../../db/prepared';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { loadAccess, type MemberAccess } from '../access/guard';
import { users } from '../identity/schema';
import { enabledClient, prefetchedUser } from './adapter';
import { claimColumns, recordGrant, type UserClaims } from './grants';
import { productSessionOf } from './product-session';
import { resourceScopes } from './resources';
import type { ApplicationSignInRow } from './schema';

/**
 * An application's enabled sign-in settings by client id, kept in memory until they change or go
 * (lib/auth-cache.ts; migration 0028 announces every change): the provider reads its client at every
 * request.
 */
export function signInClient(deps: AppDeps, clientId: string): Promise<ApplicationSignInRow | undefined> {
  const load = () => enabledClient(deps.database.db, clientId);
  return deps.authCache ? deps.authCache.client(clientId, load) : load();
}

/** The user's access to the workspace, kept in memory as the tenant guard keeps it (lib/auth-cache.ts). */
function cachedAccess(deps: AppDeps, workspaceId: string, userId: string): Promise<MemberAccess | undefined> {
  const load = () => loadAccess(deps.database.db, workspaceId, userId);
  return deps.authCache ? deps.authCache.membership(workspaceId, userId, load) : load();
}

const userRead = preparedPer((db: Db) =>
  db
    .select({ status: users.status, ...claimColumns })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('oidc_user_claims'),
);

/** An active user's claims: those read with the request's token (adapter.ts), or read now. */
async function claimsOf(db: Db, ctx: KoaContextWithOIDC, sub: string): Promise<UserClaims | undefined> {
  const early = prefetchedUser(ctx, sub);
  if (early) return early;
  const [row] = await userRead(db).execute({ id: sub });
  return row?.status === 'active' ? row : undefined;
}

/** The user's claims; the workspace ones from the access module (the owner's permissions are `*`). */
export async function accountOf(
  deps: AppDeps,
  ctx: KoaContextWithOIDC,
  sub: string,
): Promise<Account | undefined> {
  const clientId = ctx.oidc.client?.clientId;
  const [user, client] = await Promise.all([
    claimsOf(deps.database.db, ctx, sub),
    clientId ? signInClient(deps, clientId) : undefined,
  ]);
  if (!user) return undefined;
  const access = client ? await cachedAccess(deps, client.workspaceId, sub) : undefined;
  const member = access?.status === 'active' ? access : undefined;
  return {
    accountId: sub,
    claims: () => ({
      sub,
      given_name: user.firstName ?? undefined,
      family_name: user.lastName ?? undefined,
      preferred_username: user.username ?? undefined,
      locale: { persian: 'fa', english: 'en', arabic: 'ar' }[user.language] ?? 'fa',
      email: user.email ?? undefined,
      email_verified: user.email ? user.emailVerified : undefined,
      // A phone is verified by its code at sign-up.
      phone_number: user.phone,
      phone_number_verified: true,
      ...(member
        ? {
            workspace_id: member.workspaceId,
            roles: member.role ? [member.role.key] : [],
            permissions: member.all ? ['*'] : [...member.permissions],
          }
        : {}),
    }),
  };
}

/**
 * The applications are the workspace's own: no consent screen. The grant is made (or widened) to what
 * the application asks for, for an active member of its workspace only, and recorded with the product
 * session it is given in (grants.ts).
 */
export async function autoGrant(
  deps: AppDeps,
  ctx: KoaContextWithOIDC,
  accessDenied: (reason: string) => Error,
) {
  const db = deps.database.db;
  const { oidc } = ctx;
  const { Grant } = oidc.provider;
  const client = oidc.client;
  const accountId = oidc.session?.accountId;
  if (!client || !accountId) return undefined;
  // A provider session outlives a membership: every authorization asks again.
  const workspaceId = (await signInClient(deps, client.clientId))?.workspaceId;
  const access = workspaceId ? await loadAccess(db, workspaceId, accountId) : undefined;
  if (access?.status !== 'active') throw accessDenied('not an active member of the workspace');
  // The provider's session follows the product's (session-bridge.ts): no product session, no grant.
  const product = await productSessionOf(deps, ctx.req);
  if (product?.userId !== accountId) return undefined;
  const existingId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
  const grant =
    (existingId ? await Grant.find(existingId) : undefined) ??
    new Grant({ clientId: client.clientId, accountId });
  const scopes = [...oidc.requestParamScopes];
  grant.addOIDCScope(scopes.join(' '));
  const claims = oidc.requestParamClaims ? [...oidc.requestParamClaims] : [];
  if (claims.length) grant.addOIDCClaims(claims);
  const apiScopes = scopes.filter((scope) => (resourceScopes as readonly string[]).includes(scope));
  for (const resource of resourcesOf(oidc.params?.resource))
    grant.addResourceScope(resource, apiScopes.join(' '));
  const grantId = await grant.save();
  await recordGrant(db, {
    grantId,
    userId: accountId,
    clientId: client.clientId,
    sessionId: product.sessionId,
  });
  return grant;
}

/** The `resource` parameter, one or several (RFC 8707). */
function resourcesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

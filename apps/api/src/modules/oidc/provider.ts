import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Account, Configuration, KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { loadAccess } from '../access/guard';
import { users } from '../identity/schema';
import { adapterClass } from './adapter';
import { signingKeys } from './keys';
import { applicationSignIn } from './schema';

/** Where the provider is mounted on the API's server (docs/sign-in-with-workspace.md). */
export const oidcPrefix = '/oidc';

/** The issuer: one for every workspace, under the product's public address. */
export function issuerOf(publicUrl: string): string {
  return `${publicUrl.replace(/\/$/, '')}${oidcPrefix}`;
}

/** SHA-256 of a client secret, as kept in application_sign_in.secret_hash. */
export function hashClientSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

/** The workspace of the client a request is for, from its sign-in settings. */
async function workspaceOfClient(db: Db, clientId: string | undefined): Promise<string | undefined> {
  if (!clientId) return undefined;
  const [row] = await db
    .select({ workspaceId: applicationSignIn.workspaceId })
    .from(applicationSignIn)
    .where(eq(applicationSignIn.clientId, clientId));
  return row?.workspaceId;
}

/** The user's claims; the workspace ones from the access module (the owner's permissions are `*`). */
async function accountOf(db: Db, ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, sub));
  if (user?.status !== 'active') return undefined;
  const workspaceId = await workspaceOfClient(db, ctx.oidc.client?.clientId);
  const access = workspaceId ? await loadAccess(db, workspaceId, sub) : undefined;
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
 * the application asks for, for an active member of its workspace only.
 */
async function autoGrant(db: Db, ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const { Grant } = oidc.provider;
  const client = oidc.client;
  const accountId = oidc.session?.accountId;
  if (!client || !accountId) return undefined;
  // A provider session outlives a membership: every authorization asks again.
  const workspaceId = await workspaceOfClient(db, client.clientId);
  const access = workspaceId ? await loadAccess(db, workspaceId, accountId) : undefined;
  if (access?.status !== 'active') {
    const { errors } = await loadLibrary();
    throw new errors.AccessDenied('not an active member of the workspace');
  }
  const existingId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
  const grant =
    (existingId ? await Grant.find(existingId) : undefined) ??
    new Grant({ clientId: client.clientId, accountId });
  const scopes = [...oidc.requestParamScopes];
  grant.addOIDCScope(scopes.join(' '));
  const claims = oidc.requestParamClaims ? [...oidc.requestParamClaims] : [];
  if (claims.length) grant.addOIDCClaims(claims);
  await grant.save();
  return grant;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The oidc-provider configuration for this deployment. */
export async function providerConfiguration(deps: AppDeps): Promise<Configuration> {
  const db = deps.database.db;
  const cookieKey = createHmac('sha256', deps.config.jwtSecret).update('oidc-cookies').digest('base64url');
  return {
    adapter: adapterClass(db),
    jwks: { keys: await signingKeys(db, deps.config.totpEncryptionKey) },
    findAccount: (ctx, sub) => accountOf(db, ctx, sub),
    cookies: { keys: [cookieKey] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'phone', 'workspace'],
    claims: {
      openid: ['sub'],
      profile: ['given_name', 'family_name', 'preferred_username', 'locale'],
      email: ['email', 'email_verified'],
      phone: ['phone_number', 'phone_number_verified'],
      workspace: ['workspace_id', 'roles', 'permissions'],
    },
    // The workspace claims travel in the ID token as well as in userinfo.
    conformIdTokenClaims: false,
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: {
        enabled: true,
        // Public clients cannot keep a secret: only a confidential client introspects.
        allowedPolicy: (ctx) => ctx.oidc.client?.clientAuthMethod !== 'none',
      },
      rpInitiatedLogout: { enabled: true },
      userinfo: { enabled: true },
    },
    rotateRefreshToken: true,
    loadExistingGrant: (ctx) => autoGrant(db, ctx),
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 3600,
      Interaction: 600,
      Session: 14 * 24 * 3600,
      Grant: 30 * 24 * 3600,
      RefreshToken: 30 * 24 * 3600,
    },
    // An error the provider must not send back to the application (e.g. an unregistered redirect URI).
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><meta charset="utf-8"><title>${escapeHtml(out.error)}</title><h1>${escapeHtml(
        out.error,
      )}</h1><p>${escapeHtml(out.error_description ?? '')}</p>`;
    },
    interactions: { url: (_ctx, interaction) => `${oidcPrefix}/interaction/${interaction.uid}/` },
  };
}

/** Builds the provider; the Client model compares secret hashes, not secrets. */
// Loaded with the first /oidc request: on Node 20 the library prints a warning when imported, which a
// process that never serves /oidc (and its one-line start-up errors) should not show.
const loadLibrary = () => import('oidc-provider');

export async function createProvider(deps: AppDeps): Promise<Provider> {
  const { default: ProviderClass } = await loadLibrary();
  const provider = new ProviderClass(issuerOf(deps.config.publicUrl), await providerConfiguration(deps));
  // Koa's own switch: trust the proxy's X-Forwarded-* headers whenever the API trusts some proxy.
  provider.proxy = deps.config.trustProxy !== false;
  // The library keeps offline_access only with prompt=consent (OpenID Connect Core 11); the
  // workspace's applications get a refresh token without asking, so consent is asked for them, and
  // the interaction grants it without a screen.
  provider.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/auth') {
      const query = ctx.query;
      const prompts = String(query.prompt ?? '').split(' ');
      const scopes = String(query.scope ?? '').split(' ');
      if (scopes.includes('offline_access') && !prompts.includes('none')) {
        ctx.query = { ...query, prompt: [...new Set([...prompts, 'consent'])].filter(Boolean).join(' ') };
        // The provider finds its prefix by comparing the two URLs (routes.ts): keep them alike.
        (ctx.req as { originalUrl?: string }).originalUrl = `${oidcPrefix}${ctx.url}`;
      }
    }
    await next();
  });
  provider.Client.prototype.compareClientSecret = function compareClientSecret(actual: string) {
    const expected = Buffer.from(String(this.clientSecret ?? ''));
    const given = Buffer.from(hashClientSecret(actual));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  return provider;
}

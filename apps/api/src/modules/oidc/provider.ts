import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Configuration, default as Provider } from 'oidc-provider';
import type { AppDeps } from '../../deps';
import { accountOf, autoGrant, signInClient } from './account';
import { adapterClass } from './adapter';
import { nodeSigningKeys, signingKeys } from './keys';
import { installMiddleware } from './middleware';
import { logoutSource, postLogoutSuccessSource, renderError } from './pages';
import { resourceIndicators } from './resources';
import { followProductSessions } from './session-bridge';

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

// Loaded with the first /oidc request: on Node 20 the library prints a warning when imported, which a
// process that never serves /oidc (and its one-line start-up errors) should not show.
const loadLibrary = () => import('oidc-provider');

/** The oidc-provider configuration for this deployment. */
export async function providerConfiguration(deps: AppDeps): Promise<Configuration> {
  const db = deps.database.db;
  const { default: ProviderClass, errors, interactionPolicy, ExternalSigningKey } = await loadLibrary();
  // The workspace's own applications: native ones are not asked for consent either, so that
  // prompt=none with a product session gets a code (the library asks native clients every time).
  const policy = interactionPolicy.base();
  policy.get('consent')?.checks.remove('native_client_prompt');
  const cookieKey = createHmac('sha256', deps.config.jwtSecret).update('oidc-cookies').digest('base64url');
  return {
    adapter: adapterClass(db, {
      client: (clientId) => signInClient(deps, clientId),
      context: () => ProviderClass.ctx,
    }),
    // Signed with Node's crypto.sign rather than WebCrypto (keys.ts, nodeSigningKeys).
    jwks: { keys: nodeSigningKeys(ExternalSigningKey, await signingKeys(db, deps.config.totpEncryptionKey)) },
    findAccount: (ctx, sub) => accountOf(deps, ctx, sub),
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
    // ES256 unless a client's settings ask RS256 (keys.ts keeps a key of each).
    enabledJWA: { idTokenSigningAlgValues: ['ES256', 'RS256'] },
    features: {
      devInteractions: { enabled: false },
      // The keys sign through Node's crypto (keys.ts); the ack names the version implemented, so a
      // library update that changes the experiment fails when the provider is made, not at a token.
      externalSigningSupport: { enabled: true, ack: 'experimental-01' },
      revocation: { enabled: true },
      introspection: {
        enabled: true,
        // Public clients cannot keep a secret: only a confidential client introspects.
        allowedPolicy: (ctx) => ctx.oidc.client?.clientAuthMethod !== 'none',
      },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      resourceIndicators: resourceIndicators((message) => new errors.InvalidTarget(message)),
      userinfo: { enabled: true },
    },
    rotateRefreshToken: true,
    loadExistingGrant: (ctx) => autoGrant(deps, ctx, (reason) => new errors.AccessDenied(reason)),
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
    renderError,
    interactions: {
      policy,
      url: (_ctx, interaction) => `${oidcPrefix}/interaction/${interaction.uid}/`,
    },
  };
}

/** Builds the provider; the Client model compares secret hashes, not secrets. */
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
  installMiddleware(provider, deps);
  followProductSessions(provider, deps);
  provider.Client.prototype.compareClientSecret = function compareClientSecret(actual: string) {
    const expected = Buffer.from(String(this.clientSecret ?? ''));
    const given = Buffer.from(hashClientSecret(actual));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  return provider;
}

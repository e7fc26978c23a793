import { type SignInSettings, signInPaths } from '@wsm/contracts';
import * as client from 'openid-client';
import { uuidv7 } from 'uuidv7';
import { generateOpaqueToken, hashOpaqueToken } from '../src/modules/identity/one-time-codes';
import * as repo from '../src/modules/identity/repository';
import { signAccessToken } from '../src/modules/identity/tokens';
import { callIn, ownerWithWorkspace } from './fixtures';
import type { TestApp } from './test-app';

// A relying party (openid-client) and a browser for the provider at /oidc (docs/sign-in-with-workspace.md).

export const redirectUri = 'http://127.0.0.1:9/callback';
export const allScopes = 'openid profile email phone workspace offline_access';

/**
 * Sends every request for `publicUrl` to `target` instead: the provider's addresses are built from
 * PUBLIC_URL, which in the scale-out test names neither process.
 */
export function retarget(publicUrl: string, target: string): (url: string) => string {
  return (url) => (url.startsWith(publicUrl) ? target + url.slice(publicUrl.length) : url);
}

/** A browser's cookies for the provider, kept across redirects, with the product's accessToken cookie. */
export class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly api: { url: string },
    public productToken?: string,
    private readonly publicUrl = api.url,
  ) {}

  /** GETs `url` without following redirects; answers the status, the Location header and the body. */
  async get(url: string, headers: Record<string, string> = {}) {
    const jar = [...this.cookies].map(([k, v]) => `${k}=${v}`);
    if (this.productToken) jar.push(`accessToken=${this.productToken}`);
    const href = retarget(this.publicUrl, this.api.url)(new URL(url, this.publicUrl).href);
    const answer = await fetch(href, {
      redirect: 'manual',
      headers: { accept: 'text/html', cookie: jar.join('; '), ...headers },
    });
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return {
      status: answer.status,
      location: answer.headers.get('location'),
      headers: answer.headers,
      body: await answer.text(),
    };
  }

  /** POSTs a form the way the browser submits the provider's pages. */
  async post(url: string, form: Record<string, string>) {
    const jar = [...this.cookies].map(([k, v]) => `${k}=${v}`);
    if (this.productToken) jar.push(`accessToken=${this.productToken}`);
    const href = retarget(this.publicUrl, this.api.url)(new URL(url, this.publicUrl).href);
    const answer = await fetch(href, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.join('; '), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    return { status: answer.status, location: answer.headers.get('location'), body: await answer.text() };
  }

  /** Follows the provider's redirects; answers the first answer that leaves it (or is not a redirect). */
  async follow(url: string, headers: Record<string, string> = {}) {
    let next = await this.get(url, headers);
    // The provider's addresses: under the issuer, or under the address it was reached at (its resume URL).
    const atProvider = (location: string) =>
      [this.publicUrl, this.api.url].some((base) => new URL(location, base).href.startsWith(`${base}/oidc/`));
    for (let hops = 0; hops < 10 && next.location && atProvider(next.location); hops++)
      next = await this.get(next.location, headers);
    return next;
  }
}

/** An application of a new workspace, with its owner. */
export async function withApplication(api: TestApp) {
  const call = callIn(api, 'en');
  const { ws, token, owner } = await ownerWithWorkspace(api);
  const app = await call<{ id: string }>('POST', '/v1/workspaces/profile/applications/', token, {
    workspaceId: ws.id,
    key: 'shop',
    name: 'Shop',
  });
  return { ws, token, owner, appId: app.body.data.id };
}

export const settings = (
  workspaceId: string,
  applicationId: string,
  fields: Record<string, unknown> = {},
) => ({
  workspaceId,
  applicationId,
  enabled: true,
  clientType: 'confidential',
  redirectUris: ['https://shop.example/callback'],
  postLogoutRedirectUris: [],
  ...fields,
});

/** A sign-in client (public unless a secret is asked for) and openid-client's configuration for it. */
export async function signInClient(
  api: TestApp,
  options: { fields?: Record<string, unknown>; publicUrl?: string } = {},
) {
  const call = callIn(api, 'en');
  const app = await withApplication(api);
  const made = await call<SignInSettings>(
    'PUT',
    signInPaths.save,
    app.token,
    settings(app.ws.id, app.appId, { clientType: 'public', redirectUris: [redirectUri], ...options.fields }),
  );
  const publicUrl = options.publicUrl ?? api.url;
  const { clientId, clientSecret } = made.body.data;
  const config = await relyingParty(api, clientId, clientSecret, publicUrl);
  return { ...app, clientId, clientSecret, config, call };
}

/** openid-client's configuration for a client, every request sent to `api` (see retarget). */
export async function relyingParty(
  api: { url: string },
  clientId: string,
  clientSecret?: string,
  publicUrl = api.url,
) {
  const to = retarget(publicUrl, api.url);
  const customFetch: client.CustomFetch = (url, init) => fetch(to(url), init as RequestInit);
  const config = await client.discovery(
    new URL(`${publicUrl}/oidc`),
    clientId,
    undefined,
    clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
    { execute: [client.allowInsecureRequests], [client.customFetch]: customFetch },
  );
  config[client.customFetch] = customFetch;
  return config;
}

/** An authorization request with PKCE, state and nonce. */
export async function authorize(config: client.Configuration, extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: allScopes,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/** A code for the browser's product session, redeemed: the tokens. */
export async function signIn(
  config: client.Configuration,
  browser: Browser,
  extra: Record<string, string> = {},
) {
  const { url, verifier, state, nonce } = await authorize(config, extra);
  const back = await browser.follow(url.href);
  if (!back.location?.includes('code=')) throw new Error(`no code: ${back.status} ${back.location}`);
  return client.authorizationCodeGrant(config, new URL(back.location), {
    pkceCodeVerifier: verifier,
    expectedState: state,
    expectedNonce: nonce,
  });
}

/** A new product session (a new login) of a user: its access token. */
export async function newProductSession(api: TestApp, userId: string, createdDate = new Date()) {
  const session = await repo.insertSession(api.deps.database.db, {
    id: uuidv7(),
    userId,
    ipAddress: '127.0.0.1',
    agent: 'test',
    platform: 'test',
    refreshTokenHash: hashOpaqueToken(generateOpaqueToken()),
    createdDate,
    lastSeenDate: createdDate,
    expiresDate: new Date(createdDate.getTime() + 86_400_000),
  });
  const token = await signAccessToken(
    api.deps.config.jwtSecret,
    { sub: userId, sid: session.id },
    api.deps.config.accessTokenTtl,
  );
  return { sessionId: session.id, token };
}

/** What the provider says of a token, asked by a confidential client. */
export async function introspect(config: client.Configuration, token: string) {
  return client.tokenIntrospection(config, token);
}

import { customIssueMessages, type SignInSettings, signInPaths } from '@wsm/contracts';
import { sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { callIn, memberWith, ownerWithWorkspace, quickUser } from '../../../test/fixtures';
import * as fixtures from '../../../test/oidc-fixtures';
import { redirectUri, settings } from '../../../test/oidc-fixtures';
import { appForFile } from '../../../test/test-app';
import { runHousekeeping } from '../../housekeeping';
import { adapterClass } from './adapter';

const api = appForFile();

// The issuer is the public address; here, the test server's own.
beforeAll(() => {
  (api.deps.config as { publicUrl: string }).publicUrl = api.url;
});

describe('the OpenID Connect provider', () => {
  it('publishes its discovery document: code flow with S256 only, the workspace scope, ES256 and RS256 keys', async () => {
    const issuer = `${api.url}/oidc`;
    const config = await client.discovery(new URL(issuer), 'nobody', undefined, undefined, {
      execute: [client.allowInsecureRequests],
    });
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(issuer);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'phone', 'offline_access', 'workspace']),
    );
    expect(meta.claims_supported).toEqual(expect.arrayContaining(['workspace_id', 'roles', 'permissions']));
    expect(meta.id_token_signing_alg_values_supported).toEqual(['ES256', 'RS256']);
    for (const endpoint of [
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'jwks_uri',
      'end_session_endpoint',
      'revocation_endpoint',
      'introspection_endpoint',
    ] as const)
      expect(String(meta[endpoint])).toMatch(new RegExp(`^${issuer}/`));
    const jwks = (await (await fetch(String(meta.jwks_uri))).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.length).toBeGreaterThanOrEqual(1);
    for (const key of jwks.keys) {
      expect(key).toMatchObject(
        key.alg === 'RS256'
          ? { kty: 'RSA', use: 'sig' }
          : { kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' },
      );
      expect(key).not.toHaveProperty('d');
    }
  });

  it('refuses an unknown client without redirecting anywhere', async () => {
    const answer = await fetch(
      `${api.url}/oidc/auth?client_id=nobody&response_type=code&scope=openid&redirect_uri=https://evil.example/cb&code_challenge=abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq&code_challenge_method=S256`,
      { redirect: 'manual' },
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
  });
});

const call = callIn(api, 'en');

const withApplication = () => fixtures.withApplication(api);

/** Introspects a made-up token as the client: 200 when its credentials are good, 401 when not. */
async function introspectAs(clientId: string, secret: string): Promise<number> {
  const answer = await fetch(`${api.url}/oidc/token/introspection`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'token=not-a-token',
  });
  return answer.status;
}

describe('the sign-in settings of an application', () => {
  it('accepts exact https, loopback http and private-use redirect URIs, and names each other one in fa, en and ar', async () => {
    const { ws, token, appId } = await withApplication();
    const good = [
      'https://shop.example/callback?x=1',
      'http://127.0.0.1:53124/cb',
      'http://[::1]/cb',
      'http://localhost:8080/cb',
      'com.example.app:/cb',
    ];
    const saved = await call<SignInSettings>(
      'PUT',
      signInPaths.save,
      token,
      settings(ws.id, appId, { redirectUris: good }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.redirectUris).toEqual(good);
    const bad = [
      'http://shop.example/cb',
      'https://*.shop.example/cb',
      'https://shop.example/cb#fragment',
      'javascript:alert(1)',
      'https://user:pass@shop.example/cb',
      'http://127.0.0.1.evil.example/cb',
      'not a uri',
    ];
    for (const language of ['fa', 'en', 'ar'] as const) {
      const refused = await call<{ errors: { path: string; message: string }[] }>(
        'PUT',
        signInPaths.save,
        token,
        settings(ws.id, appId, { redirectUris: ['https://ok.example/cb', ...bad] }),
        language,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.data.errors.map((e) => e.path).sort()).toEqual(
        bad.map((_, i) => `redirectUris.${i + 1}`).sort(),
      );
      for (const error of refused.body.data.errors)
        expect(error.message).toBe(customIssueMessages.invalid_redirect_uri![language]);
    }
  });

  it('shows a secret once, never again, and a rotation stops the old secret at once', async () => {
    const { ws, token, appId } = await withApplication();
    const made = await call<SignInSettings>('PUT', signInPaths.save, token, settings(ws.id, appId));
    expect(made.status).toBe(200);
    const { clientId, clientSecret } = made.body.data;
    expect(clientSecret).toMatch(/^[\w-]{43}$/);
    const read = await call<SignInSettings>('GET', signInPaths.get(ws.id, appId), token);
    expect(read.body.data).toEqual({
      clientId,
      clientType: 'confidential',
      enabled: true,
      redirectUris: ['https://shop.example/callback'],
      postLogoutRedirectUris: [],
    });
    const again = await call<SignInSettings>('PUT', signInPaths.save, token, settings(ws.id, appId));
    expect(again.body.data).not.toHaveProperty('clientSecret');
    expect(await introspectAs(clientId, clientSecret!)).toBe(200);
    const rotated = await call<{ clientSecret: string }>('POST', signInPaths.secret, token, {
      workspaceId: ws.id,
      applicationId: appId,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.clientSecret).not.toBe(clientSecret);
    expect(await introspectAs(clientId, clientSecret!)).toBe(401);
    expect(await introspectAs(clientId, rotated.body.data.clientSecret)).toBe(200);
    // Switched off: the client is unknown to the provider.
    await call('PUT', signInPaths.save, token, settings(ws.id, appId, { enabled: false }));
    expect(await introspectAs(clientId, rotated.body.data.clientSecret)).toBe(401);
    const audit = await call<{ items: { action: string }[] }>(
      'GET',
      `/v1/workspaces/audit/workspace-id/${ws.id}/?action=application.updated`,
      token,
    );
    expect(audit.body.data.items.length).toBeGreaterThanOrEqual(3);
  });

  it('a public client has no secret; 404 before any settings', async () => {
    const { ws, token, appId } = await withApplication();
    expect((await call('GET', signInPaths.get(ws.id, appId), token)).status).toBe(404);
    const made = await call<SignInSettings>(
      'PUT',
      signInPaths.save,
      token,
      settings(ws.id, appId, { clientType: 'public', redirectUris: ['com.example.shop:/cb'] }),
    );
    expect(made.body.data).not.toHaveProperty('clientSecret');
    const rotate = await call('POST', signInPaths.secret, token, {
      workspaceId: ws.id,
      applicationId: appId,
    });
    expect(rotate.status).toBe(400);
  });

  it('needs tenant_profile_update to change, tenant_profile_read to read; another workspace gets nothing', async () => {
    const { ws, token, appId } = await withApplication();
    const made = await call<SignInSettings>('PUT', signInPaths.save, token, settings(ws.id, appId));
    const reader = await memberWith(api, ws, ['tenant_profile_read']);
    const rt = reader.user.tokens.accessToken;
    expect((await call('GET', signInPaths.get(ws.id, appId), rt)).status).toBe(200);
    expect((await call('PUT', signInPaths.save, rt, settings(ws.id, appId))).body.statusCode).toBe(403);
    const rotate = await call('POST', signInPaths.secret, rt, { workspaceId: ws.id, applicationId: appId });
    expect(rotate.body.statusCode).toBe(403);
    const none = await memberWith(api, ws, null);
    expect(
      (await call('GET', signInPaths.get(ws.id, appId), none.user.tokens.accessToken)).body.statusCode,
    ).toBe(403);
    // Another workspace's owner: by this workspace's id, and by their own id with this application.
    const other = await ownerWithWorkspace(api);
    expect((await call('GET', signInPaths.get(ws.id, appId), other.token)).status).toBe(403);
    expect((await call('GET', signInPaths.get(other.ws.id, appId), other.token)).status).toBe(404);
    expect((await call('PUT', signInPaths.save, other.token, settings(other.ws.id, appId))).status).toBe(404);
    const theirs = await call('POST', signInPaths.secret, other.token, {
      workspaceId: other.ws.id,
      applicationId: appId,
    });
    expect(theirs.status).toBe(404);
    const after = await call<SignInSettings>('GET', signInPaths.get(ws.id, appId), token);
    expect(after.body.data.clientId).toBe(made.body.data.clientId);
    expect(await introspectAs(made.body.data.clientId, made.body.data.clientSecret!)).toBe(200);
  });
});

const signInClient = async (uri = redirectUri) => {
  const made = await fixtures.signInClient(api, { fields: { redirectUris: [uri] } });
  return { ...made, owner: made.owner };
};
const authorize = fixtures.authorize;

/** A browser of this file's app, with the product session of `token` when given. */
class Browser extends fixtures.Browser {
  constructor(token?: string) {
    super(api, token);
  }
}

describe('signing in to an application with the workspace', () => {
  it('sends a browser without a product session to the login page, and back to the interaction after', async () => {
    const { config } = await signInClient();
    const { url } = await authorize(config);
    const answer = await new Browser().follow(url.href);
    expect(answer.status).toBe(303);
    const login = new URL(answer.location!);
    expect(login.pathname).toBe('/fa/login');
    expect(login.searchParams.get('returnTo')).toMatch(/^\/oidc\/interaction\/[\w-]+\/$/);
  });

  it("gives a member's product session a code (PKCE), an ES256 ID token with the workspace claims, userinfo and rotating refresh tokens", async () => {
    const { ws, owner, config } = await signInClient();
    const { url, verifier, state, nonce } = await authorize(config);
    const back = await new Browser(owner.tokens.accessToken).follow(url.href);
    expect(back.location).toMatch(/^http:\/\/127\.0\.0\.1:9\/callback\?code=/);
    const tokens = await client.authorizationCodeGrant(config, new URL(back.location!), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ sub: owner.id, workspace_id: ws.id, permissions: ['*'] });
    expect(claims.iss).toBe(`${api.url}/oidc`);
    const info = await client.fetchUserInfo(config, tokens.access_token, owner.id);
    expect(info).toMatchObject({
      sub: owner.id,
      workspace_id: ws.id,
      permissions: ['*'],
      phone_number_verified: true,
    });
    const first = tokens.refresh_token!;
    expect(first).toBeTruthy();
    const second = await client.refreshTokenGrant(config, first);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first);
    // A refresh token used twice: the grant is revoked, the newer token with it.
    await expect(client.refreshTokenGrant(config, first)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.refreshTokenGrant(config, second.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // The code is single use (its reuse also revokes what it gave).
    await expect(
      client.authorizationCodeGrant(config, new URL(back.location!), {
        pkceCodeVerifier: verifier,
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it("gives a member with a role that role's key and permission keys", async () => {
    const { ws, config } = await signInClient();
    const member = await memberWith(api, ws, ['tenant_profile_read', 'tenant_profile_update']);
    const { url, verifier, state, nonce } = await authorize(config);
    const back = await new Browser(member.user.tokens.accessToken).follow(url.href);
    const tokens = await client.authorizationCodeGrant(config, new URL(back.location!), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    const claims = tokens.claims()!;
    expect(claims.sub).toBe(member.user.id);
    expect(claims.workspace_id).toBe(ws.id);
    expect(claims.roles).toEqual([expect.any(String)]);
    expect([...(claims.permissions as string[])].sort()).toEqual([
      'tenant_profile_read',
      'tenant_profile_update',
    ]);
  });

  it("refuses a removed member although the provider's own session is still alive", async () => {
    const webRedirect = 'https://shop.example/callback';
    const { ws, config } = await signInClient(webRedirect);
    const member = await memberWith(api, ws, null);
    const browser = new Browser(member.user.tokens.accessToken);
    // Without offline_access no consent is asked, so no interaction runs the second time.
    const ask = { redirect_uri: webRedirect, scope: 'openid workspace' };
    const first = await browser.follow((await authorize(config, ask)).url.href);
    expect(new URL(first.location!).searchParams.has('code')).toBe(true);
    const removed = await call('DELETE', '/v1/workspaces/members/identity/', ws.owner.tokens.accessToken, {
      workspaceId: ws.id,
      memberId: member.memberId,
    });
    expect(removed.status).toBe(200);
    const again = await browser.follow((await authorize(config, ask)).url.href);
    const location = new URL(again.location!);
    expect(location.origin + location.pathname).toBe(webRedirect);
    expect(location.searchParams.get('error')).toBe('access_denied');
  });

  it('sends a non-member back with access_denied', async () => {
    const { config } = await signInClient();
    const stranger = await quickUser(api);
    const { url } = await authorize(config);
    const back = await new Browser(stranger.tokens.accessToken).follow(url.href);
    const location = new URL(back.location!);
    expect(location.origin + location.pathname).toBe(redirectUri);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('refuses a request without PKCE, and shows an unregistered redirect URI an error page without redirecting', async () => {
    const { owner, config } = await signInClient();
    const { url } = await authorize(config);
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const noPkce = await new Browser(owner.tokens.accessToken).follow(url.href);
    expect(new URL(noPkce.location!).searchParams.get('error')).toBe('invalid_request');
    const { url: wrong } = await authorize(config, { redirect_uri: 'https://evil.example/callback' });
    const answer = await new Browser(owner.tokens.accessToken).follow(wrong.href);
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
  });
});

describe('housekeeping of the provider', () => {
  it('removes expired payloads and keeps live ones', async () => {
    const Adapter = adapterClass(api.deps.database.db);
    const tokens = new Adapter('RefreshToken');
    const [dead, alive] = [client.randomState(), client.randomState()];
    await tokens.upsert(dead, { grantId: 'g' }, 1);
    await tokens.upsert(alive, { grantId: 'g' }, 3600);
    const report = await runHousekeeping(api.deps, new Date(Date.now() + 60_000));
    expect(report?.oidc_payloads).toBeGreaterThanOrEqual(1);
    const left = await api.deps.database.db.execute<{ id: string }>(
      sql`select id from oidc_payloads where id in (${dead}, ${alive})`,
    );
    expect((left as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([alive]);
  });
});

import { and, eq } from 'drizzle-orm';
import { compactVerify, createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { authorize, Browser, signIn, signInClient } from '../../../test/oidc-fixtures';
import { appForFile } from '../../../test/test-app';
import { users } from '../identity/schema';
import { oidcLimits } from './middleware';
import { isOwnResource } from './resources';
import { oidcPayloads } from './schema';

const api = appForFile();
beforeAll(() => {
  (api.deps.config as { publicUrl: string }).publicUrl = api.url;
});

describe('authorization codes', () => {
  it('live 60 seconds: an expired code is refused', async () => {
    const { config, owner } = await signInClient(api);
    const { url, verifier, state } = await authorize(config, { scope: 'openid' });
    const back = await new Browser(api, owner.tokens.accessToken).follow(url.href);
    const code = new URL(back.location!).searchParams.get('code')!;
    const db = api.deps.database.db;
    const where = and(eq(oidcPayloads.model, 'AuthorizationCode'), eq(oidcPayloads.id, code));
    const [row] = await db.select().from(oidcPayloads).where(where);
    const lifetime = (row!.expiresAt!.getTime() - Date.now()) / 1000;
    expect(lifetime).toBeGreaterThan(50);
    expect(lifetime).toBeLessThanOrEqual(60);
    // 61 seconds later.
    await db
      .update(oidcPayloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(where);
    await expect(
      client.authorizationCodeGrant(config, new URL(back.location!), {
        pkceCodeVerifier: verifier,
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('are single use: a second exchange is refused and revokes the tokens the first gave', async () => {
    const { config, owner } = await signInClient(api);
    const { url, verifier, state, nonce } = await authorize(config);
    const back = await new Browser(api, owner.tokens.accessToken).follow(url.href);
    const checks = { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce };
    const tokens = await client.authorizationCodeGrant(config, new URL(back.location!), checks);
    expect((await client.fetchUserInfo(config, tokens.access_token, owner.id)).sub).toBe(owner.id);
    await expect(
      client.authorizationCodeGrant(config, new URL(back.location!), checks),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.fetchUserInfo(config, tokens.access_token, owner.id)).rejects.toMatchObject({
      status: 401,
    });
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});

describe('refresh tokens', () => {
  it('presented twice at once: at most one request gets new tokens, and the grant is revoked', async () => {
    const { config, owner } = await signInClient(api);
    const tokens = await signIn(config, new Browser(api, owner.tokens.accessToken));
    const both = await Promise.allSettled(
      [0, 1].map(() => client.refreshTokenGrant(config, tokens.refresh_token!)),
    );
    const won = both.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const lost = both.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(won.length).toBeLessThanOrEqual(1);
    expect(lost.length).toBeGreaterThanOrEqual(1);
    for (const reason of lost) expect(reason).toMatchObject({ error: 'invalid_grant' });
    for (const answer of won)
      await expect(client.refreshTokenGrant(config, answer.refresh_token!)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
  });

  it('carry the name and e-mail as they are now, though the account changed since they were issued', async () => {
    const { config, owner } = await signInClient(api);
    const tokens = await signIn(config, new Browser(api, owner.tokens.accessToken));
    const db = api.deps.database.db;
    const rename = (firstName: string, email: string) =>
      db.update(users).set({ firstName, email }).where(eq(users.id, owner.id));
    await rename('Renamed', 'renamed@example.com');
    const next = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(next.claims()).toMatchObject({ given_name: 'Renamed', email: 'renamed@example.com' });
    await rename('Again', 'again@example.com');
    const after = await client.refreshTokenGrant(config, next.refresh_token!);
    expect(after.claims()).toMatchObject({ given_name: 'Again', email: 'again@example.com' });
    const info = await client.fetchUserInfo(config, after.access_token, owner.id);
    expect(info).toMatchObject({ given_name: 'Again', email: 'again@example.com' });
    // Each refresh token still works once only.
    await expect(client.refreshTokenGrant(config, next.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});

describe('access tokens for the application’s own API (resource indicators)', () => {
  it('accepts only addresses on the origins of the registered https or loopback redirect URIs', () => {
    const uris = ['https://shop.example/callback', 'http://127.0.0.1:9/cb', 'com.example.shop:/cb'];
    expect(isOwnResource('https://shop.example/api', uris)).toBe(true);
    expect(isOwnResource('https://shop.example', uris)).toBe(true);
    expect(isOwnResource('http://127.0.0.1:9/api', uris)).toBe(true);
    expect(isOwnResource('https://api.shop.example/', uris)).toBe(false);
    expect(isOwnResource('https://shop.example:8443/api', uris)).toBe(false);
    expect(isOwnResource('http://shop.example/api', uris)).toBe(false);
    expect(isOwnResource('https://shop.example/api#x', uris)).toBe(false);
    expect(isOwnResource('com.example.shop:/api', uris)).toBe(false);
    expect(isOwnResource('not a uri', uris)).toBe(false);
  });

  it('gives a JWT access token (at+jwt) for the named API, and refuses another origin', async () => {
    const resource = 'http://127.0.0.1:9/api';
    const { config, owner, ws } = await signInClient(api);
    const tokens = await signIn(config, new Browser(api, owner.tokens.accessToken), {
      resource,
      scope: 'openid workspace offline_access',
    });
    const header = decodeProtectedHeader(tokens.access_token);
    expect(header).toMatchObject({ typ: 'at+jwt', alg: 'ES256' });
    const jwks = createRemoteJWKSet(new URL(String(config.serverMetadata().jwks_uri)));
    const { payload } = await jwtVerify(tokens.access_token, jwks, {
      issuer: `${api.url}/oidc`,
      audience: resource,
      typ: 'at+jwt',
    });
    expect(payload).toMatchObject({ sub: owner.id, client_id: config.clientMetadata().client_id });
    expect(String(payload.scope).split(' ')).toContain('workspace');
    expect(tokens.claims()!.workspace_id).toBe(ws.id);
    // The refresh token renews it for the same API.
    const renewed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(decodeProtectedHeader(renewed.access_token).typ).toBe('at+jwt');
    await expect(compactVerify(renewed.access_token, jwks)).resolves.toBeDefined();
    // Another application's origin is not this application's API.
    const { url } = await authorize(config, { resource: 'https://bank.example/api' });
    const refused = await new Browser(api, owner.tokens.accessToken).follow(url.href);
    expect(new URL(refused.location!).searchParams.get('error')).toBe('invalid_target');
  });
});

describe('limits on failed token requests', () => {
  const bad = (config: client.Configuration) =>
    fetch(String(config.serverMetadata().token_endpoint), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: client.randomState(),
        client_id: config.clientMetadata().client_id,
      }),
    });

  it('count failures per client, never successes; over the limit 429 with Retry-After as an OAuth error', async () => {
    const rule = oidcLimits.tokenFailClient as { max: number };
    const max = rule.max;
    rule.max = 4;
    try {
      const { config, owner } = await signInClient(api);
      const tokens = await signIn(config, new Browser(api, owner.tokens.accessToken));
      let refresh = tokens.refresh_token!;
      // Successes, more than the limit: none counts.
      for (let i = 0; i < 5; i++) refresh = (await client.refreshTokenGrant(config, refresh)).refresh_token!;
      for (let i = 0; i < 4; i++) expect((await bad(config)).status).toBe(400);
      const refused = await bad(config);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ error: 'temporarily_unavailable' });
      // A right refresh token waits too: the limit is the client's.
      await expect(client.refreshTokenGrant(config, refresh)).rejects.toMatchObject({
        status: 429,
      });
      // Another client is not held back.
      const other = await signInClient(api);
      expect((await bad(other.config)).status).toBe(400);
    } finally {
      rule.max = max;
    }
  });

  it('count failures per client address across clients', async () => {
    const rule = oidcLimits.tokenFailIp as { max: number };
    const max = rule.max;
    rule.max = 3;
    // The failures of the tests above came from this address too.
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::1'])
      await api.deps.limiter.reset(`${oidcLimits.tokenFailIp.name}:${address}`);
    try {
      const clients = await Promise.all([signInClient(api), signInClient(api)]);
      for (const { config } of [...clients, clients[0]!]) expect((await bad(config)).status).toBe(400);
      expect((await bad(clients[1]!.config)).status).toBe(429);
    } finally {
      rule.max = max;
    }
  });
});

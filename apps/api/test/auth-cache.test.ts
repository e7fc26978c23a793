import { identityPaths, type TokenPair } from '@wsm/contracts';
import { sql } from 'drizzle-orm';
import * as oidcClient from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorkspace,
  latestCode,
  logIn,
  memberWith,
  newClient,
  otherCode,
  quickUser,
  signUp,
} from './fixtures';
import { signInClient } from './oidc-fixtures';
import { startTestApp, type TestApp } from './test-app';

// The auth cache (src/lib/auth-cache.ts) on the real database, PGlite or PostgreSQL: its triggers announce
// every change on commit, whoever writes it, and the cache drops what changed before the next request.

describe('auth cache on the database (triggers and LISTEN)', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  const lookupsOf = async (outcome: string) => {
    const text = await api.deps.metrics.registry.getSingleMetricAsString('auth_cache_lookups_total');
    return [...text.matchAll(new RegExp(`outcome="${outcome}"} (\\d+)`, 'g'))].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
  };

  it('is in use, and a change written straight to the database reaches it before the next request', async () => {
    const workspace = await createWorkspace(api, await quickUser(api));
    const { user } = await memberWith(api, workspace, ['tenant_members_read']);
    const path = `/v1/workspaces/members/identity/workspace-id/${workspace.id}/`;
    const ask = () => api.call<unknown>('GET', path, { token: user.tokens.accessToken });
    expect((await ask()).body).toMatchObject({ statusCode: 200 });
    const hits = await lookupsOf('hit');
    expect((await ask()).body).toMatchObject({ statusCode: 200 });
    expect(await lookupsOf('hit')).toBeGreaterThan(hits);
    expect(api.deps.authCache?.active).toBe(true);

    // Not through the API: a script, another process or a restore would write the same way.
    const db = api.deps.database.db;
    // Notifications reach listeners a moment after the commit; a request through the API waits for its own
    // (sync), a write made here waits the same way.
    const write = async (query: ReturnType<typeof sql>) => {
      await db.execute(query);
      await api.deps.authCache!.sync();
    };
    await write(
      sql`update workspace_members set status = 'suspended' where workspace_id = ${workspace.id} and user_id = ${user.id}`,
    );
    expect((await ask()).body).toMatchObject({ statusCode: 403 });
    await write(
      sql`update workspace_members set status = 'active' where workspace_id = ${workspace.id} and user_id = ${user.id}`,
    );
    expect((await ask()).body).toMatchObject({ statusCode: 200 });
    await write(
      sql`delete from workspace_role_permissions where workspace_id = ${workspace.id} and permission_key = 'tenant_members_read'`,
    );
    expect((await ask()).body).toMatchObject({ statusCode: 403 });

    const other = await quickUser(api);
    const me = () => api.call<unknown>('GET', '/v1/workspaces/', { token: other.tokens.accessToken });
    expect((await me()).body).toMatchObject({ statusCode: 200 });
    expect((await me()).body).toMatchObject({ statusCode: 200 });
    await write(sql`update user_sessions set revoked_date = now() where user_id = ${other.id}`);
    expect((await me()).body).toMatchObject({ statusCode: 401 });
  });

  it("keeps an application's sign-in settings, and reads them again after a change written straight to the database", async () => {
    (api.deps.config as { publicUrl: string }).publicUrl = api.url;
    const rp = await signInClient(api, { fields: { clientType: 'confidential' } });
    const clientHits = async () => {
      const text = await api.deps.metrics.registry.getSingleMetricAsString('auth_cache_lookups_total');
      return Number(/cache="client",outcome="hit"} (\d+)/.exec(text)?.[1] ?? 0);
    };
    const introspect = () => oidcClient.tokenIntrospection(rp.config, 'unknown');
    expect((await introspect()).active).toBe(false);
    const hits = await clientHits();
    expect((await introspect()).active).toBe(false);
    expect(await clientHits()).toBeGreaterThan(hits);
    await api.deps.database.db.execute(
      sql`update application_sign_in set enabled = false where client_id = ${rp.clientId}`,
    );
    await api.deps.authCache!.sync();
    await expect(introspect()).rejects.toMatchObject({ status: 401 });
  });

  it('a renewal announces nothing and waits for no sync; a refused replay, which revokes, does both', async () => {
    const cache = api.deps.authCache!;
    const sync = cache.sync.bind(cache);
    let syncs = 0;
    cache.sync = (timeoutMs) => {
      syncs++;
      return sync(timeoutMs);
    };
    try {
      const user = await quickUser(api);
      const me = (token: string) => api.call<unknown>('GET', '/v1/workspaces/', { token });
      const renew = (refreshToken: string) =>
        api.call<TokenPair>('POST', identityPaths.renew, { body: { refreshToken } });
      const sessionLookups = async (outcome: string) => {
        const text = await api.deps.metrics.registry.getSingleMetricAsString('auth_cache_lookups_total');
        return Number(new RegExp(`cache="session",outcome="${outcome}"} (\\d+)`).exec(text)?.[1] ?? 0);
      };
      expect((await me(user.tokens.accessToken)).body).toMatchObject({ statusCode: 200 });

      const renewed = await renew(user.tokens.refreshToken);
      expect(renewed.body.statusCode).toBe(200);
      expect(syncs).toBe(0);
      // Once every message committed so far is heard, the session is still kept: the rotation sent none.
      await sync();
      const [hits, misses] = [await sessionLookups('hit'), await sessionLookups('miss')];
      expect((await me(renewed.body.data.accessToken)).body).toMatchObject({ statusCode: 200 });
      expect(await sessionLookups('hit')).toBe(hits + 1);
      expect(await sessionLookups('miss')).toBe(misses);

      expect((await renew(user.tokens.refreshToken)).body.statusCode).toBe(660);
      expect(syncs).toBe(1);
      expect((await me(renewed.body.data.accessToken)).body).toMatchObject({ statusCode: 401 });
    } finally {
      cache.sync = sync;
    }
  });

  it('the login steps announce nothing and wait for no sync, failed or not; the session they open works at once', async () => {
    const cache = api.deps.authCache!;
    const sync = cache.sync.bind(cache);
    const user = await signUp(api);
    const me = (token: string) => api.call<unknown>('GET', '/v1/workspaces/', { token });
    const sessionLookups = async (outcome: string) => {
      const text = await api.deps.metrics.registry.getSingleMetricAsString('auth_cache_lookups_total');
      return Number(new RegExp(`cache="session",outcome="${outcome}"} (\\d+)`).exec(text)?.[1] ?? 0);
    };
    expect((await me(user.tokens.accessToken)).body).toMatchObject({ statusCode: 200 });
    let syncs = 0;
    cache.sync = (timeoutMs) => {
      syncs++;
      return sync(timeoutMs);
    };
    try {
      const client = newClient(api);
      const wrong = await client.call('POST', identityPaths.loginNationalCode, {
        body: { nationalCode: user.nationalCode, password: `${user.password}x` },
      });
      expect(wrong.body.statusCode).toBe(620);
      const step = await client.call<{ accessToken: string }>('POST', identityPaths.loginNationalCode, {
        body: { nationalCode: user.nationalCode, password: user.password },
      });
      const wrongCode = await client.call('POST', identityPaths.loginVerify, {
        body: { code: otherCode(await latestCode(api, user.phone)) },
        token: step.body.data.accessToken,
      });
      expect(wrongCode.body.statusCode).toBe(620);
      const tokens = await logIn(api, user, client);
      expect(syncs).toBe(0);
      expect((await me(tokens.accessToken)).body).toMatchObject({ statusCode: 200 });
      // Once every message committed so far is heard, the sign-up's session is still kept: none was sent.
      await sync();
      const [hits, misses] = [await sessionLookups('hit'), await sessionLookups('miss')];
      expect((await me(user.tokens.accessToken)).body).toMatchObject({ statusCode: 200 });
      expect(await sessionLookups('hit')).toBe(hits + 1);
      expect(await sessionLookups('miss')).toBe(misses);
    } finally {
      cache.sync = sync;
    }
  });
});

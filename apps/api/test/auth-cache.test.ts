import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, memberWith, quickUser } from './fixtures';
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
});

import { createHash } from 'node:crypto';
import {
  type ApiKeyPage,
  type AuditPage,
  apiKeyPaths,
  auditPaths,
  type CreatedApiKey,
  crc32,
  isWellFormedApiKey,
} from '@wsm/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  createWorkspace,
  memberWith,
  newClient,
  quickUser,
  type TestUser,
  type TestWorkspace,
} from '../../../test/fixtures';
import { appForFile, behindProxy } from '../../../test/test-app';
import { apiKeyRule } from './limits';

// Workspace API keys (docs/api.md, "API keys"): made and revoked by holders of
// tenant_integrations_manage, used as `Authorization: Bearer wsk_…` on their own workspace only.

const api = appForFile(() => behindProxy());

const call = <T>(method: string, path: string, token: string, body?: unknown, ip?: string) =>
  newClient(api, ip).call<T>(method, path, { token, body });

async function makeKey(
  ws: TestWorkspace,
  permissions: string[],
  options: { by?: TestUser; name?: string; expiresDate?: string | null } = {},
): Promise<CreatedApiKey> {
  const answer = await call<CreatedApiKey>(
    'POST',
    apiKeyPaths.keys,
    (options.by ?? ws.owner).tokens.accessToken,
    {
      workspaceId: ws.id,
      name: options.name ?? 'payroll',
      permissions,
      expiresDate: options.expiresDate ?? null,
    },
  );
  expect(answer.body.statusCode).toBe(200);
  return answer.body.data;
}

const membersOf = (ws: TestWorkspace) => `/v1/workspaces/members/identity/workspace-id/${ws.id}/`;

describe('API keys', () => {
  it('answers the key once, well formed with its checksum, and keeps only its SHA-256', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const created = await makeKey(ws, ['tenant_members_read'], { expiresDate: '2099-01-01T00:00:00.000Z' });
    expect(created.key).toMatch(/^wsk_[0-9A-Za-z]{38}$/);
    expect(isWellFormedApiKey(created.key)).toBe(true);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    expect(created.createdBy).toMatchObject({ id: owner.id });
    expect(created.expiresDate).toBe('2099-01-01T00:00:00.000Z');
    // A checksum a scanner recomputes offline: one changed character of the body breaks it.
    const flipped = `${created.key.slice(0, 10)}${created.key[10] === 'a' ? 'b' : 'a'}${created.key.slice(11)}`;
    expect(isWellFormedApiKey(flipped)).toBe(false);
    expect(crc32('123456789')).toBe(0xcbf43926);

    const list = await call<ApiKeyPage>('GET', apiKeyPaths.keysOf(ws.id), owner.tokens.accessToken);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.items[0]).toMatchObject({
      id: created.id,
      name: 'payroll',
      prefix: created.prefix,
    });
    expect(JSON.stringify(list.body.data)).not.toContain(created.key);

    const stored = await api.deps.database.db.execute(
      sql`select key_hash from workspace_api_keys where id = ${created.id}`,
    );
    const rows = (stored as unknown as { rows: { key_hash: string }[] }).rows;
    expect(rows[0]!.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
  });

  it('refuses a permission the creator lacks, and callers without tenant_integrations_manage', async () => {
    const ws = await createWorkspace(api, await quickUser(api));
    const manager = await memberWith(api, ws, ['tenant_integrations_manage', 'tenant_members_read']);
    const ok = await makeKey(ws, ['tenant_members_read'], { by: manager.user });
    expect(ok.permissions).toEqual(['tenant_members_read']);
    const more = await call('POST', apiKeyPaths.keys, manager.user.tokens.accessToken, {
      workspaceId: ws.id,
      name: 'too much',
      permissions: ['tenant_members_read', 'tenant_members_delete'],
    });
    expect(more.body.statusCode).toBe(403);
    const plain = await memberWith(api, ws, ['tenant_members_read']);
    const list = await call('GET', apiKeyPaths.keysOf(ws.id), plain.user.tokens.accessToken);
    expect(list.body.statusCode).toBe(403);
    const past = await call('POST', apiKeyPaths.keys, ws.owner.tokens.accessToken, {
      workspaceId: ws.id,
      name: 'old',
      permissions: ['tenant_members_read'],
      expiresDate: '2000-01-01T00:00:00Z',
    });
    expect(past.status).toBe(400);
  });

  it('works on its workspace with exactly its permissions, and nowhere else', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const other = await createWorkspace(api, owner);
    const { key } = await makeKey(ws, ['tenant_members_read']);
    const read = await call<{ total: number }>('GET', membersOf(ws), key);
    expect(read.status).toBe(200);
    expect(read.body.data.total).toBe(1);
    // A permission the key lacks, though its creator holds it: toast 403.
    const change = await call('PUT', '/v1/workspaces/profile/', key, { workspaceId: ws.id, name: 'x' });
    expect({ status: change.status, code: change.body.statusCode }).toEqual({ status: 400, code: 403 });
    // Another workspace of the same creator: page-level 403.
    const elsewhere = await call('GET', membersOf(other), key);
    expect(elsewhere.status).toBe(403);
    // The person's own routes.
    for (const path of [
      '/v1/auth/profile/',
      '/v1/auth/identity/security/sessions/',
      '/v1/notifications/simple/',
      '/v1/workspaces/',
      '/v1/workspaces/members/identity/invitations/',
    ])
      expect({ path, status: (await call('GET', path, key)).status }).toEqual({ path, status: 401 });
    const create = await call('POST', '/v1/workspaces/', key, { workspaceName: 'by-key-ws', name: 'x' });
    expect(create.status).toBe(401);
  });

  it('a key never makes keys, even holding tenant_integrations_manage', async () => {
    const ws = await createWorkspace(api, await quickUser(api));
    const { key } = await makeKey(ws, ['tenant_integrations_manage']);
    const list = await call<ApiKeyPage>('GET', apiKeyPaths.keysOf(ws.id), key);
    expect(list.body.data.total).toBe(1);
    const made = await call('POST', apiKeyPaths.keys, key, {
      workspaceId: ws.id,
      name: 'child',
      permissions: ['tenant_integrations_manage'],
    });
    expect(made.body.statusCode).toBe(403);
  });

  it('refuses a revoked key at the next request, and an expired one', async () => {
    const ws = await createWorkspace(api, await quickUser(api));
    const created = await makeKey(ws, ['tenant_members_read']);
    expect((await call('GET', membersOf(ws), created.key)).status).toBe(200);
    const revoked = await call('DELETE', apiKeyPaths.keys, ws.owner.tokens.accessToken, {
      workspaceId: ws.id,
      id: created.id,
    });
    expect(revoked.body.statusCode).toBe(200);
    expect((await call('GET', membersOf(ws), created.key)).status).toBe(401);
    const again = await call('DELETE', apiKeyPaths.keys, ws.owner.tokens.accessToken, {
      workspaceId: ws.id,
      id: created.id,
    });
    expect(again.status).toBe(404);

    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const soon = await makeKey(ws, ['tenant_members_read'], { name: 'soon', expiresDate: inAnHour });
    expect((await call('GET', membersOf(ws), soon.key)).status).toBe(200);
    // The key is cached by now: only its expiry time, not a change in the table, may refuse it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2 * 3_600_000);
      expect((await call('GET', membersOf(ws), soon.key)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops when its creator leaves the workspace', async () => {
    const ws = await createWorkspace(api, await quickUser(api));
    const manager = await memberWith(api, ws, ['tenant_integrations_manage', 'tenant_members_read']);
    const { key } = await makeKey(ws, ['tenant_members_read'], { by: manager.user });
    expect((await call('GET', membersOf(ws), key)).status).toBe(200);
    await call('DELETE', '/v1/workspaces/members/identity/', ws.owner.tokens.accessToken, {
      workspaceId: ws.id,
      memberId: manager.memberId,
    });
    expect((await call('GET', membersOf(ws), key)).status).toBe(403);
  });

  it('records key changes and what a key does, naming the key beside its creator', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const created = await makeKey(ws, ['tenant_profile_update'], { name: 'HR sync' });
    const changed = await call('PUT', '/v1/workspaces/profile/', created.key, {
      workspaceId: ws.id,
      name: 'Renamed',
    });
    expect(changed.body.statusCode).toBe(200);
    const audit = await call<AuditPage>('GET', auditPaths.list(ws.id), owner.tokens.accessToken);
    const [profile, made] = audit.body.data.items;
    expect(profile).toMatchObject({
      action: 'profile.updated',
      actor: { id: owner.id },
      apiKey: { id: created.id, name: 'HR sync' },
    });
    expect(made).toMatchObject({ action: 'api_key.created', subject: { type: 'api_key', label: 'HR sync' } });
    expect(made!.apiKey).toBeUndefined();
  });

  it('notes when a key was last used, without a write per request', async () => {
    const ws = await createWorkspace(api, await quickUser(api));
    const created = await makeKey(ws, ['tenant_members_read']);
    expect(created.lastUsedDate).toBeNull();
    for (let i = 0; i < 3; i++) await call('GET', membersOf(ws), created.key);
    await api.deps.apiKeyUse!.flush();
    const list = await call<ApiKeyPage>('GET', apiKeyPaths.keysOf(ws.id), ws.owner.tokens.accessToken);
    const used = list.body.data.items[0]!.lastUsedDate;
    expect(used).not.toBeNull();
    expect(Math.abs(Date.parse(used!) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a malformed key without a lookup, and counts wrong keys per address', async () => {
    const ws = await createWorkspace(api, await quickUser(api));
    const created = await makeKey(ws, ['tenant_members_read']);
    const ip = '203.0.113.77';
    const garbage = `wsk_${'A'.repeat(38)}`;
    const answers: number[] = [];
    for (let i = 0; i < 21; i++)
      answers.push((await call('GET', membersOf(ws), garbage, undefined, ip)).body.statusCode);
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(answers[20]).toBe(260);
    const blocked = await call('GET', membersOf(ws), created.key, undefined, ip);
    expect(blocked.body.statusCode).toBe(260);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address with the right key is not held up by the guesser.
    expect((await call('GET', membersOf(ws), created.key)).status).toBe(200);
  });

  it('stops a burst of one key with 260 and Retry-After, and not the other keys of its workspace', async () => {
    const ws = await createWorkspace(api, await quickUser(api));
    const busy = await makeKey(ws, ['tenant_members_read'], { name: 'busy' });
    const calm = await makeKey(ws, ['tenant_members_read'], { name: 'calm' });
    const rule = apiKeyRule(api.deps.config, 'burst');
    expect(rule.max).toBe(1200);
    // Spend all but one request of the window in the limiter itself: the burst without 1,200 requests.
    for (let i = 0; i < rule.max - 1; i++)
      await api.deps.limiter.hit(`${rule.name}:${busy.id}`, rule.max, rule.windowSeconds);
    expect((await call('GET', membersOf(ws), busy.key)).status).toBe(200);
    const over = await call<{ retryAfter: number }>('GET', membersOf(ws), busy.key);
    expect(over.status).toBe(400);
    expect(over.body.statusCode).toBe(260);
    expect(over.body.data.retryAfter).toBeGreaterThan(0);
    expect(Number(over.headers.get('retry-after'))).toBe(over.body.data.retryAfter);
    expect((await call('GET', membersOf(ws), calm.key)).status).toBe(200);
  });

  it('is declared in the OpenAPI document on the routes that take it', async () => {
    const doc = (await (await fetch(`${api.url}/docs/json`)).json()) as {
      components: { securitySchemes: Record<string, { bearerFormat?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    expect(doc.components.securitySchemes.apiKey?.bearerFormat).toBe('wsk_');
    const takes = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.security ?? []).some((s) => 'apiKey' in s);
    expect(takes('/v1/workspaces/members/identity/workspace-id/{id}/', 'get')).toBe(true);
    expect(takes('/v1/workspaces/profile/', 'put')).toBe(true);
    expect(takes('/v1/workspaces/', 'get')).toBe(false);
    expect(takes('/v1/auth/profile/', 'get')).toBe(false);
  });
});

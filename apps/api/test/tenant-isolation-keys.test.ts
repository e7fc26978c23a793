import { apiKeyPaths, type CreatedApiKey, permissionKeys } from '@wsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole, createWorkspace, newClient, quickUser, type TestWorkspace } from './fixtures';
import { type Operation, operationsOf } from './operations';
import { appForFile } from './test-app';

// Tenant isolation with API keys, over the registered route tree (docs/api.md, "API keys"): a key of
// workspace A holding every permission is refused on every route naming workspace B and on every
// personal route; a key of A with one read permission changes nothing of A. B's and A's state are
// compared before and after.

const api = appForFile();

let a: TestWorkspace;
let b: TestWorkspace;
let fullKey: string;
let narrowKey: string;
let bRoleId: string;

async function makeKey(ws: TestWorkspace, permissions: readonly string[]): Promise<string> {
  const answer = await newClient(api).call<CreatedApiKey>('POST', apiKeyPaths.keys, {
    token: ws.owner.tokens.accessToken,
    body: { workspaceId: ws.id, name: 'isolation', permissions },
  });
  return answer.body.data.key;
}

beforeAll(async () => {
  a = await createWorkspace(api, await quickUser(api));
  b = await createWorkspace(api, await quickUser(api));
  bRoleId = (await createRole(api, b, ['tenant_profile_read'])).id;
  fullKey = await makeKey(a, permissionKeys);
  narrowKey = await makeKey(a, ['tenant_audit_read']);
});

async function routeTree(): Promise<Operation[]> {
  return operationsOf(await (await fetch(`${api.url}/docs/json`)).json());
}

function fill(path: string, workspaceId: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'id' || name === 'workspaceId' ? workspaceId : name === 'roleId' ? bRoleId : 'unknown-id',
  );
}

function probe(op: Operation, workspaceId: string, key: string) {
  const token = key || undefined;
  const query = op.query.includes('workspaceId') ? `?workspaceId=${workspaceId}` : '';
  const body = op.body.length > 0 ? { workspaceId, roleId: bRoleId, name: 'by-key' } : undefined;
  return newClient(api).call(op.method, fill(op.path, workspaceId) + query, { token, body });
}

/** What each workspace's owner sees of it. */
async function snapshot(ws: TestWorkspace): Promise<unknown[]> {
  const get = async (path: string) =>
    (await newClient(api).call('GET', path, { token: ws.owner.tokens.accessToken })).body.data;
  return Promise.all([
    get(`/v1/workspaces/workspace-id/${ws.id}`),
    get(`/v1/workspaces/profile/workspace-id/${ws.id}/`),
    get(`/v1/workspaces/members/access/roles/workspace-id/${ws.id}`),
    get(`/v1/workspaces/members/identity/workspace-id/${ws.id}/`),
    get(`/v1/workspaces/profile/applications/workspace-id/${ws.id}/`),
    get(apiKeyPaths.keysOf(ws.id)),
  ]);
}

const isPersonal = (op: Operation) =>
  !op.path.startsWith('/v1/workspaces/') && !op.path.startsWith('/oidc') && op.path.startsWith('/v1/');

describe('tenant isolation with API keys', () => {
  it('refuses a key of A on every route naming B (403 or 401), and B is unchanged', async () => {
    const before = await snapshot(b);
    const ops = (await routeTree()).filter(
      (op) =>
        op.path.startsWith('/v1/workspaces/') &&
        (/workspace-?id\/\{/i.test(op.path) ||
          op.body.includes('workspaceId') ||
          op.query.includes('workspaceId')),
    );
    expect(ops.length).toBeGreaterThanOrEqual(30);
    for (const op of ops) {
      const answer = await probe(op, b.id, fullKey);
      const key = `${op.method} ${op.path}`;
      // 403 page-level, 401 where the route acts for the person, or 400 for a body the route refuses first.
      expect({ key, refused: [400, 401, 403].includes(answer.status) }).toEqual({ key, refused: true });
      expect({ key, code: answer.body.statusCode }).not.toEqual({ key, code: 200 });
    }
    expect(await snapshot(b)).toEqual(before);
  });

  it('refuses a key on every personal route and every route outside /v1/workspaces/ (401)', async () => {
    const ops = (await routeTree()).filter(isPersonal);
    let signedIn = 0;
    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      const anonymous = await probe(op, a.id, '');
      const withKey = await probe(op, a.id, fullKey);
      expect({ key, status: withKey.status }).not.toEqual({ key, status: 500 });
      // A route that needs a login refuses the key as it refuses no token at all.
      if (anonymous.status === 401) {
        signedIn++;
        expect({ key, status: withKey.status }).toEqual({ key, status: 401 });
      } else expect({ key, same: withKey.status === anonymous.status }).toEqual({ key, same: true });
    }
    expect(signedIn).toBeGreaterThanOrEqual(20);
    for (const path of ['/v1/auth/profile/', '/v1/notifications/simple/', '/v1/workspaces/']) {
      const answer = await newClient(api).call('GET', path, { token: fullKey });
      expect({ path, status: answer.status }).toEqual({ path, status: 401 });
    }
  });

  it('a key without the permission changes nothing of its own workspace (403)', async () => {
    const before = await snapshot(a);
    const ops = (await routeTree()).filter(
      (op) => op.path.startsWith('/v1/workspaces/') && op.method !== 'GET' && op.body.includes('workspaceId'),
    );
    expect(ops.length).toBeGreaterThanOrEqual(15);
    for (const op of ops) {
      const answer = await probe(op, a.id, narrowKey);
      const key = `${op.method} ${op.path}`;
      expect({ key, ok: answer.status === 200 }).toEqual({ key, ok: false });
      expect({ key, status: answer.status }).not.toEqual({ key, status: 500 });
    }
    expect(await snapshot(a)).toEqual(before);
    // And the one it holds works.
    const audit = await newClient(api).call('GET', `/v1/workspaces/audit/workspace-id/${a.id}/`, {
      token: narrowKey,
    });
    expect(audit.status).toBe(200);
    const members = await newClient(api).call(
      'GET',
      `/v1/workspaces/members/identity/workspace-id/${a.id}/`,
      {
        token: narrowKey,
      },
    );
    expect(members.body.statusCode).toBe(403);
  });
});

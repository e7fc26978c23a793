import { beforeAll, describe, expect, it } from 'vitest';
import { exportBackup, importBackup, takeBackup } from './backup-fixtures';
import {
  addMember,
  createRole,
  createWorkspace,
  newClient,
  pngOf,
  quickUser,
  type TestUser,
  type TestWorkspace,
  uploadLogo,
} from './fixtures';
import { type Operation, operationsOf } from './operations';
import { type ApiAnswer, appForFile } from './test-app';

// Tenant isolation, proved over the registered route tree: every route of the OpenAPI document that is
// workspace-scoped (under /v1/workspaces, /v1/assets/workspace…, /v1/profiles/…, with a workspace-id path
// segment, or a workspaceId in its body or query) is driven by the owner of workspace A — who holds every
// permission there — against workspace B: by B's id (path, query or body), and by A's id with B's
// resource ids. Nothing of B may be read or changed; B's state is compared before and after.

const api = appForFile();

async function routeTree(): Promise<Operation[]> {
  return operationsOf(await (await fetch(`${api.url}/docs/json`)).json());
}

function isWorkspaceScoped(op: Operation): boolean {
  return (
    op.path.startsWith('/v1/workspaces') ||
    op.path.startsWith('/v1/assets/workspace') ||
    op.path.startsWith('/v1/profiles/') ||
    /workspace-?id\/\{/i.test(op.path) ||
    op.body.includes('workspaceId') ||
    op.query.includes('workspaceId')
  );
}

interface World {
  attacker: TestUser;
  a: TestWorkspace;
  aMemberId: string;
  b: TestWorkspace;
  bRoleId: string;
  bRoleDate: string;
  bMemberId: string;
  bMemberUser: TestUser;
  bEntryId: string;
  bInvitationId: string;
  bInvitee: TestUser;
  bAppId: string;
  bLogoId: string;
  bBackupId: string;
  bBackupZip: Buffer;
}

let w: World;

/** Sign-in settings of an application, as its workspace's owner saves them. */
function signInOf(workspaceId: string, applicationId: string) {
  return {
    workspaceId,
    applicationId,
    enabled: true,
    clientType: 'confidential',
    redirectUris: ['https://b.example/cb'],
    postLogoutRedirectUris: [],
  };
}

beforeAll(async () => {
  const attacker = await quickUser(api);
  const a = await createWorkspace(api, attacker);
  const aMemberId = await addMember(api, a, await quickUser(api));
  const b = await createWorkspace(api, await quickUser(api));
  const bt = b.owner.tokens.accessToken;
  const role = await createRole(api, b, ['tenant_profile_read']);
  const bMemberUser = await quickUser(api);
  const bMemberId = await addMember(api, b, bMemberUser, role.id);
  const bInvitee = await quickUser(api);
  const inv = await newClient(api).call<{ id: string }>(
    'POST',
    '/v1/workspaces/members/identity/invitations/',
    {
      token: bt,
      body: { workspaceId: b.id, username: bInvitee.username },
    },
  );
  const users = await newClient(api).call<{ items: { id: string; username: string }[] }>(
    'GET',
    `/v1/workspaces/users/identity/workspace-id/${b.id}/`,
    { token: bt },
  );
  const app = await newClient(api).call<{ id: string }>('POST', '/v1/workspaces/profile/applications/', {
    token: bt,
    body: { workspaceId: b.id, key: 'b-only-app', name: 'B app' },
  });
  await newClient(api).call('PUT', '/v1/workspaces/profile/applications/sign-in/', {
    token: bt,
    body: signInOf(b.id, app.body.data.id),
  });
  const logo = await uploadLogo(api, bt, b.id, await pngOf('#000', 16));
  const backup = await takeBackup(api, b);
  const bBackupZip = (await exportBackup(api, b, backup.id)).bytes;
  const role2 = await newClient(api).call<{ lastChangeDate: string }>(
    'GET',
    `/v1/workspaces/members/access/roles/role-id/${role.id}/workspace-id/${b.id}`,
    { token: bt },
  );
  w = {
    attacker,
    a,
    aMemberId,
    b,
    bRoleId: role.id,
    bRoleDate: role2.body.data.lastChangeDate,
    bMemberId,
    bMemberUser,
    bEntryId: users.body.data.items.find((u) => u.username === bMemberUser.username)!.id,
    bInvitationId: inv.body.data.id,
    bInvitee,
    bAppId: app.body.data.id,
    bLogoId: logo.body.data.imageId,
    bBackupId: backup.id,
    bBackupZip,
  };
});

/** Everything B's owner can see of B, to compare before and after the attacks. */
async function snapshotOfB(): Promise<unknown[]> {
  const bt = w.b.owner.tokens.accessToken;
  const get = async (path: string) => (await newClient(api).call('GET', path, { token: bt })).body.data;
  const id = w.b.id;
  return Promise.all([
    get(`/v1/workspaces/workspace-id/${id}`),
    get(`/v1/workspaces/profile/workspace-id/${id}/`),
    get(`/v1/workspaces/members/access/roles/workspace-id/${id}`),
    get(`/v1/workspaces/members/identity/workspace-id/${id}/`),
    get(`/v1/workspaces/members/identity/invitations/?workspaceId=${id}`),
    get(`/v1/workspaces/users/identity/workspace-id/${id}/`),
    get(`/v1/workspaces/profile/applications/workspace-id/${id}/`),
    get(`/v1/workspaces/profile/applications/sign-in/application-id/${w.bAppId}/workspace-id/${id}/`),
    get(`/v1/migration/workspace-backup/workspaceId/${id}/`),
  ]);
}

/** A request for one route: path parameters filled, a valid body and query, all naming `target`. */
interface Probe {
  path: string;
  body?: unknown;
  multipart?: 'logo' | 'backup';
}

function fill(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'unknown-id');
}

/** Requests naming workspace B by its id, keyed by "METHOD path" of the OpenAPI document. */
function byWorkspaceB(): Record<string, Probe> {
  const id = w.b.id;
  const p = (path: string, extra: Record<string, string> = {}) => fill(path, { id, ...extra });
  return {
    'GET /v1/workspaces/workspace-id/{id}': { path: p('/v1/workspaces/workspace-id/{id}') },
    'GET /v1/workspaces/profile/workspace-id/{id}/': { path: p('/v1/workspaces/profile/workspace-id/{id}/') },
    'PUT /v1/workspaces/profile/': {
      path: '/v1/workspaces/profile/',
      body: { workspaceId: id, name: 'pwned' },
    },
    'POST /v1/assets/workspace-profile-image/': {
      path: '/v1/assets/workspace-profile-image/',
      multipart: 'logo',
    },
    'GET /v1/workspaces/members/access/roles/workspace-id/{id}': {
      path: p('/v1/workspaces/members/access/roles/workspace-id/{id}'),
    },
    'GET /v1/workspaces/members/access/roles/role-id/{roleId}/workspace-id/{id}': {
      path: p('/v1/workspaces/members/access/roles/role-id/{roleId}/workspace-id/{id}', {
        roleId: w.bRoleId,
      }),
    },
    'POST /v1/workspaces/members/access/roles/': {
      path: '/v1/workspaces/members/access/roles/',
      body: { workspaceId: id, name: 'evil', superAccess: true, permissionIds: [] },
    },
    'PUT /v1/workspaces/members/access/roles/': {
      path: '/v1/workspaces/members/access/roles/',
      body: {
        workspaceId: id,
        roleId: w.bRoleId,
        name: 'evil',
        superAccess: true,
        permissionIds: [],
        lastChangeDate: w.bRoleDate,
      },
    },
    'DELETE /v1/workspaces/members/access/roles/': {
      path: '/v1/workspaces/members/access/roles/',
      body: { workspaceId: id, roleId: w.bRoleId },
    },
    'GET /v1/workspaces/members/access/softwares/workspace-id/{id}': {
      path: p('/v1/workspaces/members/access/softwares/workspace-id/{id}'),
    },
    'GET /v1/workspaces/members/access/permissions/workspace-id/{id}': {
      path: p('/v1/workspaces/members/access/permissions/workspace-id/{id}'),
    },
    'GET /v1/workspaces/members/access/information/user-id/{userId}/workspace-id/{id}': {
      path: p('/v1/workspaces/members/access/information/user-id/{userId}/workspace-id/{id}', {
        userId: w.bMemberUser.id,
      }),
    },
    'GET /v1/workspaces/members/identity/workspace-id/{id}/': {
      path: p('/v1/workspaces/members/identity/workspace-id/{id}/'),
    },
    'GET /v1/workspaces/members/identity/id/{memberId}/workspace-id/{id}': {
      path: p('/v1/workspaces/members/identity/id/{memberId}/workspace-id/{id}', { memberId: w.bMemberId }),
    },
    'PUT /v1/workspaces/members/identity/': {
      path: '/v1/workspaces/members/identity/',
      body: { workspaceId: id, memberId: w.bMemberId, roleId: null },
    },
    'DELETE /v1/workspaces/members/identity/': {
      path: '/v1/workspaces/members/identity/',
      body: { workspaceId: id, memberId: w.bMemberId },
    },
    'POST /v1/workspaces/members/identity/invitations/': {
      path: '/v1/workspaces/members/identity/invitations/',
      body: { workspaceId: id, username: w.attacker.username },
    },
    'DELETE /v1/workspaces/members/identity/invitations/': {
      path: '/v1/workspaces/members/identity/invitations/',
      body: { workspaceId: id, invitationId: w.bInvitationId },
    },
    'GET /v1/workspaces/members/identity/invitations/': {
      path: `/v1/workspaces/members/identity/invitations/?workspaceId=${id}`,
    },
    'GET /v1/workspaces/users/identity/workspace-id/{id}/': {
      path: p('/v1/workspaces/users/identity/workspace-id/{id}/'),
    },
    'GET /v1/workspaces/users/identity/id/{userId}/workspace-id/{id}/': {
      path: p('/v1/workspaces/users/identity/id/{userId}/workspace-id/{id}/', { userId: w.bEntryId }),
    },
    'PUT /v1/workspaces/users/identity/': {
      path: '/v1/workspaces/users/identity/',
      body: { workspaceId: id, userId: w.bEntryId, firstName: 'pwned' },
    },
    'DELETE /v1/workspaces/users/identity/': {
      path: '/v1/workspaces/users/identity/',
      body: { workspaceId: id, userId: w.bEntryId },
    },
    'GET /v1/workspaces/users/identity/status/workspace-id/{id}/': {
      path: p('/v1/workspaces/users/identity/status/workspace-id/{id}/'),
    },
    'PUT /v1/workspaces/users/identity/status/': {
      path: '/v1/workspaces/users/identity/status/',
      body: { workspaceId: id, userId: w.bEntryId, statusKey: 'suspended' },
    },
    'GET /v1/workspaces/profile/applications/workspace-id/{id}/': {
      path: p('/v1/workspaces/profile/applications/workspace-id/{id}/'),
    },
    'GET /v1/workspaces/profile/applications/application-id/{appId}/workspace-id/{id}/': {
      path: p('/v1/workspaces/profile/applications/application-id/{appId}/workspace-id/{id}/', {
        appId: w.bAppId,
      }),
    },
    'GET /v1/profiles/applications/application-key/{key}/workspace-id/{id}/': {
      path: p('/v1/profiles/applications/application-key/{key}/workspace-id/{id}/', { key: 'b-only-app' }),
    },
    'POST /v1/workspaces/profile/applications/': {
      path: '/v1/workspaces/profile/applications/',
      body: { workspaceId: id, key: 'evil', name: 'evil' },
    },
    'PUT /v1/workspaces/profile/applications/': {
      path: '/v1/workspaces/profile/applications/',
      body: { workspaceId: id, applicationId: w.bAppId, name: 'pwned' },
    },
    'DELETE /v1/workspaces/profile/applications/': {
      path: '/v1/workspaces/profile/applications/',
      body: { workspaceId: id, applicationId: w.bAppId },
    },
    'GET /v1/workspaces/profile/applications/sign-in/application-id/{appId}/workspace-id/{id}/': {
      path: p('/v1/workspaces/profile/applications/sign-in/application-id/{appId}/workspace-id/{id}/', {
        appId: w.bAppId,
      }),
    },
    'PUT /v1/workspaces/profile/applications/sign-in/': {
      path: '/v1/workspaces/profile/applications/sign-in/',
      body: { ...signInOf(id, w.bAppId), redirectUris: ['https://evil.example/cb'] },
    },
    'POST /v1/workspaces/profile/applications/sign-in/secret/': {
      path: '/v1/workspaces/profile/applications/sign-in/secret/',
      body: { workspaceId: id, applicationId: w.bAppId },
    },
    'GET /v1/migration/workspace-backup/workspaceId/{id}/': {
      path: p('/v1/migration/workspace-backup/workspaceId/{id}/'),
    },
    'POST /v1/migration/workspace-backup/': {
      path: '/v1/migration/workspace-backup/',
      body: { workspaceId: id },
    },
    'POST /v1/migration/workspace-backup/2fa/resend/sms/': {
      path: '/v1/migration/workspace-backup/2fa/resend/sms/',
      body: { workspaceId: id },
    },
    'DELETE /v1/migration/workspace-backup/': {
      path: '/v1/migration/workspace-backup/',
      body: { workspaceId: id, backupId: w.bBackupId },
    },
    'GET /v1/migration/workspace-backup/export/id/{backupId}/workspaceId/{id}/': {
      path: p('/v1/migration/workspace-backup/export/id/{backupId}/workspaceId/{id}/', {
        backupId: w.bBackupId,
      }),
    },
    'PUT /v1/migration/workspace-backup/import/workspace-id/{id}': {
      path: p('/v1/migration/workspace-backup/import/workspace-id/{id}'),
      multipart: 'backup',
    },
    'GET /v1/workspaces/audit/workspace-id/{id}/': {
      path: p('/v1/workspaces/audit/workspace-id/{id}/'),
    },
    'GET /v1/workspaces/audit/export/workspace-id/{id}/': {
      path: p('/v1/workspaces/audit/export/workspace-id/{id}/'),
    },
    'PUT /v1/migration/workspace-backup/restore/': {
      path: '/v1/migration/workspace-backup/restore/',
      body: { workspaceId: id, backupId: w.bBackupId },
    },
  };
}

/** Routes that name no workspace by id: each has its own check below. */
const notByWorkspaceId = new Set([
  'GET /v1/workspaces/',
  'POST /v1/workspaces/',
  'GET /v1/workspaces/members/identity/invitations/id/{invitationId}',
  'POST /v1/workspaces/members/identity/invitations/response/',
  // The same list for everyone signed in: it names nothing of any workspace.
  'GET /v1/workspaces/integrations/webhooks/event-types/',
]);

async function send(method: string, probe: Probe, token: string): Promise<ApiAnswer> {
  if (probe.multipart === 'logo') return uploadLogo(api, token, w.b.id, await pngOf('#000', 16));
  if (probe.multipart === 'backup') return importBackup(api, w.b.id, w.bBackupZip, token);
  return newClient(api).call(method, probe.path, { token, body: probe.body });
}

describe('tenant isolation over the route tree', () => {
  it('every workspace-scoped route refuses a member of A naming workspace B (page-level 403), and B is unchanged', async () => {
    const before = await snapshotOfB();
    const ops = (await routeTree()).filter(isWorkspaceScoped);
    expect(ops.length).toBeGreaterThanOrEqual(34);
    const probes = byWorkspaceB();
    const tested: string[] = [];
    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      if (notByWorkspaceId.has(key)) continue;
      const token = w.attacker.tokens.accessToken;
      const probe = probes[key];
      if (probe) {
        const answer = await send(op.method, probe, token);
        expect({ key, status: answer.status, code: answer.body.statusCode }).toEqual({
          key,
          status: 403,
          code: 403,
        });
      } else {
        // A route added after this test (another module): a generic probe naming B everywhere it can.
        const path = fill(op.path, { id: w.b.id, workspaceId: w.b.id });
        const query = op.query.includes('workspaceId') ? `?workspaceId=${w.b.id}` : '';
        const answer = await newClient(api).call(op.method, path + query, {
          token,
          body: op.body.length > 0 ? { workspaceId: w.b.id } : undefined,
        });
        expect({ key, ok: answer.status === 200 }).toEqual({ key, ok: false });
        expect({ key, status: answer.status }).not.toEqual({ key, status: 500 });
      }
      tested.push(key);
    }
    // Every route of this part has an exact probe (a stale table would silently weaken the test).
    for (const key of Object.keys(probes)) expect(tested).toContain(key);
    expect(await snapshotOfB()).toEqual(before);
  });

  it("naming A's own id with B's resource ids finds nothing (404) and changes nothing", async () => {
    const before = await snapshotOfB();
    const t = w.attacker.tokens.accessToken;
    const a = w.a.id;
    const cases: [string, string, unknown?][] = [
      ['GET', `/v1/workspaces/members/access/roles/role-id/${w.bRoleId}/workspace-id/${a}`],
      [
        'PUT',
        '/v1/workspaces/members/access/roles/',
        {
          workspaceId: a,
          roleId: w.bRoleId,
          name: 'x',
          superAccess: false,
          permissionIds: [],
          lastChangeDate: w.bRoleDate,
        },
      ],
      ['DELETE', '/v1/workspaces/members/access/roles/', { workspaceId: a, roleId: w.bRoleId }],
      ['GET', `/v1/workspaces/members/access/information/user-id/${w.bMemberUser.id}/workspace-id/${a}`],
      ['GET', `/v1/workspaces/members/identity/id/${w.bMemberId}/workspace-id/${a}`],
      ['PUT', '/v1/workspaces/members/identity/', { workspaceId: a, memberId: w.bMemberId, roleId: null }],
      [
        'PUT',
        '/v1/workspaces/members/identity/',
        { workspaceId: a, memberId: w.aMemberId, roleId: w.bRoleId },
      ],
      ['DELETE', '/v1/workspaces/members/identity/', { workspaceId: a, memberId: w.bMemberId }],
      [
        'POST',
        '/v1/workspaces/members/identity/invitations/',
        { workspaceId: a, roleId: w.bRoleId, username: w.bInvitee.username },
      ],
      [
        'DELETE',
        '/v1/workspaces/members/identity/invitations/',
        { workspaceId: a, invitationId: w.bInvitationId },
      ],
      ['GET', `/v1/workspaces/members/identity/invitations/id/${w.bInvitationId}`],
      [
        'POST',
        '/v1/workspaces/members/identity/invitations/response/',
        { invitationId: w.bInvitationId, accept: true },
      ],
      ['GET', `/v1/workspaces/users/identity/id/${w.bEntryId}/workspace-id/${a}/`],
      ['PUT', '/v1/workspaces/users/identity/', { workspaceId: a, userId: w.bEntryId, firstName: 'x' }],
      ['DELETE', '/v1/workspaces/users/identity/', { workspaceId: a, userId: w.bEntryId }],
      [
        'PUT',
        '/v1/workspaces/users/identity/status/',
        { workspaceId: a, userId: w.bEntryId, statusKey: 'suspended' },
      ],
      ['GET', `/v1/workspaces/profile/applications/application-id/${w.bAppId}/workspace-id/${a}/`],
      ['GET', `/v1/profiles/applications/application-key/b-only-app/workspace-id/${a}/`],
      ['PUT', '/v1/workspaces/profile/applications/', { workspaceId: a, applicationId: w.bAppId, name: 'x' }],
      ['DELETE', '/v1/workspaces/profile/applications/', { workspaceId: a, applicationId: w.bAppId }],
      ['GET', `/v1/workspaces/profile/applications/sign-in/application-id/${w.bAppId}/workspace-id/${a}/`],
      ['PUT', '/v1/workspaces/profile/applications/sign-in/', signInOf(a, w.bAppId)],
      [
        'POST',
        '/v1/workspaces/profile/applications/sign-in/secret/',
        { workspaceId: a, applicationId: w.bAppId },
      ],
      ['GET', `/v1/migration/workspace-backup/export/id/${w.bBackupId}/workspaceId/${a}/`],
      ['DELETE', '/v1/migration/workspace-backup/', { workspaceId: a, backupId: w.bBackupId }],
      ['PUT', '/v1/migration/workspace-backup/restore/', { workspaceId: a, backupId: w.bBackupId }],
    ];
    for (const [method, path, body] of cases) {
      const answer = await newClient(api).call(method, path, { token: t, body });
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 404 });
    }
    const logo = await newClient(api).call('PUT', '/v1/workspaces/profile/', {
      token: t,
      body: { workspaceId: a, logoId: w.bLogoId },
    });
    expect(logo.status).toBe(400);
    expect(await snapshotOfB()).toEqual(before);
  });

  it("lists nothing of B among the caller's workspaces and invitations", async () => {
    const t = w.attacker.tokens.accessToken;
    const mine = await newClient(api).call<{ id: string }[]>('GET', '/v1/workspaces/', { token: t });
    expect(mine.body.data.map((x) => x.id)).toEqual([w.a.id]);
    const invitations = await newClient(api).call<{ workspaceId: string }[]>(
      'GET',
      '/v1/workspaces/members/identity/invitations/',
      { token: t },
    );
    expect(invitations.body.data.filter((i) => i.workspaceId === w.b.id)).toEqual([]);
  });

  it('every workspace-scoped route requires login (401)', async () => {
    const ops = (await routeTree()).filter(isWorkspaceScoped);
    const known = new Set([...Object.keys(byWorkspaceB()), ...notByWorkspaceId]);
    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      const path = fill(op.path, { id: w.b.id });
      const answer = await newClient(api).call(op.method, path, { body: op.body.length ? {} : undefined });
      // This part checks the token before the body; a route of another module may validate first (400).
      const allowed = known.has(key) ? [401] : [400, 401];
      expect({ key, allowed: allowed.includes(answer.status) }).toEqual({ key, allowed: true });
    }
  });
});

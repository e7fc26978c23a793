import { exportBackup, takeBackup } from './backup-fixtures';
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
import type { TestApp } from './test-app';

// The two workspaces of tenant-isolation.test.ts: A, whose owner attacks, and B with one of every
// resource; the route tree the test walks, and what B's owner sees of B before and after.

export async function routeTree(api: TestApp): Promise<Operation[]> {
  return operationsOf(await (await fetch(`${api.url}/docs/json`)).json());
}

export function isWorkspaceScoped(op: Operation): boolean {
  return (
    op.path.startsWith('/v1/workspaces') ||
    op.path.startsWith('/v1/assets/workspace') ||
    op.path.startsWith('/v1/profiles/') ||
    /workspace-?id\/\{/i.test(op.path) ||
    op.body.includes('workspaceId') ||
    op.query.includes('workspaceId')
  );
}

export interface World {
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

/** Sign-in settings of an application, as its workspace's owner saves them. */
export function signInOf(workspaceId: string, applicationId: string) {
  return {
    workspaceId,
    applicationId,
    enabled: true,
    clientType: 'confidential',
    redirectUris: ['https://b.example/cb'],
    postLogoutRedirectUris: [],
  };
}

/** Makes both workspaces and every resource of B the probes name. */
export async function makeWorld(api: TestApp): Promise<World> {
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
  return {
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
}

/** Everything B's owner can see of B, to compare before and after the attacks. */
export async function snapshotOfB(api: TestApp, w: World): Promise<unknown[]> {
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

/** A route's path with its parameters filled in (unknown ones get an id that names nothing). */
export function fill(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'unknown-id');
}

/** Routes that name no workspace by id: each has its own check in tenant-isolation.test.ts. */
export const notByWorkspaceId = new Set([
  'GET /v1/workspaces/',
  'POST /v1/workspaces/',
  'GET /v1/workspaces/members/identity/invitations/id/{invitationId}',
  'POST /v1/workspaces/members/identity/invitations/response/',
  // The same list for everyone signed in: it names nothing of any workspace.
  'GET /v1/workspaces/integrations/webhooks/event-types/',
]);

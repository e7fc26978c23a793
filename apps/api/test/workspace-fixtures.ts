import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { expectOk, newClient } from './client-fixtures';
import { quickUser, type TestUser } from './people-fixtures';
import type { ApiAnswer, TestApp } from './test-app';

// Workspaces, their roles and members, and logos (fixtures.ts re-exports this module).

/** A random valid workspaceName. */
export function randomWorkspaceName(): string {
  return `ws-${randomInt(36 ** 8).toString(36)}-${randomInt(1000)}`;
}

export interface TestWorkspace {
  id: string;
  workspaceName: string;
  owner: TestUser;
}

/** Creates a workspace through the API; `owner` becomes its owner. */
export async function createWorkspace(
  api: TestApp,
  owner: TestUser,
  options: { workspaceName?: string; name?: string } = {},
): Promise<TestWorkspace> {
  const workspaceName = options.workspaceName ?? randomWorkspaceName();
  const answer = await newClient(api).call<{ id: string }>('POST', '/v1/workspaces/', {
    body: { workspaceName, name: options.name ?? 'Test workspace' },
    token: owner.tokens.accessToken,
  });
  expectOk(answer, 'create workspace');
  return { id: answer.body.data.id, workspaceName, owner };
}

/** Creates a role in a workspace through the API (as `by`, the owner by default); answers its id. */
export async function createRole(
  api: TestApp,
  workspace: TestWorkspace,
  permissionIds: string[],
  options: { name?: string; superAccess?: boolean; by?: TestUser } = {},
): Promise<{ id: string; lastChangeDate: string }> {
  const answer = await newClient(api).call<{ id: string; lastChangeDate: string }>(
    'POST',
    '/v1/workspaces/members/access/roles/',
    {
      body: {
        workspaceId: workspace.id,
        name: options.name ?? `role ${randomInt(1_000_000)}`,
        superAccess: options.superAccess ?? false,
        permissionIds,
      },
      token: (options.by ?? workspace.owner).tokens.accessToken,
    },
  );
  expectOk(answer, 'create role');
  return answer.body.data;
}

/** Invites someone to a workspace by username or phone (as the owner); answers the invitation's id. */
export async function invite(
  api: TestApp,
  workspace: TestWorkspace,
  invitee: { username: string } | { phone: string },
  roleId: string | null = null,
): Promise<string> {
  const invited = await newClient(api).call<{ id: string }>(
    'POST',
    '/v1/workspaces/members/identity/invitations/',
    {
      body: { workspaceId: workspace.id, roleId, ...invitee },
      token: workspace.owner.tokens.accessToken,
    },
  );
  expectOk(invited, 'invite');
  return invited.body.data.id;
}

/** Invites `person` by username (as the owner) and accepts; answers the new member's id. */
export async function addMember(
  api: TestApp,
  workspace: TestWorkspace,
  person: TestUser,
  roleId: string | null = null,
): Promise<string> {
  const invitationId = await invite(api, workspace, { username: person.username }, roleId);
  const accepted = await newClient(api).call(
    'POST',
    '/v1/workspaces/members/identity/invitations/response/',
    {
      body: { invitationId, accept: true },
      token: person.tokens.accessToken,
    },
  );
  expectOk(accepted, 'accept');
  const list = await newClient(api).call<{ items: { id: string; user: { id: string } }[] }>(
    'GET',
    `/v1/workspaces/members/identity/workspace-id/${workspace.id}/?search=${person.username}`,
    { token: workspace.owner.tokens.accessToken },
  );
  const member = list.body.data.items.find((m) => m.user.id === person.id);
  if (!member) throw new Error('member not found after accepting');
  return member.id;
}

/** A person in a workspace with a role holding exactly `permissions` (none: a member without a role). */
export async function memberWith(
  api: TestApp,
  workspace: TestWorkspace,
  permissions: string[] | null,
): Promise<{ user: TestUser; memberId: string; roleId: string | null }> {
  const user = await quickUser(api);
  const roleId = permissions ? (await createRole(api, workspace, permissions)).id : null;
  const memberId = await addMember(api, workspace, user, roleId);
  return { user, memberId, roleId };
}

/** A small PNG of one colour. */
export function pngOf(colour: string, size = 24): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

type LogoUpload = { imageId: string; url: string; errors?: { path: string }[] };

/**
 * Uploads `bytes` as a workspace logo, multipart as the web app sends it; an undefined token or
 * workspaceId is left out of the request.
 */
export async function uploadLogo(
  api: TestApp,
  token: string | undefined,
  workspaceId: string | undefined,
  bytes: Buffer,
): Promise<ApiAnswer<LogoUpload>> {
  const form = new FormData();
  if (workspaceId !== undefined) form.append('workspaceId', workspaceId);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'logo.png');
  const response = await fetch(`${api.url}/v1/assets/workspace-profile-image/`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const body = (await response.json()) as ApiAnswer<LogoUpload>['body'];
  return { status: response.status, headers: response.headers, body };
}

/** A new person (made straight in the database) owning a new workspace, with its access token. */
export async function ownerWithWorkspace(
  api: TestApp,
  options: { name?: string } = {},
): Promise<{ owner: TestUser; ws: TestWorkspace; token: string }> {
  const owner = await quickUser(api);
  const ws = await createWorkspace(api, owner, options);
  return { owner, ws, token: owner.tokens.accessToken };
}

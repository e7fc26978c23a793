import type { AccessInformation, Application, Invitation, Workspace } from '@wsm/contracts';

// Shared fixtures of the workspaces feature tests, shaped as the server answers them. The signed-in
// user is u1 (featureTestHarness({ userId: 'u1' })) and the selected workspace ws-1.

/** The access information call of u1 in ws-1. */
export const accessPath = '/v1/workspaces/members/access/information/user-id/u1/workspace-id/ws-1';

/** A workspace as GET /v1/workspaces/ lists it, with the caller's level and role (named by `role`). */
export const workspace = (
  id: string,
  name: string,
  level: Workspace['level'],
  role: string | null,
): Workspace => ({
  id,
  workspaceName: name.toLowerCase(),
  name,
  description: null,
  logo: null,
  status: { id: 'active', name: 'Active', key: 'active' },
  createdDate: '2025-01-01T00:00:00.000Z',
  level,
  role: role ? { id: `r-${role}`, name: role, key: role.toLowerCase() } : null,
});

/** The owner's access information: the wildcard. */
export const ownerAccess: AccessInformation = {
  workspaceId: 'ws-1',
  memberId: 'm1',
  roles: [{ level: 'owner', role: null, applications: ['tenant-settings'], permissions: ['*'] }],
};

/** A member's access information: one role holding exactly `permissions`. */
export const memberAccess = (
  role: { name: string; superAccess: boolean },
  permissions: string[],
): AccessInformation => ({
  workspaceId: 'ws-1',
  memberId: 'm1',
  roles: [
    {
      level: 'member',
      role: { id: 'r1', name: role.name, key: role.name.toLowerCase(), superAccess: role.superAccess },
      applications: ['tenant-settings'],
      permissions,
    },
  ],
});

export const noVersion = { pwa: null, ios: null, android: null, windows: null, macos: null };

/** An application of ws-1 with nothing but its id, key and name filled in (unless `fields` says so). */
export const application = (
  fields: Partial<Application> & { id: string; key: string; name: string },
): Application => ({
  title: null,
  slogan: null,
  description: null,
  keywords: [],
  version: noVersion,
  socialNetworks: { instagram: null, telegram: null, x: null, rubika: null },
  createdDate: '2025-01-01T00:00:00.000Z',
  ...fields,
});

/** u1's pending invitation (as sara, by username) to Initech (ws-9), with `role` if given. */
export const pendingInvitation = (role: Invitation['role']): Invitation => ({
  id: 'inv-1',
  workspaceId: 'ws-9',
  workspaceName: 'initech',
  name: 'Initech',
  logo: null,
  role,
  token: 't',
  createdDate: new Date().toISOString(),
  expiresDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  status: { id: 'pending', name: 'Pending', key: 'pending' },
  invitee: {
    userId: 'u1',
    firstName: null,
    lastName: null,
    username: 'sara',
    phone: null,
    nationalCode: null,
    typed: null,
  },
});

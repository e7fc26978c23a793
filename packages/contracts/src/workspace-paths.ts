// Kept apart from the schemas (workspaces.ts) as identity-paths.ts is: the web app's first signed-in
// reads start with these paths before zod is loaded (apps/web/src/features/workspaces/early-reads.ts).

/**
 * The built-in application of every workspace, and the software its permissions point into: here with
 * the paths because the first signed-in screen draws it before zod is loaded.
 */
export const tenantSettingsKey = 'tenant-settings';

/** Every workspace path, as the web app calls them. `{id}` is a workspace id. */
export const workspacePaths = {
  workspaces: '/v1/workspaces/',
  workspace: (id: string) => `/v1/workspaces/workspace-id/${id}`,
  profile: '/v1/workspaces/profile/',
  profileOf: (id: string) => `/v1/workspaces/profile/workspace-id/${id}/`,
  logo: '/v1/assets/workspace-profile-image/',
  roles: '/v1/workspaces/members/access/roles/',
  rolesOf: (id: string) => `/v1/workspaces/members/access/roles/workspace-id/${id}`,
  role: (id: string, roleId: string) =>
    `/v1/workspaces/members/access/roles/role-id/${roleId}/workspace-id/${id}`,
  softwares: (id: string) => `/v1/workspaces/members/access/softwares/workspace-id/${id}`,
  permissions: (id: string) => `/v1/workspaces/members/access/permissions/workspace-id/${id}`,
  accessInformation: (id: string, userId: string) =>
    `/v1/workspaces/members/access/information/user-id/${userId}/workspace-id/${id}`,
  members: '/v1/workspaces/members/identity/',
  membersOf: (id: string) => `/v1/workspaces/members/identity/workspace-id/${id}/`,
  member: (id: string, memberId: string) =>
    `/v1/workspaces/members/identity/id/${memberId}/workspace-id/${id}`,
  invitations: '/v1/workspaces/members/identity/invitations/',
  invitation: (invitationId: string) => `/v1/workspaces/members/identity/invitations/id/${invitationId}`,
  invitationResponse: '/v1/workspaces/members/identity/invitations/response/',
  users: '/v1/workspaces/users/identity/',
  usersOf: (id: string) => `/v1/workspaces/users/identity/workspace-id/${id}/`,
  user: (id: string, userId: string) => `/v1/workspaces/users/identity/id/${userId}/workspace-id/${id}/`,
  userStatuses: (id: string) => `/v1/workspaces/users/identity/status/workspace-id/${id}/`,
  userStatus: '/v1/workspaces/users/identity/status/',
  applications: '/v1/workspaces/profile/applications/',
  applicationsOf: (id: string) => `/v1/workspaces/profile/applications/workspace-id/${id}/`,
  application: (id: string, appId: string) =>
    `/v1/workspaces/profile/applications/application-id/${appId}/workspace-id/${id}/`,
  applicationByKey: (id: string, key: string) =>
    `/v1/profiles/applications/application-key/${key}/workspace-id/${id}/`,
} as const;

import { importBackup } from './backup-fixtures';
import { newClient, pngOf, uploadLogo } from './fixtures';
import { fill, signInOf, type World } from './tenant-isolation-world';
import type { ApiAnswer, TestApp } from './test-app';

// One exact request for every workspace-scoped route of this part, naming workspace B
// (tenant-isolation.test.ts sends them as A's owner).

/** A request for one route: path parameters filled, a valid body and query, all naming `target`. */
export interface Probe {
  path: string;
  body?: unknown;
  multipart?: 'logo' | 'backup';
}

/** Requests naming workspace B by its id, keyed by "METHOD path" of the OpenAPI document. */
export function byWorkspaceB(w: World): Record<string, Probe> {
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

export async function send(
  api: TestApp,
  w: World,
  method: string,
  probe: Probe,
  token: string,
): Promise<ApiAnswer> {
  if (probe.multipart === 'logo') return uploadLogo(api, token, w.b.id, await pngOf('#000', 16));
  if (probe.multipart === 'backup') return importBackup(api, w.b.id, w.bBackupZip, token);
  return newClient(api).call(method, probe.path, { token, body: probe.body });
}

import {
  type Permission,
  type PermissionKey,
  permissionKeys,
  type Role,
  type Software,
  workspacePaths,
} from '@wsm/contracts';
import { setStoredUser, setWorkspaceId } from '../../lib/storage';
import type { FakeApi } from '../../test/feature-harness';

// Shared fixtures of the workspace settings tests: a selected workspace, the caller's access
// information as the server answers it, and the permission catalogue.

export const workspaceId = 'ws1';
export const me = 'user-me';

const sectionOf = (key: string) =>
  key.startsWith('tenant_roles') ? 'roles' : key.startsWith('tenant_profile') ? 'info' : 'members';

export const permissionCatalogue: Permission[] = permissionKeys.map((key) => ({
  id: key,
  key,
  name: key.replace(/^tenant_/, '').replace(/_/g, ' '),
  pointers: [`tenant-settings/${sectionOf(key)}`],
}));

export const softwares: Software[] = [
  {
    id: 'tenant-settings',
    key: 'tenant-settings',
    name: 'Workspace settings',
    sections: [
      { key: 'info', name: 'Information' },
      { key: 'members', name: 'Members' },
      { key: 'roles', name: 'Roles' },
    ],
    imageId: null,
  },
];

export const permissionOf = (key: PermissionKey): Permission =>
  permissionCatalogue.find((permission) => permission.key === key) as Permission;

export function role(fields: Partial<Role> & { id: string; name: string; keys?: PermissionKey[] }): Role {
  const { keys = [], ...rest } = fields;
  return {
    key: fields.id,
    superAccess: false,
    totalMembers: 0,
    softwares: [],
    permissions: keys.map(permissionOf),
    lastChangeDate: '2026-01-01T10:00:00.000Z',
    ...rest,
  };
}

export const page = <T>(items: T[], total = items.length) => ({ items, total, page: 1, pageSize: 10 });

/**
 * Selects the workspace, logs in as `me` and answers the access information: the owner's wildcard, or
 * a member's role with exactly `held`.
 */
export function actAs(api: FakeApi, held: PermissionKey[] | 'owner'): void {
  setStoredUser({ id: me });
  setWorkspaceId(workspaceId);
  api.on(`GET ${workspacePaths.accessInformation(workspaceId, me)}`, {
    workspaceId,
    memberId: 'member-me',
    roles: [
      held === 'owner'
        ? { level: 'owner', role: null, applications: ['tenant-settings'], permissions: ['*'] }
        : {
            level: 'member',
            role: { id: 'role-mine', name: 'Mine', key: 'mine', superAccess: false },
            applications: ['tenant-settings'],
            permissions: held,
          },
    ],
  });
  api.on(`GET ${workspacePaths.softwares(workspaceId)}`, softwares);
  api.on(`GET ${workspacePaths.permissions(workspaceId)}`, permissionCatalogue);
}

import {
  type PermissionKey,
  permissionKeys,
  type WorkspaceUserStatus,
  workspaceUserTransitions,
} from '@wsm/contracts';

// The server's rules, mirrored so the screens only offer what the server would accept (it stays the
// authority): nobody grants what they do not hold (apps/api/src/modules/access/guard.ts assertCanGrant)
// and statuses move only along the contract's transition table.

export type Can = (permission: string) => boolean;

/** Holds every permission of the catalogue: what superAccess needs (owner and superAccess roles do). */
export function holdsEverything(can: Can): boolean {
  return permissionKeys.every((key) => can(key));
}

/** May hand out (or act on someone holding) this role: superAccess needs everything, else each permission. */
export function canGrantRole(
  role: { superAccess: boolean; permissions: readonly { key: string }[] } | null | undefined,
  can: Can,
): boolean {
  if (!role) return true;
  if (role.superAccess) return holdsEverything(can);
  return role.permissions.every((permission) => can(permission.key));
}

/** The statuses a directory entry may move to from `from` (empty for unknown statuses). */
export function allowedTransitions(from: string): readonly WorkspaceUserStatus[] {
  return (workspaceUserTransitions as Record<string, readonly WorkspaceUserStatus[]>)[from] ?? [];
}

/** Invitees (no membership yet) are removed by withdrawing; members by removal. */
export function deletePermissionFor(status: string): PermissionKey {
  return status === 'unregistered' || status === 'unconfirmed'
    ? 'tenant_members_invitations_withdraw'
    : 'tenant_members_delete';
}

/** The permission keys the screens gate on, as the server's routes name them. */
export const permissions = {
  rolesRead: 'tenant_roles_read',
  rolesCreate: 'tenant_roles_create',
  rolesUpdate: 'tenant_roles_update',
  rolesDelete: 'tenant_roles_delete',
  membersRead: 'tenant_members_read',
  membersUpdate: 'tenant_members_update',
  membersDelete: 'tenant_members_delete',
  invite: 'tenant_members_invitations_send',
  withdraw: 'tenant_members_invitations_withdraw',
  usersRead: 'tenant_users_role_read',
  usersUpdate: 'tenant_users_role_update',
  auditRead: 'tenant_audit_read',
  integrationsManage: 'tenant_integrations_manage',
} as const satisfies Record<string, PermissionKey>;

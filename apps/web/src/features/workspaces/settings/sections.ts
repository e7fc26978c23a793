import type { PermissionKey } from '@wsm/contracts';
import type { WorkspaceAccess } from '../access';

// The sections of the workspace settings (the built-in `tenant-settings` application), each shown to
// the holders of its read permission. Backups have no permission key: only
// the owner may create or restore them.

export type SettingsSectionKey =
  | 'info'
  | 'members'
  | 'roles'
  | 'users'
  | 'applications'
  | 'backups'
  | 'audit'
  | 'integrations';

export interface SettingsSection {
  key: SettingsSectionKey;
  /** The read permission that shows the section; undefined means owner only. */
  permission?: PermissionKey;
}

export const settingsBasePath = '/workspace/settings';

export const settingsSections: readonly SettingsSection[] = [
  { key: 'info', permission: 'tenant_profile_read' },
  { key: 'members', permission: 'tenant_members_read' },
  { key: 'roles', permission: 'tenant_roles_read' },
  { key: 'users', permission: 'tenant_users_role_read' },
  { key: 'applications', permission: 'tenant_profile_read' },
  { key: 'backups' },
  { key: 'audit', permission: 'tenant_audit_read' },
  { key: 'integrations', permission: 'tenant_integrations_manage' },
];

export const sectionPath = (key: SettingsSectionKey): string => `${settingsBasePath}/${key}`;

/** True when the user may open the section. */
export function canOpenSection(
  section: SettingsSection,
  access: Pick<WorkspaceAccess, 'can' | 'isOwner'>,
): boolean {
  return section.permission ? access.can(section.permission) : access.isOwner;
}

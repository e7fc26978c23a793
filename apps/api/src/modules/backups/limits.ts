import { type LimitRule, scaledRules } from '../../http/rate-limit';

/** Backups a workspace keeps from `created` and `imported` (pre-restore backups never block a restore). */
export const maxStoredBackups = 50;

/** Pre-restore backups a workspace keeps: each restore stores one and deletes any older than the newest 5. */
export const maxPreRestoreBackups = 5;

/**
 * Rate limits of the backup routes, per account (body 260 + Retry-After when over). Codes also spend
 * the phone's "backup" budget of identity's code budgets (its own, so logins never use it up), and a
 * challenge dies after 5 wrong codes (660). docs/security.md has the reasons.
 */
export const backupLimits = {
  /** Codes texted to confirm a backup or a restore (first step and resend). */
  sendUser: { name: 'backup-send:user', max: 10, windowSeconds: 3600 },
  /** Wrong codes in calls carrying one (take a backup, restore); right ones give their hit back. */
  verifyUser: { name: 'backup-verify:user', max: 20, windowSeconds: 900 },
  /** Archive uploads: each is unzipped and checked in full. */
  importUser: { name: 'backup-import:user', max: 20, windowSeconds: 3600 },
  /** Downloads. */
  exportUser: { name: 'backup-export:user', max: 60, windowSeconds: 3600 },
} as const satisfies Record<string, LimitRule>;

export type BackupLimit = keyof typeof backupLimits;

/** A rule with RATE_LIMIT_MULTIPLIER applied (always 1 in production). */
export const backupRule = scaledRules(backupLimits);

/**
 * The most rows a backup may hold per table (SQL names): what keeps checking an upload, and restoring
 * it, bounded in time and memory. docs/backups.md says them too; a refusal names the table
 * and its limit (too_many_rows).
 */
export const maxTableRows: Record<string, number> = {
  workspaces: 1,
  workspace_profiles: 1,
  images: 1_000,
  workspace_roles: 1_000,
  workspace_role_permissions: 50_000,
  workspace_applications: 10_000,
  workspace_users: 100_000,
  workspace_members: 100_000,
  workspace_invitations: 100_000,
};

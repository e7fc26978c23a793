import type { Config } from '../../config';
import type { LimitRule } from '../../http/rate-limit';

/** Backups a workspace keeps from `created` and `imported` (pre-restore backups never block a restore). */
export const maxStoredBackups = 50;

/**
 * Rate limits of the backup routes, per account (body 260 + Retry-After when over). Codes are also
 * limited per phone across every flow (identity's code-send limit), and a challenge dies after 5 wrong
 * codes (660).
 */
export const backupLimits = {
  /** Codes texted to confirm a backup or a restore (first step and resend). */
  sendUser: { name: 'backup-send:user', max: 10, windowSeconds: 3600 },
  /** Calls carrying a code (take a backup, restore). */
  verifyUser: { name: 'backup-verify:user', max: 20, windowSeconds: 900 },
  /** Archive uploads: each is unzipped and checked in full. */
  importUser: { name: 'backup-import:user', max: 20, windowSeconds: 3600 },
  /** Downloads. */
  exportUser: { name: 'backup-export:user', max: 60, windowSeconds: 3600 },
} as const satisfies Record<string, LimitRule>;

export type BackupLimit = keyof typeof backupLimits;

/** A rule with RATE_LIMIT_MULTIPLIER applied (always 1 in production). */
export function backupRule(config: Config, name: BackupLimit): LimitRule {
  const rule = backupLimits[name];
  return { ...rule, max: rule.max * config.rateLimitMultiplier };
}

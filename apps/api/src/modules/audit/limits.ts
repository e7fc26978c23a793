import type { Config } from '../../config';
import { type LimitRule, scaledRule } from '../../http/rate-limit';

/** CSV downloads per account: each reads the whole (filtered) log. */
export const auditExportRule: LimitRule = { name: 'audit-export:user', max: 30, windowSeconds: 3600 };

/** The rule with RATE_LIMIT_MULTIPLIER applied (always 1 in production). */
export function auditExportLimit(config: Config): LimitRule {
  return scaledRule(auditExportRule, config.rateLimitMultiplier);
}

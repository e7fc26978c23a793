import type { Config } from '../../config';
import type { LimitRule } from '../../http/rate-limit';

/**
 * Rate limits of the personal security settings, per account (body 260 + Retry-After when over). Codes
 * sent to one phone or address are also limited across every flow (identity's code-send limits), and
 * each challenge dies after 5 wrong codes (660).
 */
export const securityLimits = {
  /** Codes sent for password, e-mail and phone changes. */
  sendUser: { name: 'security-send:user', max: 10, windowSeconds: 3600 },
  /** Code and password checks (password change, e-mail and phone verification). */
  verifyUser: { name: 'security-verify:user', max: 20, windowSeconds: 900 },
  /** Username and national-code writes (each answers whether a value is taken). */
  claimUser: { name: 'security-claim:user', max: 10, windowSeconds: 600 },
} as const satisfies Record<string, LimitRule>;

export type SecurityLimit = keyof typeof securityLimits;

/** A rule with RATE_LIMIT_MULTIPLIER applied (always 1 in production). */
export function securityRule(config: Config, name: SecurityLimit): LimitRule {
  const rule = securityLimits[name];
  return { ...rule, max: rule.max * config.rateLimitMultiplier };
}

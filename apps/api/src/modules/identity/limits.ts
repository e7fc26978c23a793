import type { Config } from '../../config';
import type { LimitRule } from '../../http/rate-limit';

/**
 * Rate limits of the identity routes (body 260 + Retry-After when over). Counters are atomic (memory or
 * Redis); per-challenge code tries are also capped in the database (5, see one-time-codes.ts).
 */
export const identityLimits = {
  /** Sign-up starts per client address. */
  signupIp: { name: 'signup:ip', max: 10, windowSeconds: 600 },
  /** Login steps (password checks) per client address. */
  loginIp: { name: 'login:ip', max: 30, windowSeconds: 60 },
  /** Password checks per account (or per unknown identifier); reset by a right password. At most 40 an hour. */
  loginAccount: { name: 'login:account', max: 10, windowSeconds: 900 },
  /** Code checks per client address, across challenges. */
  verifyIp: { name: 'code-verify:ip', max: 30, windowSeconds: 60 },
  /** Recovery starts per client address and per national code (same for unknown codes). */
  recoveryIp: { name: 'recovery:ip', max: 10, windowSeconds: 600 },
  recoveryNationalCode: { name: 'recovery:national-code', max: 5, windowSeconds: 3600 },
  /** Codes sent to one phone and to one e-mail address, across every flow. */
  codeSendPhone: { name: 'code-send:phone', max: 5, windowSeconds: 3600 },
  codeSendEmail: { name: 'code-send:email', max: 5, windowSeconds: 3600 },
  /**
   * Sign-up codes (starts and resends) sent from one client address: sign-up is the one flow that texts
   * numbers not yet known, the way SMS pumping is done. Login and recovery only text registered phones.
   */
  signupSendIp: { name: 'signup-send:ip', max: 20, windowSeconds: 3600 },
  /** Token renewals per client address. */
  renewIp: { name: 'renew:ip', max: 60, windowSeconds: 60 },
} as const satisfies Record<string, LimitRule>;

export type IdentityLimit = keyof typeof identityLimits;

/** A rule with RATE_LIMIT_MULTIPLIER applied (always 1 in production). */
export function limitRule(config: Config, name: IdentityLimit): LimitRule {
  const rule = identityLimits[name];
  return { ...rule, max: rule.max * config.rateLimitMultiplier };
}

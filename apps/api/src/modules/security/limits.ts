import { type LimitRule, scaledRules } from '../../http/rate-limit';

/**
 * Rate limits of the personal security settings, per account (body 260 + Retry-After when over). Codes
 * sent to one phone or address also spend the "account" budget of identity's code budgets, and each
 * challenge dies after 5 wrong codes (660). docs/security.md has the reasons.
 */
export const securityLimits = {
  /** Codes sent for password, e-mail and phone changes (to however many addresses). */
  sendUser: { name: 'security-send:user', max: 10, windowSeconds: 3600 },
  /**
   * Failed code and password checks (password change, e-mail and phone verification, step-up, the
   * authenticator's first code and the code or recovery code that turns it off).
   */
  verifyUser: { name: 'security-verify-fail:user', max: 20, windowSeconds: 900 },
  /** Username and national-code writes (each answers whether a value is taken). */
  claimUser: { name: 'security-claim:user', max: 10, windowSeconds: 600 },
  /** Authenticator-app enrolments started (each makes and stores a new secret). */
  enrolUser: { name: 'security-enrol:user', max: 10, windowSeconds: 3600 },
} as const satisfies Record<string, LimitRule>;

export type SecurityLimit = keyof typeof securityLimits;

/** A rule with RATE_LIMIT_MULTIPLIER applied (always 1 in production). */
export const securityRule = scaledRules(securityLimits);

import type { Config } from '../../config';
import { type LimitRule, scaledRule, scaledRules } from '../../http/rate-limit';
import type { CodePurpose } from '../../messaging/messages';

// Limits that stop abuse, not people (docs/security.md, "Login and recovery limits", has the table and
// the reasons). Three kinds:
// - budgets of codes sent to one phone or e-mail address, per purpose, per hour and per day, under one
//   daily ceiling: each purpose spends its own, so an owner's logins never use up the codes of a backup;
// - per client address, only *failures* count (wrong passwords, wrong codes, unknown tokens; see
//   limitFailures): an office of hundreds behind one address logs in and renews its tokens freely;
// - per account, wrong passwords from anywhere: over the budget the password step answers alike for right
//   and wrong passwords (login.ts), so guesses tell nothing while the owner's right password still leads
//   to the second step. Nothing anyone else sends refuses the owner's password.
// Each challenge also dies after 5 wrong codes (one-time-codes.ts) and resends wait 120 s. A recovery code
// is bound to the start it was texted for: nobody else's wrong tries reach it (recovery.ts).

const minute = 60;
const hour = 3600;
const day = 86_400;

/** Rate limits of the identity routes (body 260 + Retry-After when over). */
export const identityLimits = {
  /** Sign-up starts per client address: each answers whether a phone or national code is registered. */
  signupIp: { name: 'signup:ip', max: 30, windowSeconds: 10 * minute },
  /**
   * Sign-up codes (starts and resends) sent from one client address: sign-up is the one flow that texts
   * numbers not yet known, the way SMS pumping is done. Login and recovery only text registered phones.
   */
  signupSendIp: { name: 'signup-send:ip', max: 30, windowSeconds: hour },
  signupSendIpDay: { name: 'signup-send:ip:day', max: 100, windowSeconds: day },
  /**
   * Wrong passwords (any account, known or not) from one client address: credential stuffing. Right
   * passwords never count, so an office of hundreds who each mistype once passes.
   */
  loginFailIp: { name: 'login-fail:ip', max: 200, windowSeconds: 15 * minute },
  /**
   * Wrong passwords for one account (or unknown identifier) from anywhere. Over either budget the password
   * step stops telling right from wrong (login.ts) instead of refusing: these bound the guesses that tell
   * anything, whatever the number of addresses, and the owner's right password still gets its code.
   */
  loginFailAccount: { name: 'login-fail:account', max: 20, windowSeconds: hour },
  loginFailAccountDay: { name: 'login-fail:account:day', max: 50, windowSeconds: day },
  /** One alert to the owner per burst: the first wrong password over the account's budget in the hour. */
  loginFailAlert: { name: 'login-fail:alert', max: 1, windowSeconds: hour },
  /** Wrong codes and unknown or dead flow tokens from one client address, across challenges. */
  codeFailIp: { name: 'code-fail:ip', max: 30, windowSeconds: 15 * minute },
  /**
   * Recovery starts per client address. None per account: a start by anyone else must not stop the
   * owner's. Texts are bounded by the budgets below (recovery.ts `recoverySendHits`).
   */
  recoveryIp: { name: 'recovery:ip', max: 10, windowSeconds: 10 * minute },
  /**
   * Recovery texts to one phone asked from one client address: one address spends at most these of the
   * phone's budget (codeBudgets.recovery), which bounds the texts from every other browser.
   */
  recoverySendIp: { name: 'recovery-send:ip', max: 2, windowSeconds: hour },
  recoverySendIpDay: { name: 'recovery-send:ip:day', max: 4, windowSeconds: day },
  /**
   * Recovery texts asked from a browser the account signed in from (device-cookie.ts): its own budget,
   * apart from the phone's, so nobody else's starts can spend it.
   */
  recoverySendDevice: { name: 'recovery-send:device', max: 3, windowSeconds: hour },
  recoverySendDeviceDay: { name: 'recovery-send:device:day', max: 6, windowSeconds: day },
  /** Wrong tries on one texted recovery code (it serves only the challenge it was texted for). */
  recoveryCodeTries: { name: 'recovery:code-tries', max: 5, windowSeconds: day },
  /**
   * Refused token renewals (unknown, revoked or replayed refresh tokens) from one client address. A
   * refresh token cannot be guessed (256 bits); this only bounds useless work. Renewals that succeed
   * never count. While Redis is down it counts in each process, so signed-in people stay signed in.
   */
  renewFailIp: { name: 'renew-fail:ip', max: 120, windowSeconds: 10 * minute, localWhenDown: true },
  /** Refused "end that session" links (forged, expired) from one client address. */
  sessionLinkFailIp: { name: 'session-link-fail:ip', max: 30, windowSeconds: 10 * minute },
} as const satisfies Record<string, LimitRule>;

export type IdentityLimit = keyof typeof identityLimits;

/** A rule with RATE_LIMIT_MULTIPLIER applied (always 1 in production). */
export const limitRule = scaledRules(identityLimits);

/** What a code is for, as far as budgets go: each spends its own budget at a phone or address. */
export type CodeBudget = 'signup' | 'login' | 'recovery' | 'account' | 'backup';

export const codeBudgetOf: Record<CodePurpose, CodeBudget> = {
  signup: 'signup',
  login: 'login',
  recovery: 'recovery',
  'password-change': 'account',
  'email-verify': 'account',
  'phone-change': 'account',
  'step-up': 'account',
  'backup-create': 'backup',
  'backup-restore': 'backup',
};

/** Codes sent to one phone or e-mail address per purpose (first sends and resends alike). */
export const codeBudgets: Record<CodeBudget, { perHour: number; perDay: number }> = {
  signup: { perHour: 5, perDay: 10 },
  login: { perHour: 10, perDay: 30 },
  recovery: { perHour: 5, perDay: 10 },
  account: { perHour: 10, perDay: 30 },
  backup: { perHour: 10, perDay: 30 },
};

/** Codes sent to one phone or e-mail address a day, every purpose together. */
export const codesPerDestinationDay = 60;

/** The counters one code sent for `purpose` spends (to be hit with the destination as subject). */
export function codeSendRules(config: Config, purpose: CodePurpose): LimitRule[] {
  const budget = codeBudgetOf[purpose];
  const { perHour, perDay } = codeBudgets[budget];
  return [
    { name: `code-send:${budget}:hour`, max: perHour, windowSeconds: hour },
    { name: `code-send:${budget}:day`, max: perDay, windowSeconds: day },
    { name: 'code-send:all:day', max: codesPerDestinationDay, windowSeconds: day },
  ].map((rule) => scaledRule(rule, config.rateLimitMultiplier));
}

import { type LimitRule, scaledRules } from '../../http/rate-limit';

/** Rate limits of the invitation calls (body 260 + Retry-After when over). */
export const membersLimits = {
  /** Invitations one person sends, across workspaces (also bounds lookups of accounts by identifier). */
  invitePerUser: { name: 'invite:user', max: 30, windowSeconds: 3600 },
  /** Invitation texts to one phone, across workspaces: an invitation never turns into SMS spam. */
  inviteSmsPerPhone: { name: 'invite-sms:phone', max: 3, windowSeconds: 86_400 },
  /** Invitation texts one workspace sends a day. */
  inviteSmsPerWorkspace: { name: 'invite-sms:workspace', max: 50, windowSeconds: 86_400 },
  /** Workspaces one person creates. */
  createWorkspacePerUser: { name: 'workspace-create:user', max: 10, windowSeconds: 3600 },
} as const satisfies Record<string, LimitRule>;

export type MembersLimit = keyof typeof membersLimits;

/** A rule with RATE_LIMIT_MULTIPLIER applied (always 1 in production). */
export const membersLimitRule = scaledRules(membersLimits);

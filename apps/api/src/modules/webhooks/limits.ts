import type { LimitRule } from '../../http/rate-limit';
import { enforceLimits, scaledRules } from '../../http/rate-limit';
import type { RateLimiter } from '../../lib/rate-limiter';

// Requests sent out on demand ("send test", "redeliver"; docs/security.md, "Limits"): each one makes the
// server call the endpoint's URL, so a script cannot turn the workspace into a request cannon.
const rules = {
  /** Per endpoint: room for testing a new receiver and redelivering a day's failures by hand. */
  endpoint: { name: 'webhook-send:endpoint', max: 60, windowSeconds: 10 * 60 },
  /** Per workspace, every endpoint together. */
  workspace: { name: 'webhook-send:workspace', max: 300, windowSeconds: 3600 },
} as const satisfies Record<string, LimitRule>;

export const webhookSendRule = scaledRules(rules);

/** Counts one on-demand send to an endpoint; 260 with the wait when its endpoint or workspace is over. */
export function enforceSendLimit(
  deps: { limiter: RateLimiter; config: { rateLimitMultiplier: number } },
  workspaceId: string,
  webhookId: string,
): Promise<void> {
  return enforceLimits(deps.limiter, [
    { rule: webhookSendRule(deps.config, 'endpoint'), subject: webhookId },
    { rule: webhookSendRule(deps.config, 'workspace'), subject: workspaceId },
  ]);
}

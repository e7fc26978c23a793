import type { LimitRule } from '../../http/rate-limit';
import { scaledRules } from '../../http/rate-limit';

// The limits of API keys (docs/security.md, "Limits").
const rules = {
  /** Wrong, revoked or expired keys per client address: failures only; a working key never counts. */
  failures: { name: 'api-key-fail:ip', max: 20, windowSeconds: 15 * 60 },
  /** Requests per key: a runaway script stops here, not in the database. Bounds work, not guessing. */
  burst: { name: 'api-key-burst:key', max: 1200, windowSeconds: 60, localWhenDown: true },
  /** Keys made per workspace member. */
  create: { name: 'api-key-create:user', max: 30, windowSeconds: 3600 },
} as const satisfies Record<string, LimitRule>;

export const apiKeyRule = scaledRules(rules);

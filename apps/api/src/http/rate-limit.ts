import { StatusCode } from '@wsm/contracts';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimiter, RateLimitResult } from '../lib/rate-limiter';
import { AppError, isAppError } from './app-error';

export interface LimitRule {
  /** Names the counter, e.g. 'login-fail:ip'. */
  name: string;
  max: number;
  windowSeconds: number;
  /**
   * While Redis is down, count in this process rather than answer 503: only for limits that bound useless
   * work, never for those that stop guessing (lib/rate-limiter.ts).
   */
  localWhenDown?: boolean;
}

/** One counter to hit: a rule and whom it counts (an address, an account, a phone). */
export interface LimitHit {
  rule: LimitRule;
  subject: string;
}

/** A rule with RATE_LIMIT_MULTIPLIER applied (always 1 in production). */
export function scaledRule(rule: LimitRule, multiplier: number): LimitRule {
  return { ...rule, max: rule.max * multiplier };
}

/**
 * How a module reads its table of rules: the rule of that name with the configured RATE_LIMIT_MULTIPLIER
 * applied (always 1 in production).
 */
export function scaledRules<Name extends string>(rules: Readonly<Record<Name, LimitRule>>) {
  return (config: { rateLimitMultiplier: number }, name: Name): LimitRule =>
    scaledRule(rules[name], config.rateLimitMultiplier);
}

/** Body 260 with the wait in `data.retryAfter` and the Retry-After header. */
export function rateLimited(retryAfterSeconds: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(StatusCode.rateLimited, {
    data: { retryAfter },
    headers: { 'retry-after': String(retryAfter) },
  });
}

// Who hears of refusals (the app's metrics), per limiter: each app has its own limiter and listeners.
const refusalListeners = new WeakMap<RateLimiter, Set<(limitName: string) => void>>();

/** Calls `listener` with the rule's name whenever a limit of this limiter refuses; answers a stop function. */
export function onLimitRefused(limiter: RateLimiter, listener: (limitName: string) => void): () => void {
  const listeners = refusalListeners.get(limiter) ?? new Set();
  refusalListeners.set(limiter, listeners);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function refuse(limiter: RateLimiter, hits: readonly LimitHit[], results: readonly RateLimitResult[]): never {
  const refused = hits.filter((_, i) => !results[i]!.allowed);
  for (const listener of refusalListeners.get(limiter) ?? [])
    for (const hit of refused) listener(hit.rule.name);
  throw rateLimited(Math.max(...results.filter((r) => !r.allowed).map((r) => r.retryAfter)));
}

const keyOf = (hit: LimitHit) => `${hit.rule.name}:${hit.subject}`;
const countOf = (hit: LimitHit) => ({ localWhenDown: hit.rule.localWhenDown });

// The counters live in Redis when it is configured: Redis down is a dependency down (503), not a bug (500).
async function counted<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (cause) {
    throw Object.assign(new AppError(StatusCode.unavailable), { cause });
  }
}

/** Counts one hit of `rule` for `subject`; throws body 260 with Retry-After when over the limit. */
export async function enforceLimit(limiter: RateLimiter, rule: LimitRule, subject: string): Promise<void> {
  await enforceLimits(limiter, [{ rule, subject }]);
}

/**
 * Counts one hit on every counter (a budget per hour and per day, say); 260 with the longest wait when
 * any is over. Every counter is hit even when an earlier one refuses, so the wait named is the real one.
 */
export async function enforceLimits(limiter: RateLimiter, hits: readonly LimitHit[]): Promise<void> {
  const results = await counted(() =>
    Promise.all(
      hits.map((hit) => limiter.hit(keyOf(hit), hit.rule.max, hit.rule.windowSeconds, countOf(hit))),
    ),
  );
  if (results.some((r) => !r.allowed)) refuse(limiter, hits, results);
}

/** The answers that count as a failed attempt: a wrong secret, a dead challenge, an unknown token. */
const failureCodes: ReadonlySet<number> = new Set([
  StatusCode.wrongCredentials,
  StatusCode.securityShield,
  StatusCode.unauthorized,
]);

/** Whether an attempt's error is a failure the limits count (wrong password or code, unknown token). */
export function isCountedFailure(error: unknown): boolean {
  return isAppError(error) && failureCodes.has(error.code);
}

/**
 * Runs an attempt under limits that count only its failures (wrong passwords, wrong codes, unknown
 * tokens): each counter takes a hit first, so parallel attempts cannot slip past, and gets it back when
 * the attempt succeeds or fails for another reason. Sixty colleagues behind one address who type their
 * passwords right never use up the address's budget; a guesser does. Over a limit: 260, nothing is run.
 * A counter holds the failures plus the attempts still running, so a limit must exceed the attempts one
 * subject can have in flight at once (each takes a fraction of a second).
 */
export async function limitFailures<T>(
  limiter: RateLimiter,
  hits: readonly LimitHit[],
  attempt: () => Promise<T>,
): Promise<T> {
  const results: RateLimitResult[] = await counted(() =>
    Promise.all(
      hits.map((hit) => limiter.hit(keyOf(hit), hit.rule.max, hit.rule.windowSeconds, countOf(hit))),
    ),
  );
  const releaseAll = () =>
    counted(() => Promise.all(hits.map((hit) => limiter.release(keyOf(hit), countOf(hit)))));
  if (results.some((r) => !r.allowed)) {
    // A refused attempt tested no secret: it is not a failure, and must not push the window further.
    await releaseAll();
    refuse(limiter, hits, results);
  }
  let outcome: T;
  try {
    outcome = await attempt();
  } catch (error) {
    if (!isCountedFailure(error)) await releaseAll();
    throw error;
  }
  await releaseAll();
  return outcome;
}

/**
 * Takes a slot on every counter before an attempt whose outcome decides what the slots mean (the login's
 * password step): answers each counter's state and a function that gives all the slots back, for when
 * the attempt succeeded or tested nothing. Kept slots are the failures.
 */
export async function takeSlots(
  limiter: RateLimiter,
  hits: readonly LimitHit[],
): Promise<{ results: RateLimitResult[]; release: () => Promise<void>; refuse: () => never }> {
  const results = await counted(() =>
    Promise.all(hits.map((hit) => limiter.hit(keyOf(hit), hit.rule.max, hit.rule.windowSeconds))),
  );
  return {
    results,
    release: async () => {
      await counted(() => Promise.all(hits.map((hit) => limiter.release(keyOf(hit)))));
    },
    refuse: () => refuse(limiter, hits, results),
  };
}

/** Forgets a counter of `rule` for `subject` (e.g. failed passwords, once the right one is given). */
export async function resetLimit(limiter: RateLimiter, rule: LimitRule, subject: string): Promise<void> {
  await counted(() => limiter.reset(keyOf({ rule, subject })));
}

/** A route preHandler limiting hits per client address (or another key taken from the request). */
export function limitRoute(
  limiter: RateLimiter,
  rule: LimitRule,
  key: (request: FastifyRequest) => string = (request) => request.ip,
): preHandlerAsyncHookHandler {
  return async (request) => enforceLimit(limiter, rule, key(request));
}

import { StatusCode } from '@wsm/contracts';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimiter } from '../lib/rate-limiter';
import { AppError } from './app-error';

export interface LimitRule {
  /** Names the counter, e.g. 'login:ip'. */
  name: string;
  max: number;
  windowSeconds: number;
}

/** Counts one hit of `rule` for `subject`; throws body 260 with Retry-After when over the limit. */
export async function enforceLimit(limiter: RateLimiter, rule: LimitRule, subject: string): Promise<void> {
  const result = await limiter.hit(`${rule.name}:${subject}`, rule.max, rule.windowSeconds);
  if (!result.allowed) {
    throw new AppError(StatusCode.rateLimited, {
      data: { retryAfter: result.retryAfter },
      headers: { 'retry-after': String(result.retryAfter) },
    });
  }
}

/** A route preHandler limiting hits per client address (or another key taken from the request). */
export function limitRoute(
  limiter: RateLimiter,
  rule: LimitRule,
  key: (request: FastifyRequest) => string = (request) => request.ip,
): preHandlerAsyncHookHandler {
  return async (request) => enforceLimit(limiter, rule, key(request));
}

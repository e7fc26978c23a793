import { StatusCode } from '@wsm/contracts';
import { ApiError } from '../../lib/api-error';

/** The body status code of a failed call, if the server answered one. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.statusCode : undefined;
}

/** Seconds a rate-limited (260) answer asks to wait, if it says. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.statusCode !== StatusCode.rateLimited) return undefined;
  const value = (error.envelope?.data as { retryAfter?: unknown } | null | undefined)?.retryAfter;
  return typeof value === 'number' && value > 0 ? value : undefined;
}

import { ApiError } from '../../lib/api-error';

/** The body status code of a failed call, if the server answered one. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.statusCode : undefined;
}

export { retryAfterOf } from '../../lib/wait';

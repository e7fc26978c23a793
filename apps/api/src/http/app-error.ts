import type { StatusCodeValue } from '@wsm/contracts';

export interface AppErrorOptions {
  /** Extra `data` of the envelope (e.g. retryAfter, field errors). */
  data?: unknown;
  /** 403 of a page-level refusal (not a member): HTTP 403 instead of 400. */
  pageLevel?: boolean;
  headers?: Record<string, string>;
}

/** A refusal with a status code of the catalogue; the error handler turns it into the envelope. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: StatusCodeValue,
    readonly options: AppErrorOptions = {},
  ) {
    super(`AppError ${code}`);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

import { StatusCode, type StatusCodeValue } from '@wsm/contracts';

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

/** What was looked up; 404 when nothing was found. */
export function found<T>(value: T | null | undefined): T {
  if (!value) throw new AppError(StatusCode.notFound);
  return value;
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

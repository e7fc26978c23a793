import type { Envelope } from '@wsm/contracts';

// Kept apart from the client so code that only checks errors (the query client) does not pull in the client.

export type ApiErrorKind = 'network' | 'http' | 'status' | 'unexpected';

/** What a failed call rejects with. `statusCode` is the body code when there was an envelope. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly statusCode: number | undefined;
  readonly httpStatus: number | undefined;
  readonly envelope: Envelope | undefined;

  constructor(
    kind: ApiErrorKind,
    details: { statusCode?: number; httpStatus?: number; envelope?: Envelope; cause?: unknown } = {},
  ) {
    super(details.envelope?.statusMessage || `API ${kind} error`, { cause: details.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.statusCode = details.statusCode;
    this.httpStatus = details.httpStatus;
    this.envelope = details.envelope;
  }
}

import {
  customIssueMessages,
  httpStatusFor,
  type Locale,
  StatusCode,
  type StatusCodeValue,
  validationErrors,
} from '@wsm/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isAppError } from './app-error';
import { envelope } from './envelope';

const unavailableRetryAfterSeconds = 5;

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  code: StatusCodeValue,
  data: unknown,
  pageLevel = false,
) {
  // A part that is down: tell clients and proxies when to try again, unless the thrower already did.
  if (code === StatusCode.unavailable && !reply.hasHeader('retry-after'))
    reply.header('retry-after', String(unavailableRetryAfterSeconds));
  return reply.code(httpStatusFor(code, pageLevel)).send(envelope(request.locale, code, data));
}

// fastify-type-provider-zod keeps each issue's code and message apart; put the issue back together to translate it.
function issuesOf(error: FastifyError): z.core.$ZodIssue[] {
  return (error.validation ?? []).map((v) => {
    const params = (v.params ?? {}) as Record<string, unknown>;
    const path = v.instancePath.split('/').filter(Boolean);
    return { ...params, code: v.keyword, message: v.message ?? '', path } as unknown as z.core.$ZodIssue;
  });
}

// Connection-level failures of PostgreSQL (refused, reset, shut down, pool timeout) mean "retry later", not a bug.
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
// What node-postgres says, with no code, when a connection is lost or cannot be had: the server went
// away under a query or a transaction (whose rollback then fails the same way), or the pool waited too long.
const unavailableMessages = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];
function isDatabaseUnavailable(error: unknown): boolean {
  const seen = error as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!seen) return false;
  if (seen.code && unavailableCodes.has(seen.code)) return true;
  const message = seen.message;
  if (!seen.code && message && unavailableMessages.some((known) => message.startsWith(known))) return true;
  return seen.cause !== undefined && seen.cause !== error && isDatabaseUnavailable(seen.cause);
}

/** One place that turns every thrown error into the envelope and HTTP status. */
/**
 * A service that knows no request words its field errors by a key of the contracts' catalogue
 * (`not_an_image`): here they become the text of the request's language. Other messages pass as they are.
 */
function wordedFieldErrors(data: unknown, locale: Locale): unknown {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return data;
  return {
    ...(data as object),
    errors: errors.map((item: { path?: unknown; message?: unknown }) => {
      const worded = typeof item.message === 'string' ? customIssueMessages[item.message] : undefined;
      return worded ? { ...item, message: worded[locale] } : item;
    }),
  };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<Error>((thrown, request, reply) => {
    const error = thrown as FastifyError | typeof thrown;
    if (isAppError(error)) {
      if (error.options.headers) reply.headers(error.options.headers);
      const data = wordedFieldErrors(error.options.data ?? null, request.locale);
      return send(request, reply, error.code, data, error.options.pageLevel);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(
        { issues: issuesOf(error as FastifyError) } as z.ZodError,
        request.locale,
      );
      return send(request, reply, StatusCode.validation, { errors });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 404) return send(request, reply, StatusCode.notFound, null);
    if (status >= 400 && status < 500) {
      // Malformed JSON, a body too large, an unsupported content type: the request is not valid.
      const key = status === 413 ? 'body_too_large' : 'invalid_body';
      const message = customIssueMessages[key]![request.locale];
      return send(request, reply, StatusCode.validation, { errors: [{ path: '', message }] });
    }
    if (status === 503 || isDatabaseUnavailable(error))
      return send(request, reply, StatusCode.unavailable, null);
    request.log.error({ err: error }, 'unexpected error');
    return send(request, reply, StatusCode.internal, { requestId: request.id });
  });
}

/** The enveloped 404 of an unknown API path. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(request, reply, StatusCode.notFound, null);
}

/**
 * Fastify's framework errors come before routing and hooks: a malformed %-escape or an over-long path
 * parameter is the request's fault (body 400); anything else is ours (500 with the request id).
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const message = customIssueMessages.invalid_url![request.locale];
    return send(request, reply, StatusCode.validation, { errors: [{ path: '', message }] });
  }
  request.log.error({ err: error }, 'unexpected framework error');
  return send(request, reply, StatusCode.internal, { requestId: request.id });
}

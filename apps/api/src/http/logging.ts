import type { FastifyRequest } from 'fastify';

// Field names that hold a secret wherever they appear in a request body or a logged object: passwords,
// one-time and recovery codes, tokens. Fastify logs no headers or bodies by default; these paths make sure
// that an object logged on purpose (or by a future serializer) still never carries one.
const secretFields = [
  'password',
  'currentPassword',
  'newPassword',
  'code',
  'recoveryCode',
  'refreshToken',
  'accessToken',
  'signupToken',
  'recoveryToken',
  'secret',
  'token',
];

// `code` is left out at the nested wildcard level: err.code (ECONNREFUSED, 23505) is what a log reader
// needs, and the error serializer nests it under `err`.
const nestedSecretFields = secretFields.filter((field) => field !== 'code');

/** Pino redaction paths of every secret a log line might otherwise carry. */
export const logRedactPaths: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  ...secretFields.flatMap((field) => [field, `body.${field}`, `req.body.${field}`, `input.${field}`]),
  ...nestedSecretFields.map((field) => `*.${field}`),
];

/**
 * Adds who and where to every later log line of the request, the "request completed" line included (the
 * request and its reply share one child logger): the user once the token is checked, the workspace once
 * the tenant guard passed. A no-op when logging is off.
 */
export function bindLogContext(
  request: FastifyRequest,
  fields: { userId?: string; workspaceId?: string; apiKeyId?: string },
): void {
  const log = request.log as FastifyRequest['log'] & { setBindings?: (bindings: object) => void };
  log.setBindings?.(fields);
}

import {
  customIssueMessages,
  normalizeInput,
  StatusCode,
  toAsciiDigits,
  type UnsafeInputReason,
  unsafeInputReason,
} from '@wsm/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

// Secrets keep their spaces and letters; only their digits are made ASCII, so a password typed with
// Persian digits on one keyboard still matches the same password typed with ASCII digits on another.
const secretFields = new Set(['password', 'currentPassword']);

function normalizeBody(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return normalizeInput(value);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const normalized =
      secretFields.has(key) && typeof item === 'string' ? toAsciiDigits(item) : normalizeInput(item);
    // A key named __proto__ stays an own property instead of replacing the copy's prototype.
    Object.defineProperty(out, key, {
      value: normalized,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** The body-400 of input that cannot be taken (too deep, U+0000, a lone surrogate), in the request's language. */
export function unsafeInputError(request: FastifyRequest, reason: UnsafeInputReason): AppError {
  const message = customIssueMessages[reason]![request.locale];
  return new AppError(StatusCode.validation, { data: { errors: [{ path: '', message }] } });
}

/**
 * Refuses hostile input (nesting, U+0000 which PostgreSQL cannot store, lone surrogates which are not
 * UTF-8) in every body, query and path parameter before anything walks it, then normalises digits,
 * Arabic letters and whitespace before validation.
 */
export function registerInputNormalization(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.body, request.query, request.params]) {
      const reason = unsafeInputReason(part);
      if (reason) throw unsafeInputError(request, reason);
    }
    if (request.body !== undefined) request.body = normalizeBody(request.body);
    if (request.query && typeof request.query === 'object') request.query = normalizeInput(request.query);
    if (request.params && typeof request.params === 'object') request.params = normalizeInput(request.params);
  });
}

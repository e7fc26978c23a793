import { normalizeInput, toAsciiDigits } from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';

// Secrets keep their spaces and letters; only their digits are made ASCII, so a password typed with
// Persian digits on one keyboard still matches the same password typed with ASCII digits on another.
const secretFields = new Set(['password', 'currentPassword']);

function normalizeBody(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return normalizeInput(value);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = secretFields.has(key) && typeof item === 'string' ? toAsciiDigits(item) : normalizeInput(item);
  }
  return out;
}

/** Normalises digits, Arabic letters and whitespace of every body, query and path parameter before validation. */
export function registerInputNormalization(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined) request.body = normalizeBody(request.body);
    if (request.query && typeof request.query === 'object') request.query = normalizeInput(request.query);
    if (request.params && typeof request.params === 'object') request.params = normalizeInput(request.params);
  });
}

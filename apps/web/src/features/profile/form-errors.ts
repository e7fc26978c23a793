import { issueMessage, type Locale } from '@wsm/contracts';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

export type FieldErrors = Record<string, string>;

/** Validates a value; the field messages are the product's own (Persian texts in fa). */
export function validate<T>(
  schema: z.ZodType<T>,
  value: unknown,
  locale: Locale,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issueMessage(issue, locale);
  }
  return { ok: false, errors };
}

/**
 * Validates one field's value and shows the outcome through `setError`: the first message when it fails,
 * nothing when it passes.
 */
export function validateField<T>(
  schema: z.ZodType<T>,
  value: unknown,
  locale: Locale,
  setError: (message: string) => void,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const checked = validate(schema, value, locale);
  setError(checked.ok ? '' : (Object.values(checked.errors)[0] ?? ''));
  return checked;
}

/** The field errors of a body-400 answer (`data.errors: [{ path, message }]`), by field. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.statusCode !== 400) return {};
  const data = error.envelope?.data as
    | { errors?: { path?: unknown; message?: unknown }[] }
    | null
    | undefined;
  const errors: FieldErrors = {};
  for (const item of data?.errors ?? []) {
    if (typeof item.path === 'string' && typeof item.message === 'string')
      errors[item.path || '_'] ??= item.message;
  }
  return errors;
}

/**
 * Checks `value` against `schema`, then saves it; the field messages, the schema's or the server's (a
 * 400), go to `setErrors`, which is cleared before saving. True once saved.
 */
export async function checkAndSave<T>(
  schema: z.ZodType<T>,
  value: unknown,
  locale: Locale,
  setErrors: (errors: FieldErrors) => void,
  save: (data: T) => Promise<unknown>,
): Promise<boolean> {
  const checked = validate(schema, value, locale);
  if (!checked.ok) {
    setErrors(checked.errors);
    return false;
  }
  setErrors({});
  try {
    await save(checked.data);
    return true;
  } catch (error) {
    setErrors(serverFieldErrors(error));
    return false;
  }
}

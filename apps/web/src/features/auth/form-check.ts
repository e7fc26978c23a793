import { issueMessage, type Locale } from '@wsm/contracts';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

// Forms validate with the contracts' zod schemas and show the product's field messages in every
// language (contracts' issueMessage), plus this feature's own keys
// (auth:validation.*) for rules that belong to a form, not to the API.

type Issue = z.core.$ZodIssue;

/** Refinement keys of the feature's own form rules, with their text in auth:validation. */
const formMessageKeys: Record<string, string> = {
  passwords_mismatch: 'auth:validation.passwordsMismatch',
  invalid_identifier: 'auth:validation.identifier',
};

const requiredIssue = { code: 'invalid_type', expected: 'string', input: undefined, path: [], message: '' };

/**
 * One issue as text. An empty field is a missing required value, whatever
 * rule failed on it: an empty "repeat password" is required, not "not the same".
 */
export function formIssueMessage(issue: Issue, values: unknown, locale: Locale, t: TFunction): string {
  const field = issue.path[0];
  const value =
    values !== null && typeof values === 'object' && field !== undefined
      ? (values as Record<PropertyKey, unknown>)[field]
      : undefined;
  if (value === '' || value === undefined) return issueMessage(requiredIssue as Issue, locale);
  const key = formMessageKeys[issue.message];
  if (key) return t(key);
  return issueMessage(issue, locale);
}

/** A schema, or a loader of one (the public forms load theirs on the first check: src/features/auth/schemas.ts). */
export type SchemaSource<S> = S | (() => Promise<S>);

/** The outcome of checking a form: its parsed values, or the first message for each failing field. */
export type FormCheck<Out> =
  | { ok: true; values: Out }
  | { ok: false; errors: Record<string, { type: string; message: string }> };

/** Checks a form's values against a zod schema, with the messages above. */
export async function checkForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  source: SchemaSource<S>,
  values: z.input<S>,
  locale: Locale,
  t: TFunction,
): Promise<FormCheck<z.output<S>>> {
  const schema = typeof source === 'function' ? await source() : source;
  const result = await schema.safeParseAsync(values);
  if (result.success) return { ok: true, values: result.data as z.output<S> };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.map(String).join('.') || 'root';
    errors[name] ??= { type: issue.code, message: formIssueMessage(issue, values, locale, t) };
  }
  return { ok: false, errors };
}

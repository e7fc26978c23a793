import { normalizeInput } from '@wsm/contracts';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import { useLocale } from '../../lib/locale-navigation';

// The workspace forms validate with the contracts' schemas and messages, as the auth forms do
// (src/features/auth/form-check.ts), after the same normalisation the server applies (Persian digits to
// ASCII, Persian ی/ک, trimmed): a phone typed in Persian digits is valid here because it is valid there.
// They are react-hook-form's forms; the public ones are plain (src/features/auth/use-plain-form.ts), so
// that sign-up and recovery do not download it.

/**
 * A react-hook-form resolver over a zod schema, with form-check.ts's messages in the current locale,
 * over normalised values. Messages already shown follow a new language (useRevalidateOnLocale).
 */
export function useFormResolver<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  t: TFunction,
): Resolver<z.input<S>, unknown, z.output<S>> {
  const locale = useLocale();
  return useCallback<Resolver<z.input<S>, unknown, z.output<S>>>(
    async (values) => {
      // The checks and their messages' catalogue load with the first check.
      const { checkForm } = await import('../auth/form-check');
      const check = await checkForm(schema, normalizeInput(values), locale, t);
      if (check.ok) return { values: check.values, errors: {} };
      return { values: {}, errors: check.errors as FieldErrors<z.input<S>> };
    },
    [schema, locale, t],
  );
}

function serverErrors(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  const errors = (error.envelope?.data as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return (errors as { path?: unknown; message?: unknown }[]).filter(
    (item): item is { path: string; message: string } =>
      typeof item.path === 'string' && typeof item.message === 'string',
  );
}

/** The server's message for one path of a body-400 answer, if it named that path. */
export function serverErrorAt(error: unknown, path: string): string | undefined {
  return serverErrors(error).find((item) => item.path === path)?.message;
}

/**
 * Puts the field errors of a body-400 answer (`data.errors: [{ path, message }]`) on the form's
 * fields; `fieldOf` maps a server path (e.g. socialNetworks.x) to a form field. True when one landed.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fieldOf: (path: string) => string = (path) => path,
): boolean {
  let applied = false;
  for (const item of serverErrors(error)) {
    const field = fieldOf(item.path) as Path<T>;
    if (!fields.includes(field)) continue;
    setError(field, { type: 'server', message: item.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

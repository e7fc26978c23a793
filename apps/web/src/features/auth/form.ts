import { type Envelope, StatusCode } from '@wsm/contracts';
import { useEffect } from 'react';
import { ApiError } from '../../lib/api-error';
import { useLocale } from '../../lib/locale-navigation';
import { statusOf } from './errors';

type AuthSchemas = typeof import('./schemas');

// The checks themselves (form-check.ts, with the messages' catalogue) load with the first check, as the
// schemas do: the login page, on the first screen, carries neither.
export type { FormCheck, SchemaSource } from './form-check';

/**
 * Re-validates a submitted form when the language changes, so its messages follow the page: the public
 * forms (use-plain-form.ts) and the signed-in ones (react-hook-form's `trigger` and `formState`) alike.
 */
export function useRevalidateOnLocale(form: {
  trigger: () => Promise<boolean>;
  formState: { isSubmitted: boolean; errors: object };
}): void {
  const locale = useLocale();
  const { trigger, formState } = form;
  const stale = formState.isSubmitted && Object.keys(formState.errors).length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a language change re-validates.
  useEffect(() => {
    if (stale) void trigger();
  }, [locale]);
}

/** Puts a message under a field: react-hook-form's `setError`, or a plain form's (use-plain-form.ts). */
export type SetFieldError<F extends string> = (
  field: F,
  error: { type: string; message: string },
  options?: { shouldFocus: boolean },
) => void;

/** Shows the field errors of a body-400 answer (`data.errors: [{ path, message }]`) on the form's fields. */
export function applyServerErrors<F extends string>(
  envelope: Envelope | undefined,
  setError: SetFieldError<NoInfer<F>>,
  fields: readonly F[],
): boolean {
  const errors = (envelope?.data as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return false;
  let applied = false;
  for (const item of errors) {
    const path = (item as { path?: unknown }).path;
    const message = (item as { message?: unknown }).message;
    if (typeof path === 'string' && typeof message === 'string' && fields.includes(path as F)) {
      setError(path as F, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/**
 * Shows why the server refused a form's secret (the password or the code in `field`): wrong credentials
 * (620) under that field, focused, after `onWrongCredentials`; else the answer's error for that field
 * under it; anything else goes to `report` (the API client's; the login form loads it on submit).
 */
export function showRefusal<F extends string>(
  error: unknown,
  field: F,
  setError: SetFieldError<NoInfer<F>>,
  /** The catalogue's message for 620, in the page's language. */
  wrongCredentials: string,
  report: (error: unknown) => void,
  onWrongCredentials?: () => void,
): void {
  if (statusOf(error) === StatusCode.wrongCredentials) {
    onWrongCredentials?.();
    setError(field, { type: 'server', message: wrongCredentials }, { shouldFocus: true });
  } else if (error instanceof ApiError) {
    // 'unexpected' errors were already reported where they arose.
    applyServerErrors(error.envelope, setError, [field]);
  } else {
    report(error);
  }
}

/** The public forms' schemas, loaded once on the first check of any of them. */
export const loadAuthSchema =
  <K extends keyof AuthSchemas>(name: K) =>
  async (): Promise<AuthSchemas[K]> =>
    (await import('./schemas'))[name];

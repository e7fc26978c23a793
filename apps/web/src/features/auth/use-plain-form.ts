import { createRef, type FormEvent, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocale } from '../../lib/locale-navigation';
import { type FormCheck, type SchemaSource, type SetFieldError, useRevalidateOnLocale } from './form';

// The public forms' state without a form library: react-hook-form would be 12 KB (brotli) more for
// sign-up and recovery to download, on a phone. They keep its timing, which the signed-in
// forms still have: nothing is checked until the first submit; a submit checks every field and focuses
// the first in error; after it, a field is checked again as it changes, and the shown messages again
// when the language changes. The checks (form-check.ts) and the schema load with the first submit.

/** What a plain field (PlainTextField, PlainPasswordField, PlainDigitsField) takes from its form. */
export interface BoundFieldProps {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  error: boolean;
  /** The field's message, or else its help. */
  helperText: string | undefined;
}

export interface PlainForm<F extends string, Out> {
  /** Each field's text as typed (a digits field's with ASCII digits). */
  values: Readonly<Record<F, string>>;
  /** The message under each field in error. */
  errors: Readonly<Partial<Record<F, string>>>;
  /** True from a submit until its handler has settled. */
  pending: boolean;
  /** A field's new text, typed by the person: after the first submit, the field is checked again. */
  change(field: F, value: string): void;
  /** Sets a field's text without checking it (the login empties a refused password). */
  setValue(field: F, value: string): void;
  /** Puts a message (the server's) under a field; applyServerErrors and showRefusal take it. */
  setError: SetFieldError<F>;
  focus(field: F): void;
  /** The props binding a plain field to `name`, with `hint` under it while it has no message. */
  field(name: F, hint?: string): BoundFieldProps;
  /** The form's submit handler: checks every field, then calls `onValid` with the schema's output. */
  handleSubmit(onValid: (values: Out) => Promise<void>): (event: FormEvent<HTMLFormElement>) => Promise<void>;
}

/** What a component drawing some of a form's fields needs of it. */
export type PlainFields<F extends string> = Pick<PlainForm<F, unknown>, 'values' | 'field'>;

type Messages<F extends string> = Partial<Record<F, string>>;

/**
 * The state of a public form over `schema` (a zod schema, or a loader of one: loadAuthSchema): text
 * fields named by `initialValues`' keys, whose order is the fields' order on the page (the first in
 * error takes the focus).
 */
export function usePlainForm<
  S extends z.ZodType<unknown, Record<string, unknown>>,
  F extends string & keyof z.input<S>,
>(
  schema: SchemaSource<S>,
  initialValues: Record<F, string> | (() => Record<F, string>),
): PlainForm<F, z.output<S>> {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Messages<F>>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  // The newest values, for a check that settles after the person typed on, and a submit already running.
  const latest = useRef(values);
  const running = useRef(false);
  const inputs = useRef<Partial<Record<F, RefObject<HTMLInputElement | null>>>>({});
  const fields = Object.keys(values) as F[];

  // The fields are the schema's keys and all text: the schema's input.
  const check = async (next: Record<F, string>): Promise<FormCheck<z.output<S>>> =>
    (await import('./form-check')).checkForm(schema, next as z.input<S>, locale, t);
  const messagesOf = (result: FormCheck<z.output<S>>): Messages<F> => {
    const shown: Messages<F> = {};
    if (!result.ok)
      for (const field of fields) {
        const message = result.errors[field]?.message;
        if (message !== undefined) shown[field] = message;
      }
    return shown;
  };
  const withMessage = (shown: Messages<F>, field: F, message: string | undefined): Messages<F> => {
    const next = { ...shown };
    if (message === undefined) delete next[field];
    else next[field] = message;
    return next;
  };

  const refOf = (field: F) => {
    const ref = inputs.current[field] ?? createRef<HTMLInputElement>();
    inputs.current[field] = ref;
    return ref;
  };
  const focus = (field: F) => refOf(field).current?.focus();

  const setValue = (field: F, value: string) => {
    latest.current = { ...latest.current, [field]: value };
    setValues(latest.current);
  };

  const change = (field: F, value: string) => {
    setValue(field, value);
    if (!submitted) return;
    void check(latest.current).then((result) => {
      // Typed on since: the newer check's answer counts (react-hook-form drops a stale one too).
      if (latest.current[field] !== value) return;
      setErrors((shown) => withMessage(shown, field, messagesOf(result)[field]));
    });
  };

  const setError: SetFieldError<F> = (field, error, options) => {
    setErrors((shown) => withMessage(shown, field, error.message));
    if (options?.shouldFocus) focus(field);
  };

  // Messages already shown follow the page into a new language.
  useRevalidateOnLocale({
    trigger: async () => {
      const result = await check(latest.current);
      setErrors(messagesOf(result));
      return result.ok;
    },
    formState: { isSubmitted: submitted, errors },
  });

  const handleSubmit =
    (onValid: (values: z.output<S>) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (running.current) return;
      running.current = true;
      setSubmitted(true);
      setPending(true);
      try {
        const result = await check(latest.current);
        if (!result.ok) {
          const shown = messagesOf(result);
          setErrors(shown);
          const first = fields.find((field) => shown[field] !== undefined);
          if (first) focus(first);
          return;
        }
        setErrors({});
        await onValid(result.values);
      } finally {
        running.current = false;
        setPending(false);
      }
    };

  const field = (name: F, hint?: string): BoundFieldProps => ({
    name,
    value: values[name],
    onValueChange: (value) => change(name, value),
    inputRef: refOf(name),
    error: errors[name] !== undefined,
    helperText: errors[name] ?? hint,
  });

  return { values, errors, pending, change, setValue, setError, focus, field, handleSubmit };
}

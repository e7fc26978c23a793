import type { CSSProperties, FormEventHandler, ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { PlainPasswordField, type PlainTextFieldProps } from '../../../components/plain/text-field';

// The auth steps' form frame and their fields bound to react-hook-form, in plain markup
// (components/plain): a bound field shows its error message in place of its help text, and hands its
// ref on so a server error can focus it. (Digits and new-password fields live in their own files.)

/** The form element and the column of its fields, as every auth step lays them out. */
export function AuthForm({
  onSubmit,
  testId,
  gap = 18,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  testId: string;
  /** Pixels between fields. */
  gap?: number;
  children: ReactNode;
}) {
  const style: CSSProperties | undefined = gap === 18 ? undefined : { gap };
  return (
    <form className="pl-form" style={style} noValidate onSubmit={onSubmit} data-testid={testId}>
      {children}
    </form>
  );
}

export interface BoundField<T extends FieldValues, TOut> {
  name: Path<T>;
  control: Control<T, unknown, TOut>;
  /** Shown under the field while it has no error. */
  helperText?: string;
}

type PasswordControllerProps<T extends FieldValues, TOut> = BoundField<T, TOut> &
  Omit<
    PlainTextFieldProps,
    | 'name'
    | 'value'
    | 'onValueChange'
    | 'onChange'
    | 'onBlur'
    | 'error'
    | 'helperText'
    | 'inputRef'
    | 'type'
    | 'end'
  >;

/** A required password field (with its show/hide button) of a react-hook-form form. */
export function PasswordController<T extends FieldValues, TOut>({
  name,
  control,
  helperText,
  ...props
}: PasswordControllerProps<T, TOut>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <PlainPasswordField
          {...props}
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          required
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

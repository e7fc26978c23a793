import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { FormEventHandler, ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import type { TextFieldProps } from '../../../components/text-field';
import { PasswordField } from './password-field';

// The auth steps' form frame and their fields bound to react-hook-form: a bound field shows its error
// message in place of its help text, and hands its ref on so a server error can focus it. (Digits and
// new-password fields live in their own files: the login page, on the first screen, needs neither.)

/** The form element and the column of its fields, as every auth step lays them out. */
export function AuthForm({
  onSubmit,
  testId,
  gap = 2.25,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  testId: string;
  gap?: number;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid={testId}>
      <Stack sx={{ gap }}>{children}</Stack>
    </Box>
  );
}

export interface BoundField<T extends FieldValues, TOut> {
  name: Path<T>;
  control: Control<T, unknown, TOut>;
  /** Shown under the field while it has no error. */
  helperText?: string;
}

type PasswordControllerProps<T extends FieldValues, TOut> = BoundField<T, TOut> &
  Omit<TextFieldProps, 'ref' | 'name' | 'type' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText'>;

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
        <PasswordField
          {...field}
          ref={field.ref}
          {...props}
          fullWidth
          required
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

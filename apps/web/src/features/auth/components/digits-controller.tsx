import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BoundField } from './auth-form';
import { PlainDigitsField, type PlainDigitsFieldProps } from './plain-digits-field';

type DigitsControllerProps<T extends FieldValues, TOut> = BoundField<T, TOut> &
  Omit<
    PlainDigitsFieldProps,
    'name' | 'value' | 'onValueChange' | 'onBlur' | 'error' | 'helperText' | 'inputRef'
  >;

/** A required digits field (national code, phone, one-time code) of a react-hook-form form. */
export function DigitsController<T extends FieldValues, TOut>({
  name,
  control,
  helperText,
  ...props
}: DigitsControllerProps<T, TOut>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <PlainDigitsField
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          {...props}
          required
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

/** The national code (10 digits), asked by signup's first step and by recovery's. */
export function NationalCodeController<T extends FieldValues, TOut>({
  control,
  autoFocus,
}: {
  control: Control<T, unknown, TOut>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <DigitsController
      name={'nationalCode' as Path<T>}
      control={control}
      maxDigits={10}
      label={t('fields.nationalCode')}
      autoComplete="off"
      autoFocus={autoFocus}
    />
  );
}

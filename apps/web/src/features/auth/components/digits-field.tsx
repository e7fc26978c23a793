import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { forwardRef } from 'react';
import { type DigitsInputOptions, useDigitsInput } from './digits-input';

export interface DigitsFieldProps
  extends Omit<TextFieldProps, 'value' | 'onChange' | 'type'>,
    Omit<DigitsInputOptions, 'ref'> {}

/**
 * MUI's field for numbers typed as text (digits-input.ts), for the signed-in screens; the public forms
 * use the plain one (plain-digits-field.tsx). The value reads left to right in both directions.
 */
export const DigitsField = forwardRef<HTMLInputElement, DigitsFieldProps>(function DigitsField(
  { value, onValueChange, maxDigits, extraCharacters, slotProps, ...rest },
  ref,
) {
  const digits = useDigitsInput({ value, onValueChange, maxDigits, extraCharacters, ref });
  return (
    <TextField
      {...rest}
      value={digits.value}
      onChange={digits.onChange}
      inputRef={digits.ref}
      slotProps={{
        ...slotProps,
        htmlInput: {
          inputMode: 'numeric',
          dir: 'ltr',
          spellCheck: false,
          ...(typeof slotProps?.htmlInput === 'object' ? slotProps.htmlInput : {}),
        },
      }}
    />
  );
});

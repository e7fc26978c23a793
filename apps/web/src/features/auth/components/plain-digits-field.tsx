import { PlainTextField, type PlainTextFieldProps } from '../../../components/plain/text-field';
import { type DigitsInputOptions, useDigitsInput } from './digits-input';

export type PlainDigitsFieldProps = Omit<
  PlainTextFieldProps,
  'value' | 'onValueChange' | 'onChange' | 'type'
> &
  Omit<DigitsInputOptions, 'ref'>;

/** The public forms' field for numbers typed as text (digits-input.ts), in plain markup; reads left to right. */
export function PlainDigitsField({
  value,
  onValueChange,
  maxDigits,
  extraCharacters,
  inputRef,
  ...rest
}: PlainDigitsFieldProps) {
  const digits = useDigitsInput({ value, onValueChange, maxDigits, extraCharacters, ref: inputRef });
  return (
    <PlainTextField
      inputMode="numeric"
      dir="ltr"
      spellCheck={false}
      {...rest}
      value={digits.value}
      onChange={digits.onChange}
      inputRef={digits.ref}
    />
  );
}

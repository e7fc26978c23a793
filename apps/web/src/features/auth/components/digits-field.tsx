import { toAsciiDigits } from '@wsm/contracts';
import { type ChangeEvent, forwardRef, useLayoutEffect, useRef } from 'react';
import { TextField, type TextFieldProps } from '../../../components/text-field';
import { displayDigits } from '../../../lib/digits';
import { useLocale } from '../../../lib/locale-navigation';

export interface DigitsFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type'> {
  /** The value with ASCII digits. */
  value: string;
  onValueChange: (value: string) => void;
  /** The most digits the field takes. */
  maxDigits: number;
  /** Characters accepted besides digits (a phone's leading +). */
  extraCharacters?: string;
}

/**
 * A field for numbers typed as text (national code, phone, one-time code). Persian and Arabic-Indic
 * digits, typed or pasted, are taken as ASCII digits; everything else is dropped. In fa the digits show
 * as Persian digits. The value reads left to right in both directions.
 */
export const DigitsField = forwardRef<HTMLInputElement, DigitsFieldProps>(function DigitsField(
  { value, onValueChange, maxDigits, extraCharacters = '', slotProps, ...rest },
  ref,
) {
  const locale = useLocale();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  // Converting the shown digits replaces the input's text; put the caret back where the person typed.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = toAsciiDigits(event.target.value);
    const position = event.target.selectionStart ?? raw.length;
    const keep = (ch: string) => /\d/.test(ch) || extraCharacters.includes(ch);
    const kept = [...raw].filter(keep);
    const before = [...raw.slice(0, position)].filter(keep).length;
    const next = kept.slice(0, maxDigits + extraCharacters.length).join('');
    caret.current = Math.min(before, next.length);
    onValueChange(next);
  };

  const setRefs = (node: HTMLInputElement | null) => {
    inputRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  return (
    <TextField
      {...rest}
      value={displayDigits(value, locale)}
      onChange={handleChange}
      inputRef={setRefs}
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

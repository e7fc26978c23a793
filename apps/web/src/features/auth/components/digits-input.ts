import { toAsciiDigits } from '@wsm/contracts';
import { type ChangeEvent, type Ref, useLayoutEffect, useRef } from 'react';
import { displayDigits } from '../../../lib/digits';
import { useLocale } from '../../../lib/locale-navigation';

export interface DigitsInputOptions {
  /** The value with ASCII digits. */
  value: string;
  onValueChange: (value: string) => void;
  /** The most digits the field takes. */
  maxDigits: number;
  /** Characters accepted besides digits (a phone's leading +). */
  extraCharacters?: string;
  /** The caller's ref to the input, if any. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A text input for numbers typed as text (national code, phone, one-time code): Persian and Arabic-Indic
 * digits, typed or pasted, are taken as ASCII digits; everything else is dropped; in fa and ar the
 * digits show in the locale's own. The caret stays where the person typed. For the plain field of the
 * public forms (plain-digits-field.tsx) and MUI's of the profile (digits-field.tsx).
 */
export function useDigitsInput({
  value,
  onValueChange,
  maxDigits,
  extraCharacters = '',
  ref,
}: DigitsInputOptions) {
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

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = toAsciiDigits(event.target.value);
    const position = event.target.selectionStart ?? raw.length;
    const keep = (ch: string) => /\d/.test(ch) || extraCharacters.includes(ch);
    const kept = [...raw].filter(keep);
    const before = [...raw.slice(0, position)].filter(keep).length;
    const next = kept.slice(0, maxDigits + extraCharacters.length).join('');
    caret.current = Math.min(before, next.length);
    onValueChange(next);
  };

  const setRef = (node: HTMLInputElement | null) => {
    inputRef.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  return { value: displayDigits(value, locale), onChange, ref: setRef };
}

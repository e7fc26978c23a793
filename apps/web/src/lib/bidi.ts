import { type Locale, toLocaleDigits } from '@wsm/contracts';

// One rule for every value people provided, on every screen:
// - text (names, titles, descriptions) keeps its characters and takes the direction of its own first
//   letter, isolated from the sentence around it: «برنامه 2» stays so on an English page;
// - an identifier (username, e-mail, URL, key, slug, id, file name, address) keeps its characters and
//   is isolated left to right: `app2` never becomes `app۲`, `(backup.zip)` never `(zip.backup)`;
// - a number shown to the person (a masked phone or national code) takes the page's digits and is
//   isolated left to right, so `0912***9730` reads in order in a right-to-left sentence.

export type ValueKind = 'text' | 'identifier' | 'number';

const leftToRightIsolate = '\u2066';
const firstStrongIsolate = '\u2068';
const popDirectionalIsolate = '\u2069';

// Digits with the marks a masked or grouped number carries, and no letter.
const numberLike =
  /^[+\-\s()*•.:/0-9\u06F0-\u06F9\u0660-\u0669]*[0-9\u06F0-\u06F9\u0660-\u0669][+\-\s()*•.:/0-9\u06F0-\u06F9\u0660-\u0669]*$/;

/** The kind of a value whose field does not say: a masked or plain number, or else text. */
export function valueKind(value: string): Exclude<ValueKind, 'identifier'> {
  return numberLike.test(value) ? 'number' : 'text';
}

/** The characters a value is shown with: a number in the page's digits, anything else as written. */
export function valueCharacters(value: string, kind: ValueKind, locale: Locale): string {
  return kind === 'number' ? toLocaleDigits(value, locale) : value;
}

/** A value for a plain string (an attribute, a text put together in code), between Unicode isolates. */
export function isolateValue(value: string, locale: Locale, kind: ValueKind = valueKind(value)): string {
  const start = kind === 'text' ? firstStrongIsolate : leftToRightIsolate;
  return `${start}${valueCharacters(value, kind, locale)}${popDirectionalIsolate}`;
}

const persianZero = 0x06f0;
const arabicIndicZero = 0x0660;

/** Persian (U+06F0..U+06F9) and Arabic-Indic (U+0660..U+0669) digits become ASCII digits. */
export function toAsciiDigits(value: string): string {
  return value.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (ch) => {
    const code = ch.charCodeAt(0);
    return String(code >= persianZero ? code - persianZero : code - arabicIndicZero);
  });
}

/** ASCII digits become Persian digits, for display in fa. */
export function toPersianDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (d) => String.fromCharCode(persianZero + Number(d)));
}

/** One input string as the API stores it: ASCII digits, Persian ی/ک instead of Arabic ي/ك, trimmed. */
export function normalizeText(value: string): string {
  return toAsciiDigits(value)
    .replace(/\u064A/g, '\u06CC')
    .replace(/\u0643/g, '\u06A9')
    .trim();
}

/** Applies normalizeText to every string inside a JSON-like value; other values are kept. */
export function normalizeInput<T>(value: T): T {
  if (typeof value === 'string') return normalizeText(value) as T;
  if (Array.isArray(value)) return value.map((item) => normalizeInput(item)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = normalizeInput(item);
    return out as T;
  }
  return value;
}

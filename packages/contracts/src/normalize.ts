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

/** ASCII digits become Arabic-Indic digits (٠١٢٣٤٥٦٧٨٩), for display in ar. */
export function toArabicIndicDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (d) => String.fromCharCode(arabicIndicZero + Number(d)));
}

/** ASCII digits as the locale writes them: Persian in fa, Arabic-Indic in ar, unchanged in en. */
export function toLocaleDigits(value: string | number, locale: 'fa' | 'en' | 'ar'): string {
  if (locale === 'fa') return toPersianDigits(value);
  if (locale === 'ar') return toArabicIndicDigits(value);
  return String(value);
}

/** One input string as the API stores it: ASCII digits, Persian ی/ک instead of Arabic ي/ك, trimmed. */
export function normalizeText(value: string): string {
  return toAsciiDigits(value)
    .replace(/\u064A/g, '\u06CC')
    .replace(/\u0643/g, '\u06A9')
    .trim();
}

/**
 * Applies normalizeText to every string inside a JSON-like value; other values are kept.
 * Walks with an explicit stack rather than recursion, so no nesting depth can overflow the call stack.
 */
export function normalizeInput<T>(value: T): T {
  const root: Record<string, unknown> = { value };
  const pending: Array<{ holder: Record<string, unknown> | unknown[]; key: string | number }> = [
    { holder: root, key: 'value' },
  ];
  while (pending.length > 0) {
    const { holder, key } = pending.pop()!;
    const item = (holder as Record<string | number, unknown>)[key];
    let copy: unknown = item;
    if (typeof item === 'string') copy = normalizeText(item);
    else if (Array.isArray(item)) {
      const list = item.slice();
      for (let index = 0; index < list.length; index++) pending.push({ holder: list, key: index });
      copy = list;
    } else if (item !== null && typeof item === 'object') {
      const record: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(item)) {
        // A key named __proto__ stays an own property instead of replacing the copy's prototype.
        Object.defineProperty(record, name, {
          value: child,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        pending.push({ holder: record, key: name });
      }
      copy = record;
    }
    (holder as Record<string | number, unknown>)[key] = copy;
  }
  return root.value as T;
}

/** How deep a request's JSON may nest; no form of the API needs more than a few levels. */
export const maxInputDepth = 32;

export type UnsafeInputReason = 'too_deep' | 'nul_character' | 'lone_surrogate';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored: PostgreSQL refuses U+0000, and a lone surrogate is not UTF-8 at all. */
export function unsafeTextReason(value: string): UnsafeInputReason | null {
  if (value.includes('\u0000')) return 'nul_character';
  if (loneSurrogate.test(value)) return 'lone_surrogate';
  return null;
}

/**
 * Why a JSON-like value (a body, a query, path parameters, an archive row) cannot be taken, or null.
 * Walks with an explicit stack and stops past maxDepth, so hostile nesting cannot overflow the call stack;
 * keys are checked like values.
 */
export function unsafeInputReason(value: unknown, maxDepth = maxInputDepth): UnsafeInputReason | null {
  const stack: Array<{ item: unknown; depth: number }> = [{ item: value, depth: 0 }];
  while (stack.length > 0) {
    const { item, depth } = stack.pop()!;
    if (typeof item === 'string') {
      const reason = unsafeTextReason(item);
      if (reason) return reason;
    } else if (item !== null && typeof item === 'object') {
      if (depth >= maxDepth) return 'too_deep';
      for (const [key, child] of Object.entries(item)) {
        const reason = unsafeTextReason(key);
        if (reason) return reason;
        stack.push({ item: child, depth: depth + 1 });
      }
    }
  }
  return null;
}

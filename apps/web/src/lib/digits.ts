import { type Locale, toLocaleDigits } from '@wsm/contracts';

/** A number or text with its digits as the locale shows them: Persian in fa, Arabic-Indic in ar, ASCII in en. */
export function displayDigits(value: string | number, locale: Locale): string {
  return toLocaleDigits(value, locale);
}

// The numbering system is named for ar: some ICU data write plain 'ar' in Latin digits.
const numberLocale: Record<Locale, string> = { fa: 'fa-IR', en: 'en-US', ar: 'ar-u-nu-arab' };

/** A grouped number in the locale's digits (fa: ۱۲٬۳۴۵, ar: ١٢٬٣٤٥, en: 12,345). */
export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(numberLocale[locale], options).format(value);
}

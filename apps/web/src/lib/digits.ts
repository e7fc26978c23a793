import { type Locale, toPersianDigits } from '@wsm/contracts';

/** A number or text with its digits as the locale shows them: Persian digits in fa, ASCII in en. */
export function displayDigits(value: string | number, locale: Locale): string {
  return locale === 'fa' ? toPersianDigits(value) : String(value);
}

/** A grouped number in the locale's digits (fa: ۱۲٬۳۴۵, en: 12,345). */
export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale === 'fa' ? 'fa-IR' : 'en-US', options).format(value);
}

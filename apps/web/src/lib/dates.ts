import type { Locale } from '@wsm/contracts';

// Dates for display: the Persian (Solar Hijri) calendar with Persian digits in fa, Gregorian in en, and
// Gregorian with Arabic month names and Arabic-Indic digits in ar.
// The translation function is passed in so these stay pure and testable; the texts live in
// common.json under "dates".

export type Translate = (key: string, options?: Record<string, unknown>) => string;
export type DateInput = Date | string | number | null | undefined;

// The numbering system is named: some browsers' ICU data write the time part in Latin digits otherwise.
const intlLocale: Record<Locale, string> = {
  fa: 'fa-IR-u-ca-persian-nu-arabext',
  en: 'en-US',
  ar: 'ar-u-ca-gregory-nu-arab',
};

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
const yearMs = 365 * dayMs;

/** A valid Date, or undefined for missing, empty and unparsable values. */
export function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export const dateStyles = {
  date: { year: 'numeric', month: 'long', day: 'numeric' },
  short: { year: 'numeric', month: '2-digit', day: '2-digit' },
  dateTime: { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof dateStyles;

/** Formats a date in the locale's calendar; unknown or invalid dates give the translated "unknown". */
export function formatDate(
  value: DateInput,
  locale: Locale,
  t: Translate,
  style: DateStyle | Intl.DateTimeFormatOptions = 'date',
): string {
  const date = toDate(value);
  if (!date) return t('common:dates.unknown');
  const options = typeof style === 'string' ? dateStyles[style] : style;
  return new Intl.DateTimeFormat(intlLocale[locale], options).format(date);
}

type Unit = 'years' | 'days' | 'hours' | 'minutes';

function largestUnit(ms: number): { unit: Unit; count: number } | undefined {
  if (ms >= yearMs) return { unit: 'years', count: Math.floor(ms / yearMs) };
  if (ms >= dayMs) return { unit: 'days', count: Math.floor(ms / dayMs) };
  if (ms >= hourMs) return { unit: 'hours', count: Math.floor(ms / hourMs) };
  if (ms >= minuteMs) return { unit: 'minutes', count: Math.floor(ms / minuteMs) };
  return undefined;
}

// Time left is counted up, as people count it: an invitation valid for 7 days, sent a moment ago, has
// "7 days remaining", not 6 (floor would drop the day that is still almost whole).
function largestUnitRoundedUp(ms: number): { unit: Unit; count: number } {
  const minutes = Math.ceil(ms / minuteMs);
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.ceil(ms / hourMs);
  if (hours < 24) return { unit: 'hours', count: hours };
  const days = Math.ceil(ms / dayMs);
  if (days < 365) return { unit: 'days', count: days };
  return { unit: 'years', count: Math.ceil(ms / yearMs) };
}

/**
 * Time left until a deadline, rounded up: "7 days remaining" … "1 minute remaining"; a passed deadline
 * is "finished".
 */
export function formatRemaining(value: DateInput, t: Translate, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return t('common:dates.unknown');
  const left = date.getTime() - now;
  if (left <= 0) return t('common:dates.finished');
  const part = largestUnitRoundedUp(left);
  return t(`common:dates.remaining.${part.unit}`, { count: part.count });
}

/** Time since a past moment: "5 minutes ago" … "2 years ago"; under a minute (or in the future) "just now". */
export function formatAgo(value: DateInput, t: Translate, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return t('common:dates.unknown');
  const part = largestUnit(now - date.getTime());
  if (!part) return t('common:dates.justNow');
  return t(`common:dates.ago.${part.unit}`, { count: part.count });
}

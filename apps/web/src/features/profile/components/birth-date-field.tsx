import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Locale, toLocaleDigits } from '@wsm/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CalendarDate, daysInMonth, parseIsoDate, toGregorian, toIsoDate, toJalali } from '../jalali';

const dayNumbers = Array.from({ length: 31 }, (_, index) => index + 1);

/** A select's value as a date part ('' when cleared). */
const toPart = (value: unknown): number | '' => (value === '' || value === undefined ? '' : Number(value));

// Arabic month names of the Gregorian calendar in ar (يناير، فبراير …).
const monthLocale: Record<Locale, string> = {
  fa: 'fa-IR-u-ca-persian-nu-arabext',
  en: 'en-US',
  ar: 'ar-u-ca-gregory-nu-arab',
};

const monthNames = (locale: Locale): string[] => {
  const format = new Intl.DateTimeFormat(monthLocale[locale], {
    month: 'long',
    timeZone: 'UTC',
  });
  // The 15th of each month of a year in the locale's calendar names that month.
  return Array.from({ length: 12 }, (_, index) => {
    const gregorian =
      locale === 'fa'
        ? toGregorian({ year: 1403, month: index + 1, day: 15 })
        : { year: 2024, month: index + 1, day: 15 };
    return format.format(new Date(Date.UTC(gregorian.year, gregorian.month - 1, gregorian.day)));
  });
};

/** The time zone a person of this locale lives by when we know no better: Iran's for fa, the browser's for en. */
export function defaultTimeZone(locale: Locale): string {
  return locale === 'fa' ? 'Asia/Tehran' : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The Gregorian calendar date of a moment in a time zone (not in UTC: 00:30 in Tehran is still yesterday in UTC). */
export function calendarDateIn(moment: Date, timeZone: string): CalendarDate {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/**
 * The birth date as three selects (day, month, year) in the locale's calendar: Persian (Solar Hijri)
 * in fa, Gregorian in en and ar. The value is always an ISO Gregorian date (YYYY-MM-DD) or null. Other
 * dates (the audit log's date range) use it with their own id, label, help and span of years.
 */
// Narrower side padding than a text field's, so "31", a month's name and a year fit the phone's row.
const compactSelect = {
  '& .MuiSelect-select': { paddingLeft: '10px', paddingRight: '26px !important' },
  '& .MuiSelect-icon': { right: '2px' },
  '& .MuiInputLabel-root': { maxWidth: 'calc(100% - 30px)' },
} as const;

export function BirthDateField({
  value,
  onChange,
  locale,
  error,
  now = new Date(),
  timeZone = defaultTimeZone(locale),
  id = 'birth-date',
  label,
  help,
  yearCount = 111,
  ahead = false,
}: {
  value: string | null;
  /** An ISO date, null when cleared, or 'incomplete' while only some of the three parts are chosen. */
  onChange: (value: string | null | 'incomplete') => void;
  locale: Locale;
  error?: string;
  now?: Date;
  /** The person's time zone, which decides what "today" (and so the newest year) is. */
  timeZone?: string;
  /** Unique on the page: two date fields need two ids. */
  id?: string;
  label?: string;
  help?: string;
  /** How many years back from this one the year select offers (forward with `ahead`). */
  yearCount?: number;
  /** Offers this year and the next ones instead of the past (an expiry date). */
  ahead?: boolean;
}) {
  const { t } = useTranslation('profile');
  const calendar = locale === 'fa' ? 'jalali' : 'gregorian';
  const digits = (n: number) => toLocaleDigits(n, locale);
  const [shown, setShown] = useState<Partial<CalendarDate>>(() => {
    const gregorian = parseIsoDate(value);
    return gregorian ? (calendar === 'jalali' ? toJalali(gregorian) : gregorian) : {};
  });
  const today = calendarDateIn(now, timeZone);
  const thisYear = calendar === 'jalali' ? toJalali(today).year : today.year;
  const years = useMemo(
    () => Array.from({ length: yearCount }, (_, index) => (ahead ? thisYear + index : thisYear - index)),
    [thisYear, yearCount, ahead],
  );
  const months = useMemo(() => monthNames(locale), [locale]);
  const maxDay = shown.year && shown.month ? daysInMonth(calendar, shown.year, shown.month) : 31;

  const change = (part: keyof CalendarDate, raw: number | '') => {
    const next = { ...shown, [part]: raw === '' ? undefined : raw };
    if (next.year && next.month && next.day) {
      next.day = Math.min(next.day, daysInMonth(calendar, next.year, next.month));
      const date = { year: next.year, month: next.month, day: next.day };
      onChange(toIsoDate(calendar === 'jalali' ? toGregorian(date) : date));
    } else {
      onChange(next.year || next.month || next.day ? 'incomplete' : null);
    }
    setShown(next);
  };

  // One select per part of the date, each with an empty first entry. The three share the row by
  // weight, never by a minimum width: on a 360 px phone the card's column is under 300 px.
  // Written left to right: the RTL style plugin mirrors the padding and the arrow.
  const partSelect = (
    part: keyof CalendarDate,
    size: { flex: number },
    options: { value: number; text: string }[],
  ) => (
    <FormControl sx={{ ...size, minWidth: 0, ...compactSelect }} error={Boolean(error)}>
      <InputLabel id={`${id}-${part}-label`}>{t(`profile.${part}`)}</InputLabel>
      <Select
        labelId={`${id}-${part}-label`}
        label={t(`profile.${part}`)}
        value={shown[part] ?? ''}
        onChange={(event) => change(part, toPart(event.target.value))}
      >
        <MenuItem value="">{t('profile.none')}</MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.text}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );

  return (
    <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0, gap: 1 }} aria-describedby={`${id}-help`}>
      <Typography component="legend" variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {label ?? t('profile.birthDate')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1 }}>
        {partSelect(
          'day',
          { flex: 1 },
          dayNumbers.slice(0, maxDay).map((day) => ({ value: day, text: digits(day) })),
        )}
        {partSelect(
          'month',
          { flex: 1.6 },
          months.map((name, index) => ({ value: index + 1, text: name })),
        )}
        {partSelect(
          'year',
          { flex: 1.3 },
          years.map((year) => ({ value: year, text: digits(year) })),
        )}
      </Stack>
      <FormHelperText id={`${id}-help`} error={Boolean(error)}>
        {error ||
          help ||
          (calendar === 'jalali' ? t('profile.birthDateHelpFa') : t('profile.birthDateHelpEn'))}
      </FormHelperText>
    </Stack>
  );
}

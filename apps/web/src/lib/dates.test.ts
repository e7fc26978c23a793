import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/i18n';
import { formatAgo, formatDate, formatRemaining, toDate } from './dates';

let fa: I18n;
let en: I18n;
let ar: I18n;
beforeAll(async () => {
  fa = await createTestI18n('fa');
  en = await createTestI18n('en');
  ar = await createTestI18n('ar');
});

const now = Date.UTC(2025, 2, 21, 12, 0, 0); // 1 Farvardin 1404
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('formatDate', () => {
  it('uses the Persian calendar and digits in fa', () => {
    const text = formatDate(now, 'fa', fa.t, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(text).toContain('۱۴۰۴');
    expect(text).toContain('فروردین');
    expect(text).not.toMatch(/[0-9]/);
  });

  it('uses the Gregorian calendar in en', () => {
    expect(formatDate('2025-03-21T12:00:00Z', 'en', en.t, { dateStyle: 'long', timeZone: 'UTC' })).toBe(
      'March 21, 2025',
    );
  });

  it('uses the Gregorian calendar with Arabic month names and Arabic-Indic digits in ar', () => {
    const text = formatDate('2025-03-21T12:00:00Z', 'ar', ar.t, { dateStyle: 'long', timeZone: 'UTC' });
    expect(text).toContain('٢٠٢٥');
    expect(text).toContain('٢١');
    expect(text).toContain('مارس');
    expect(text).not.toMatch(/[0-9۰-۹]/);
  });

  it.each([null, undefined, '', 'not a date', Number.NaN])('shows unknown for %s', (value) => {
    expect(formatDate(value, 'fa', fa.t)).toBe('نامشخص');
    expect(formatDate(value, 'en', en.t)).toBe('Unknown');
  });

  it('accepts Date objects without changing them', () => {
    const date = new Date(now);
    expect(toDate(date)?.getTime()).toBe(now);
    expect(toDate(date)).not.toBe(date);
  });
});

describe('formatRemaining', () => {
  it.each([
    [2 * 365 * day, '2 years remaining', '۲ سال باقی مانده'],
    [365 * day, '1 year remaining', '۱ سال باقی مانده'],
    // An invitation valid for 7 days, sent a few seconds ago: people count the 7 days.
    [7 * day - 5_000, '7 days remaining', '۷ روز باقی مانده'],
    [3 * day + 5 * hour, '4 days remaining', '۴ روز باقی مانده'],
    [day, '1 day remaining', '۱ روز باقی مانده'],
    [23 * hour + 30 * minute, '1 day remaining', '۱ روز باقی مانده'],
    [5 * hour + 59 * minute, '6 hours remaining', '۶ ساعت باقی مانده'],
    [42 * minute, '42 minutes remaining', '۴۲ دقیقه باقی مانده'],
    [minute, '1 minute remaining', '۱ دقیقه باقی مانده'],
    [10_000, '1 minute remaining', '۱ دقیقه باقی مانده'],
    [0, 'Finished', 'به پایان رسیده'],
    [-day, 'Finished', 'به پایان رسیده'],
  ])('%d ms ahead', (offset, english, persian) => {
    expect(formatRemaining(now + offset, en.t, now)).toBe(english);
    expect(formatRemaining(now + offset, fa.t, now)).toBe(persian);
  });

  it.each([
    [minute, 'تبقّت دقيقة واحدة'],
    [2 * day, 'تبقّى يومان'],
    [7 * day - 5_000, 'تبقّت ٧ أيام'],
    [11 * hour + 5 * minute, 'تبقّت ١٢ ساعة'],
    [200 * day, 'تبقّى ٢٠٠ يوم'],
  ])('%d ms ahead in Arabic, with its plural forms and Arabic-Indic digits', (offset, arabic) => {
    expect(formatRemaining(now + offset, ar.t, now)).toBe(arabic);
  });

  it('shows unknown for a missing deadline', () => {
    expect(formatRemaining(undefined, en.t, now)).toBe('Unknown');
  });
});

describe('formatAgo', () => {
  it.each([
    [3 * 365 * day, '3 years ago', '۳ سال پیش'],
    [400 * day, '1 year ago', '۱ سال پیش'],
    [12 * day, '12 days ago', '۱۲ روز پیش'],
    [2 * hour, '2 hours ago', '۲ ساعت پیش'],
    [1 * minute, '1 minute ago', '۱ دقیقه پیش'],
    [59 * minute, '59 minutes ago', '۵۹ دقیقه پیش'],
    [30_000, 'Just now', 'همین حالا'],
    [-5 * minute, 'Just now', 'همین حالا'],
  ])('%d ms before', (offset, english, persian) => {
    expect(formatAgo(now - offset, en.t, now)).toBe(english);
    expect(formatAgo(now - offset, fa.t, now)).toBe(persian);
  });

  it('shows unknown for an invalid date', () => {
    expect(formatAgo('yesterday-ish', fa.t, now)).toBe('نامشخص');
  });
});

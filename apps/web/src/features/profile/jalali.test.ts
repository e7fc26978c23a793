import { describe, expect, it } from 'vitest';
import { daysInMonth, parseIsoDate, toGregorian, toIsoDate, toJalali } from './jalali';

describe('the Persian calendar', () => {
  it.each([
    [
      { year: 2024, month: 3, day: 20 },
      { year: 1403, month: 1, day: 1 },
    ],
    [
      { year: 2025, month: 3, day: 21 },
      { year: 1404, month: 1, day: 1 },
    ],
    [
      { year: 1990, month: 1, day: 1 },
      { year: 1368, month: 10, day: 11 },
    ],
    [
      { year: 2000, month: 2, day: 29 },
      { year: 1378, month: 12, day: 10 },
    ],
    [
      { year: 2025, month: 3, day: 20 },
      { year: 1403, month: 12, day: 30 },
    ],
  ])('converts %o to %o and back', (gregorian, jalali) => {
    expect(toJalali(gregorian)).toEqual(jalali);
    expect(toGregorian(jalali)).toEqual(gregorian);
  });

  it('knows the month lengths, Esfand 30 only in a leap year', () => {
    expect(daysInMonth('jalali', 1403, 1)).toBe(31);
    expect(daysInMonth('jalali', 1403, 7)).toBe(30);
    expect(daysInMonth('jalali', 1403, 12)).toBe(30);
    expect(daysInMonth('jalali', 1404, 12)).toBe(29);
    expect(daysInMonth('gregorian', 2024, 2)).toBe(29);
  });

  it('reads and writes ISO dates, refusing impossible ones', () => {
    expect(parseIsoDate('1990-01-31T00:00:00.000Z')).toEqual({ year: 1990, month: 1, day: 31 });
    expect(parseIsoDate('1990-02-30')).toBeUndefined();
    expect(parseIsoDate(null)).toBeUndefined();
    expect(toIsoDate({ year: 1990, month: 1, day: 5 })).toBe('1990-01-05');
  });
});

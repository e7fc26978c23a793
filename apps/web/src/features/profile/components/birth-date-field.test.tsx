import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@wsm/contracts';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import enProfile from '../../../../public/assets/locales/en/profile.json';
import faProfile from '../../../../public/assets/locales/fa/profile.json';
import { createFeatureI18n } from '../../../test/feature-i18n';
import { BirthDateField, calendarDateIn } from './birth-date-field';

// 1 Farvardin 1404 began at 00:00 Tehran time on 21 March 2025, which is 20:30 UTC on 20 March.
const halfPastMidnightInTehranOnNowruz = new Date('2025-03-20T21:00:00Z');

afterEach(cleanup);

async function newestYear(locale: Locale, props: { timeZone?: string } = {}): Promise<string> {
  const i18n = await createFeatureI18n(locale, { profile: { fa: faProfile, en: enProfile } });
  render(
    <I18nextProvider i18n={i18n}>
      <BirthDateField
        value={null}
        onChange={() => {}}
        locale={locale}
        now={halfPastMidnightInTehranOnNowruz}
        {...props}
      />
    </I18nextProvider>,
  );
  await userEvent.click(screen.getByRole('combobox', { name: locale === 'fa' ? 'سال' : 'Year' }));
  const options = within(screen.getByRole('listbox')).getAllByRole('option');
  // The first option is "none"; the next is the newest year.
  return options[1]?.textContent ?? '';
}

describe('birth date field', () => {
  it('takes today in Tehran time in fa: on 1 Farvardin after midnight the new year is offered', async () => {
    expect(await newestYear('fa')).toBe('۱۴۰۴');
  });

  it('takes today in the given time zone', async () => {
    expect(await newestYear('en', { timeZone: 'UTC' })).toBe('2025');
    cleanup();
    expect(await newestYear('fa', { timeZone: 'UTC' })).toBe('۱۴۰۳');
  });

  it('names the calendar date of a moment in a time zone', () => {
    expect(calendarDateIn(halfPastMidnightInTehranOnNowruz, 'Asia/Tehran')).toEqual({
      year: 2025,
      month: 3,
      day: 21,
    });
    expect(calendarDateIn(halfPastMidnightInTehranOnNowruz, 'UTC')).toEqual({
      year: 2025,
      month: 3,
      day: 20,
    });
  });
});

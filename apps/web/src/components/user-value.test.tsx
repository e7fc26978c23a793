import { render } from '@testing-library/react';
import type { Locale } from '@wsm/contracts';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isolateValue } from '../lib/bidi';
import { UserValue } from './user-value';

// Values people provided, in a sentence of each language: masked numbers read in order in the page's
// digits, identifiers keep their characters, text keeps its own direction; each in its own isolate.

const direction: Record<Locale, 'rtl' | 'ltr'> = { fa: 'rtl', en: 'ltr', ar: 'rtl' };

function renderIn(locale: Locale) {
  return render(
    <MemoryRouter initialEntries={[`/${locale}/x`]}>
      <Routes>
        <Route
          path="/:locale/x"
          element={
            <p dir={direction[locale]}>
              <UserValue value="0912***9730" />
              <UserValue value="675****899" />
              <UserValue value="u1402kar" kind="identifier" />
              <UserValue value="app2" kind="identifier" />
              <UserValue value="برنامه 2" />
              (<UserValue value="backup.zip" kind="identifier" />)
            </p>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const expected: Record<Locale, { phone: string; nationalCode: string }> = {
  fa: { phone: '۰۹۱۲***۹۷۳۰', nationalCode: '۶۷۵****۸۹۹' },
  en: { phone: '0912***9730', nationalCode: '675****899' },
  ar: { phone: '٠٩١٢***٩٧٣٠', nationalCode: '٦٧٥****٨٩٩' },
};

describe('UserValue', () => {
  for (const locale of ['fa', 'en', 'ar'] as const) {
    it(`in ${locale}: numbers in the page's digits left to right, identifiers and names as written, each isolated`, () => {
      const sentence = renderIn(locale).container.querySelector('p')!;
      const values = [...sentence.querySelectorAll('bdi')].map((element) => ({
        text: element.textContent,
        dir: element.getAttribute('dir'),
      }));
      expect(values).toEqual([
        { text: expected[locale].phone, dir: 'ltr' },
        { text: expected[locale].nationalCode, dir: 'ltr' },
        { text: 'u1402kar', dir: 'ltr' },
        { text: 'app2', dir: 'ltr' },
        // A Persian name takes its own (right-to-left) direction, on an English page too.
        { text: 'برنامه 2', dir: 'auto' },
        { text: 'backup.zip', dir: 'ltr' },
      ]);
      // The parentheses stay outside the file name's isolate, in the sentence's order.
      expect(sentence.textContent).toBe(
        `${expected[locale].phone}${expected[locale].nationalCode}u1402karapp2برنامه 2(backup.zip)`,
      );
    });
  }

  it('gives plain strings the same rule, between Unicode isolates', () => {
    expect(isolateValue('0912***9730', 'fa')).toBe('\u2066۰۹۱۲***۹۷۳۰\u2069');
    expect(isolateValue('0912***9730', 'ar')).toBe('\u2066٠٩١٢***٩٧٣٠\u2069');
    expect(isolateValue('app2', 'fa', 'identifier')).toBe('\u2066app2\u2069');
    expect(isolateValue('برنامه 2', 'en')).toBe('\u2068برنامه 2\u2069');
  });
});

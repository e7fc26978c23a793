import type { Locale, ReferenceRow } from '@wsm/contracts';
import type { GenderKey, LanguageKey } from './schema';

// The reference rows of the profile: fixed, so their ids are constants (stable across databases and
// backups); the table stores the key and a check constraint keeps it in this list.

const genders: { id: string; key: GenderKey; name: Record<Locale, string> }[] = [
  { id: '0192f000-0000-7000-8000-000000000001', key: 'male', name: { fa: 'مرد', en: 'Male', ar: 'ذكر' } },
  { id: '0192f000-0000-7000-8000-000000000002', key: 'female', name: { fa: 'زن', en: 'Female', ar: 'أنثى' } },
];

const languages: { id: string; key: LanguageKey; name: Record<Locale, string> }[] = [
  {
    id: '0192f000-0000-7000-8000-000000000011',
    key: 'persian',
    name: { fa: 'فارسی', en: 'Persian', ar: 'الفارسية' },
  },
  {
    id: '0192f000-0000-7000-8000-000000000012',
    key: 'english',
    name: { fa: 'انگلیسی', en: 'English', ar: 'الإنجليزية' },
  },
  {
    id: '0192f000-0000-7000-8000-000000000013',
    key: 'arabic',
    name: { fa: 'عربی', en: 'Arabic', ar: 'العربية' },
  },
];

const row = (r: { id: string; key: string; name: Record<Locale, string> }, locale: Locale): ReferenceRow => ({
  id: r.id,
  name: r.name[locale],
  key: r.key,
});

/** The genders in a language. */
export const genderRows = (locale: Locale): ReferenceRow[] => genders.map((g) => row(g, locale));
/** The languages in a language. */
export const languageRows = (locale: Locale): ReferenceRow[] => languages.map((l) => row(l, locale));

export const genderById = (id: string) => genders.find((g) => g.id === id);
export const languageById = (id: string) => languages.find((l) => l.id === id);
export const genderRow = (key: GenderKey | null, locale: Locale): ReferenceRow | null => {
  const g = genders.find((x) => x.key === key);
  return g ? row(g, locale) : null;
};
export const languageRow = (key: LanguageKey | null, locale: Locale): ReferenceRow | null => {
  const l = languages.find((x) => x.key === key);
  return l ? row(l, locale) : null;
};

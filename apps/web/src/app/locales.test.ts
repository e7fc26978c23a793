import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every key must exist in every language, with the same interpolation variables. Arabic has six plural
// forms (i18next: _zero, _one, _two, _few, _many, _other) where English has _one and _other.
const root = join(import.meta.dirname, '../../public/assets/locales');

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      for (const [k, v] of flatten(item, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, String(value));
  }
  return out;
}

const read = (lng: string, file: string) => flatten(JSON.parse(readFileSync(join(root, lng, file), 'utf8')));
const arabicPluralForms = ['zero', 'one', 'two', 'few', 'many', 'other'];
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const files = readdirSync(join(root, 'fa')).sort();

  it('have the same namespaces in fa and en', () => {
    expect(readdirSync(join(root, 'en')).sort()).toEqual(files);
  });

  it.each(files)('%s has the same keys and variables in both languages', (file) => {
    const fa = read('fa', file);
    const en = read('en', file);
    expect([...fa.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of fa) {
      expect(text.trim(), `fa ${file} ${key}`).not.toBe('');
      expect(variables(text), `${file} ${key}`).toEqual(variables(en.get(key) ?? ''));
    }
  });

  it('have the same namespaces in fa and ar', () => {
    expect(readdirSync(join(root, 'ar')).sort()).toEqual(files);
  });

  it.each(files)('%s has every English key in Arabic, with all six Arabic plural forms', (file) => {
    const en = read('en', file);
    const ar = read('ar', file);
    const expected = new Map<string, string>();
    for (const [key, text] of en) {
      const plural = /^(.*)_(one|other)$/.exec(key);
      if (!plural) expected.set(key, text);
      else
        for (const form of arabicPluralForms)
          expected.set(`${plural[1]}_${form}`, en.get(`${plural[1]}_other`) ?? text);
    }
    expect([...ar.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, text] of ar) {
      expect(text.trim(), `ar ${file} ${key}`).not.toBe('');
      // "one" and "two" may name the number in words (سنة واحدة، سنتان); the other forms show it.
      const form = /_(zero|one|two|few|many|other)$/.exec(key)?.[1];
      const own = variables(text).filter((name) => form === undefined || name !== 'count');
      const english = variables(expected.get(key) ?? '').filter(
        (name) => form === undefined || name !== 'count',
      );
      expect(own, `${file} ${key}`).toEqual(english);
      if (form === 'few' || form === 'many' || form === 'other')
        expect(variables(text), `${file} ${key}`).toContain('count');
    }
  });

  // A range or a row of Latin symbols ("a-z، ۰-۹، _ و .") reads scrambled right to left: Persian texts
  // name such characters in words, with the symbol alone in brackets, and put a Latin example between
  // left-to-right isolates (U+2066 … U+2069).
  it.each(files)('%s writes no bare Latin ranges in Persian or Arabic', (file) => {
    for (const lng of ['fa', 'ar'])
      for (const [key, text] of read(lng, file)) {
        const bare = text.replace(/\u2066[^\u2069]*\u2069/g, '');
        expect(bare, `${lng} ${file} ${key}`).not.toMatch(/[A-Za-z0-9۰-۹٠-٩]\s*[-–]\s*[A-Za-z0-9۰-۹٠-٩]/);
      }
  });
});

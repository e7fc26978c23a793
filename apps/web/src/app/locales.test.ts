import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every key must exist in both languages, with the same interpolation variables.
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

  // A range or a row of Latin symbols ("a-z، ۰-۹، _ و .") reads scrambled right to left: Persian texts
  // name such characters in words, with the symbol alone in brackets, and put a Latin example between
  // left-to-right isolates (U+2066 … U+2069).
  it.each(files)('%s writes no bare Latin ranges in Persian', (file) => {
    for (const [key, text] of read('fa', file)) {
      const bare = text.replace(/\u2066[^\u2069]*\u2069/g, '');
      expect(bare, `fa ${file} ${key}`).not.toMatch(/[A-Za-z0-9۰-۹]\s*[-–]\s*[A-Za-z0-9۰-۹]/);
    }
  });
});

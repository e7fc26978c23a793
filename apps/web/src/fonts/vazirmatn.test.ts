import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// The Vazirmatn faces (scripts/subset-fonts.mjs wrote them): small core files for what the interface
// writes, the package's files for the rest, each character in one file of "Vazirmatn Variable"; and
// "Vazirmatn RTL", which right-to-left pages draw with first: the Arabic core file for Arabic-script text
// and the spaces and marks between it.
const here = import.meta.dirname;
const packageDir = dirname(
  createRequire(import.meta.url).resolve('@fontsource-variable/vazirmatn/package.json'),
);
const locales = join(here, '../../public/assets/locales');

function parseUnicodeRange(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
    for (let point = Number.parseInt(from, 16); point <= Number.parseInt(to, 16); point++) points.add(point);
  }
  return points;
}

type Face = { family: string; file: string; descriptors: string; points: Set<number> };
const css = readFileSync(join(here, 'vazirmatn.css'), 'utf8');
const faces: Face[] = [...css.matchAll(/@font-face \{([^}]*)\}/g)].map(([, rule = '']) => {
  const src = /src: url\(([^)]+)\)/.exec(rule)?.[1] ?? '';
  return {
    family: /font-family: "([^"]+)"/.exec(rule)?.[1] ?? '',
    file: src.startsWith('./')
      ? join(here, src)
      : join(packageDir, src.replace(/^@fontsource-variable\/vazirmatn\//, '')),
    descriptors: rule
      .replace(/\s*(src|unicode-range):[^;]*;/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
    points: parseUnicodeRange(/unicode-range:([^;]+);/.exec(rule)?.[1]?.replace(/\s/g, '') ?? ''),
  };
});
const variableFaces = faces.filter((face) => face.family === 'Vazirmatn Variable');
const rtlFaces = faces.filter((face) => face.family === 'Vazirmatn RTL');
const core = (name: string) => {
  const face = variableFaces.find((f) => f.file.endsWith(`vazirmatn-${name}.woff2`));
  if (!face) throw new Error(`no ${name} face`);
  return face;
};
const faceOf = (point: number) => variableFaces.filter((face) => face.points.has(point));
/** The face a character of a page in `direction` is drawn with (components/plain/plain.css: --pl-font). */
const drawnWith = (point: number, direction: 'ltr' | 'rtl') =>
  (direction === 'rtl' ? rtlFaces.find((face) => face.points.has(point)) : undefined) ?? faceOf(point)[0];
const kb = (face: Face) => statSync(face.file).size / 1000;

/** The code points a WOFF2 file's cmap maps to a glyph (formats 4 and 12). */
function woff2CodePoints(file: string): Set<number> {
  const font = readFileSync(file);
  const tables = font.readUInt16BE(12);
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (;;) {
      const byte = font.readUInt8(at++);
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
  };
  let offset = 0;
  let cmap: { offset: number; length: number } | undefined;
  for (let i = 0; i < tables; i++) {
    const flags = font.readUInt8(at++);
    let tag = (flags & 0x3f) === 0 ? 'cmap' : '';
    if ((flags & 0x3f) === 0x3f) {
      tag = font.toString('latin1', at, at + 4);
      at += 4;
    }
    const transform = flags >> 6;
    const length = base128();
    const isGlyf = (flags & 0x3f) === 10 || (flags & 0x3f) === 11;
    const stored = (isGlyf ? transform === 0 : transform !== 0) ? base128() : length;
    if (tag === 'cmap') cmap = { offset, length };
    offset += stored;
  }
  if (!cmap) throw new Error(`${file} has no cmap`);
  const data = brotliDecompressSync(font.subarray(at)).subarray(cmap.offset, cmap.offset + cmap.length);
  const points = new Set<number>();
  for (let record = 0; record < data.readUInt16BE(2); record++) {
    const sub = data.readUInt32BE(4 + record * 8 + 4);
    const format = data.readUInt16BE(sub);
    if (format === 12) {
      for (let g = 0; g < data.readUInt32BE(sub + 12); g++) {
        const group = sub + 16 + g * 12;
        for (let p = data.readUInt32BE(group); p <= data.readUInt32BE(group + 4); p++) points.add(p);
      }
    } else if (format === 4) {
      const segments = data.readUInt16BE(sub + 6) / 2;
      const ends = sub + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const end = data.readUInt16BE(ends + s * 2);
        const delta = data.readUInt16BE(deltas + s * 2);
        const rangeOffset = data.readUInt16BE(rangeOffsets + s * 2);
        for (let p = data.readUInt16BE(starts + s * 2); p <= end && p !== 0xffff; p++) {
          const glyph = rangeOffset
            ? data.readUInt16BE(
                rangeOffsets + s * 2 + rangeOffset + (p - data.readUInt16BE(starts + s * 2)) * 2,
              )
            : (p + delta) & 0xffff;
          if (glyph !== 0) points.add(p);
        }
      }
    }
  }
  return points;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('the Vazirmatn faces', () => {
  it('all have the same descriptors, so the browser matches them as one family', () => {
    expect(variableFaces.length).toBeGreaterThan(3);
    for (const face of faces)
      expect(face.descriptors).toBe(
        `font-family: "${face.family}"; font-style: normal; font-display: swap; font-weight: 100 900;`,
      );
    expect(new Set(faces.map((face) => face.family))).toEqual(
      new Set(['Vazirmatn Variable', 'Vazirmatn RTL']),
    );
  });

  it('give every character to one file only, so the browser never downloads two for it', () => {
    const owners = new Map<number, string>();
    for (const face of variableFaces)
      for (const point of face.points) {
        expect(owners.get(point), `U+${point.toString(16)}`).toBeUndefined();
        owners.set(point, face.file);
      }
  });

  it("cover every character of the package's files", () => {
    const ranges = JSON.parse(readFileSync(join(packageDir, 'unicode.json'), 'utf8')) as Record<
      string,
      string
    >;
    const missing = Object.values(ranges)
      .flatMap((range) => [...parseUnicodeRange(range)])
      .filter((point) => faceOf(point).length === 0);
    expect(missing).toEqual([]);
  });

  it('core files hold a glyph for every character of their range that the package has', () => {
    for (const [name, subset] of [
      ['arabic-core', 'arabic'],
      ['latin-core', 'latin'],
    ] as const) {
      const source = woff2CodePoints(join(packageDir, 'files', `vazirmatn-${subset}-wght-normal.woff2`));
      const own = woff2CodePoints(core(name).file);
      const lacking = [...core(name).points].filter((point) => source.has(point) && !own.has(point));
      expect(lacking, name).toEqual([]);
    }
  });

  it('draw right-to-left pages with the Arabic core file first, which holds a glyph for every character of that face', () => {
    expect(rtlFaces.map((face) => face.file)).toEqual([core('arabic-core').file]);
    const [rtl] = rtlFaces;
    const own = woff2CodePoints(core('arabic-core').file);
    expect([...(rtl?.points ?? [])].filter((point) => !own.has(point))).toEqual([]);
    // Its Arabic-script characters are the core's own; the rest are the spaces and marks it adds.
    expect([...core('arabic-core').points].filter((point) => !rtl?.points.has(point))).toEqual([]);
  });

  const texts = (locale: string) =>
    readdirSync(join(locales, locale)).flatMap((file) =>
      strings(JSON.parse(readFileSync(join(locales, locale, file), 'utf8'))),
    );
  const direction = { fa: 'rtl', ar: 'rtl', en: 'ltr' } as const;

  it.each(['fa', 'ar', 'en'] as const)(
    'draw every text of the %s interface from the core files',
    (locale) => {
      const cores = new Set(['arabic-core', 'latin-core'].map((name) => core(name).file));
      const outside = new Set<string>();
      for (const text of texts(locale))
        for (const char of text) {
          const owner = drawnWith(char.codePointAt(0) ?? 0, direction[locale]);
          if (owner && !cores.has(owner.file)) outside.add(`${char} U+${char.codePointAt(0)?.toString(16)}`);
        }
      expect([...outside]).toEqual([]);
    },
  );

  it.each(['fa', 'ar'] as const)(
    'draw the %s texts from the Arabic core alone, but for Latin letters and digits: their pages need no Latin font for spaces and marks',
    (locale) => {
      const outside = new Set<string>();
      // Interpolations and Trans's component tags (<before/>) are replaced, not drawn.
      for (const text of texts(locale).map((t) => t.replace(/\{\{[^}]*\}\}|<\/?\w+\s*\/?>/g, '')))
        for (const char of text) {
          // Latin words need the Latin core; the bidi isolates are drawn with no glyph at all.
          if (/[A-Za-z0-9\u2066-\u2069]/.test(char)) continue;
          const face = drawnWith(char.codePointAt(0) ?? 0, 'rtl');
          if (face && face.file !== core('arabic-core').file)
            outside.add(`${char} U+${char.codePointAt(0)?.toString(16)}`);
        }
      expect([...outside]).toEqual([]);
    },
  );

  it('are small where a first screen needs them: 23 KB for Persian or Arabic (was 82, then 37), 15 for English (was 35)', () => {
    expect(kb(core('arabic-core'))).toBeLessThan(25);
    expect(kb(core('latin-core'))).toBeLessThan(20);
  });
});

// Writes the Vazirmatn faces of the app (src/fonts/): the @font-face rules (vazirmatn.css, imported by
// src/main.tsx) and the two small "core" files the first screens draw with. Run it by hand after
// changing the sets below or updating @fontsource-variable/vazirmatn; it needs Debian's `fonttools`
// (`apt-get install -y fonttools`: pyftsubset and the variable-font instancer) and the full font (below:
// `npm install --no-save vazirmatn@33.0.3`). The build does not run it: its output is committed.
//
// Why: @fontsource splits the font by script into files of 35-47 KB (Latin, Arabic, Latin
// Extended). A Persian page needs two of them (the space and the full stop are in the Latin one), 82 KB
// that shared the phone's bandwidth with the page's script before the first screen: Lighthouse measured
// LCP 2.0-2.2 s in Persian against 1.8-1.9 s in English. The characters the interface itself writes are
// a small part of each file, so each script gets a core file with just those (all their weights from
// 400 on: the interface uses none lighter) and the package's files keep the rest, for what people type:
// - arabic-core (23 KB): the Persian and Arabic alphabets, their digits, punctuation, harakat, ZWNJ/ZWJ
//   (and the glyphs of the marks below);
// - latin-core (15 KB): ASCII, a few Latin-1 symbols and General Punctuation (spaces, dashes, quotes,
//   bidi marks). Its punctuation stays with the letters: split into a file of its own (5 KB less for a
//   Persian page, no faster in Lighthouse), English text lost the kerning between letters and
//   punctuation and swapped fonts in two steps when they came after the first paint.
// A Persian or Arabic page's own text also has spaces and a few marks (. : ( ) « » …) from the Latin
// file's range, which cost it the whole Latin core (15 KB, Lighthouse's LCP 1.9 s against 1.8 s without
// it). So the Arabic core file carries those marks' glyphs too (it is cut from the full font, package
// `vazirmatn`, since @fontsource's Arabic file lacks them), and right-to-left pages draw with a family of
// their own first, "Vazirmatn RTL": that one file for Arabic-script text and the marks between it,
// "Vazirmatn Variable" for the rest (src/components/plain/plain.css). Left-to-right pages never ask for
// it for a space. Within "Vazirmatn Variable" the faces' unicode-ranges never overlap: each character
// belongs to exactly one file, so the browser never downloads two files for it. All faces keep the same
// descriptors (weights 100-900): the browser matches weight and style across the family first, and a
// face set apart by its weights would cut the others' characters out of a match. A core file asked for
// a weight under 400 draws 400 (a variable font clamps its axis).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const out = join(web, 'src', 'fonts');
const packageName = '@fontsource-variable/vazirmatn';
const packageDir = dirname(createRequire(import.meta.url).resolve(`${packageName}/package.json`));
const packageRanges = JSON.parse(readFileSync(join(packageDir, 'unicode.json'), 'utf8'));
// The full variable font of the same version as @fontsource's files (33.003): not a dependency, since
// only this script reads it.
function fullFont() {
  if (process.env.VAZIRMATN_FONT) return process.env.VAZIRMATN_FONT;
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('vazirmatn/package.json'));
    return join(dir, 'fonts/variable/Vazirmatn[wght].ttf');
  } catch {
    throw new Error(
      'needs the full font: npm install --no-save vazirmatn@33.0.3 (or VAZIRMATN_FONT=<its .ttf>)',
    );
  }
}
const lightestCoreWeight = 400;

/** 'U+0600-06FF,U+200C' → the set of code points. */
function parseUnicodeRange(range) {
  const points = new Set();
  for (const part of range.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    for (let point = Number.parseInt(from, 16); point <= Number.parseInt(to, 16); point++) points.add(point);
  }
  return points;
}

/** A set of code points → 'U+600-6FF,U+200C' (runs joined). */
function formatUnicodeRange(points) {
  const sorted = [...points].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    const hex = (point) => point.toString(16).toUpperCase();
    parts.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`);
    i = j;
  }
  return parts.join(',');
}

const points = (...items) =>
  new Set(items.flatMap((item) => (Array.isArray(item) ? range(item[0], item[1]) : [item])));
const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const arabicCore = points(
  0x060c, // ،
  0x061b, // ؛
  0x061f, // ؟
  [0x0621, 0x063a], // ء … غ
  [0x0640, 0x0652], // tatweel, ف … ي, harakat
  [0x0660, 0x066c], // Arabic-Indic digits, ٪ ٫ ٬
  0x067e, // پ
  0x0686, // چ
  0x0698, // ژ
  0x06a9, // ک
  0x06af, // گ
  0x06c0, // ۀ
  0x06cc, // ی
  [0x06f0, 0x06f9], // Persian digits
  [0x200c, 0x200d], // ZWNJ, ZWJ
);
/**
 * The spaces and marks the Persian and Arabic texts write between their words (src/fonts/vazirmatn.test.ts
 * holds them to it). Not the bidi isolates they also use: the font has no glyph for them, and the
 * browser draws them with none.
 */
const rtlMarks = points(
  0x0020, // space
  0x0021, // !
  [0x0028, 0x002a], // ( ) *
  [0x002d, 0x002f], // - . /
  0x003a, // :
  0x005f, // _
  0x00a0, // no-break space
  0x00a9, // ©
  0x00ab, // «
  0x00b7, // ·
  0x00bb, // »
  [0x200e, 0x200f], // LRM, RLM
  0x2026, // …
);
const latinCore = points(
  [0x0020, 0x007e], // ASCII
  0x00a0, // no-break space
  0x00a9, // ©
  0x00ab, // «
  0x00b7, // ·
  0x00bb, // »
  0x00d7, // ×
  [0x2000, 0x206f], // General Punctuation (spaces, dashes, quotes, …, bidi marks and isolates)
);

// In this order each face takes its characters that no face before it took: the cores first, then the
// package's files for the rest (Latin before Arabic: the two share a few General Punctuation marks).
const faces = [
  {
    name: 'arabic-core',
    subset: 'arabic',
    wanted: arabicCore,
    withGlyphsOf: rtlMarks,
    about: 'Persian and Arabic letters, digits, marks',
  },
  {
    name: 'latin-core',
    subset: 'latin',
    wanted: latinCore,
    about: 'ASCII, a few symbols, General Punctuation',
  },
  { name: 'latin', subset: 'latin' },
  { name: 'arabic', subset: 'arabic' },
  { name: 'latin-ext', subset: 'latin-ext' },
];

function fontFace(family, about, url, range) {
  return (
    `/* ${about} */\n` +
    `@font-face {\n  font-family: "${family}";\n  font-style: normal;\n  font-display: swap;\n` +
    `  font-weight: 100 900;\n  src: url(${url}) format("woff2-variations");\n` +
    `  unicode-range: ${formatUnicodeRange(range).replace(/,/g, ', ')};\n}\n`
  );
}

const packageFile = (subset) => `vazirmatn-${subset}-wght-normal.woff2`;
const taken = new Set();
const rules = [];
mkdirSync(out, { recursive: true });
for (const face of faces) {
  const available = parseUnicodeRange(packageRanges[face.subset]);
  const own = new Set(
    [...available].filter((point) => !taken.has(point) && (!face.wanted || face.wanted.has(point))),
  );
  for (const point of own) taken.add(point);
  let url = `${packageName}/files/${packageFile(face.subset)}`;
  if (face.wanted) {
    const file = join(out, `vazirmatn-${face.name}.woff2`);
    // A fixed timestamp in the files' head table: the same input writes the same bytes.
    const env = { ...process.env, SOURCE_DATE_EPOCH: '1735689600' };
    execFileSync(
      'pyftsubset',
      [
        face.withGlyphsOf ? fullFont() : join(packageDir, 'files', packageFile(face.subset)),
        `--unicodes=${formatUnicodeRange(new Set([...own, ...(face.withGlyphsOf ?? [])]))}`,
        '--layout-features=*', // every shaping feature: joining forms, lam-alef, marks, kerning
        '--flavor=woff2',
        `--output-file=${file}`,
      ],
      { env },
    );
    execFileSync(
      'fonttools',
      ['varLib.instancer', '-q', file, `wght=${lightestCoreWeight}:900`, '-o', file],
      {
        env,
      },
    );
    url = `./vazirmatn-${face.name}.woff2`;
  }
  const about = face.wanted
    ? `${face.name}: ${face.about}`
    : `the rest of ${packageName}'s ${face.subset} file`;
  rules.push(fontFace('Vazirmatn Variable', about, url, own));
  if (face.withGlyphsOf)
    rules.push(
      fontFace(
        'Vazirmatn RTL',
        `right-to-left pages: ${face.name} with the spaces and marks between Arabic-script words`,
        url,
        new Set([...own, ...face.withGlyphsOf]),
      ),
    );
}
const css = join(out, 'vazirmatn.css');
writeFileSync(
  css,
  `/* Written by scripts/subset-fonts.mjs (see there why); do not edit. */\n\n${rules.join('\n')}`,
);
execFileSync('npx', ['biome', 'format', '--write', css], { cwd: web, stdio: 'ignore' });
console.log(`wrote ${faces.length} faces into ${out}`);

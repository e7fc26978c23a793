// Writes the prerendered public pages (src/app/prerendered.ts) after `vite build` and `vite build --ssr
// src/prerender.tsx`: dist/prerendered/<locale>/<page>.html, each the built index.html with
// - the page's markup in #root, in place of the loading overlay, inert until React runs it (src/main.tsx);
// - the entry's stylesheet inline (src/components/plain/plain.css: these pages are plain markup, with no
//   runtime styles to collect; style-src allows inline styles, scripts stay files);
// - <html lang dir>, the title and the manifest of its language;
// - its translations (the shell's namespaces) inline, as a JSON data block after #root;
// - preloads of the Vazirmatn files its text is drawn with (src/fonts/vazirmatn.css: font-display: swap;
//   a Persian page's text needs only the small Arabic core, with its spaces and marks, an English one
//   the Latin core).
// For every other page of a language, a shell (dist/prerendered/<locale>/shell.html): the same head and
// translations (with those the signed-in frame draws at once) around the loading overlay, so a signed-in
// first visit does not wait for the app's code to ask for its texts and fonts before it can fetch data;
// and a signed-in shell (shell-signed-in.html), which the API answers a visit carrying a session with:
// the same, with the signed-in frame's files preloaded, so they download beside the first file instead
// of after it has run.
// Then a manifest the API reads (dist/prerendered/manifest.json) and brotli/gzip copies.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = join(web, 'dist');
const ssrDir = join(web, 'dist-ssr');
const { renderPage, appPathPatterns } = await import(pathToFileURL(join(ssrDir, 'prerender.js')).href);
const { prerenderedPages, prerenderedPathAttribute, inlineTranslationsId } = await import(
  pathToFileURL(join(ssrDir, 'prerender.js')).href
);

const locales = ['fa', 'en', 'ar'];
const namespaces = ['common', 'errors', 'auth'];
// What the signed-in frame (app bar, workspace screens, notifications) draws at once, besides those.
const signedInNamespaces = ['workspaces', 'notifications', 'workspace-admin'];
const direction = { fa: 'rtl', en: 'ltr', ar: 'rtl' };
// The entry's stylesheet (the @font-face rules of Vazirmatn, ~1.5 KB) goes inline: one render-blocking
// request fewer before the first paint (style-src allows inline styles).
const template = readFileSync(join(dist, 'index.html'), 'utf8').replace(
  /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
  (_link, file) => `<style>${readFileSync(join(dist, file), 'utf8')}</style>`,
);

/** 'U+600-6FF,U+200C,U+2?' (the minifier writes wildcards) → the set of code points. */
function parseUnicodeRange(range) {
  const points = new Set();
  for (const part of range.split(',')) {
    const bounds = part.trim().replace(/^U\+/i, '').split('-');
    const from = Number.parseInt(bounds[0].replace(/\?/g, '0'), 16);
    const to = Number.parseInt((bounds[1] ?? bounds[0]).replace(/\?/g, 'F'), 16);
    for (let point = from; point <= to; point++) points.add(point);
  }
  return points;
}

// The Vazirmatn faces of the inlined stylesheet (src/fonts/vazirmatn.css), in their order: within a
// family, each character belongs to one file.
const fontFaces = [...template.matchAll(/@font-face\{([^}]*)\}/g)].flatMap(([, rule]) => {
  const family = /font-family:\s*"?([^";]+)"?/.exec(rule)?.[1];
  const file = /src:url\(\/(assets\/[^)]+\.woff2)\)/.exec(rule)?.[1];
  const range = /unicode-range:([^;}]+)/.exec(rule)?.[1];
  return family && file && range ? [{ family, file, points: parseUnicodeRange(range) }] : [];
});
const fontFiles = [...new Set(fontFaces.map((face) => face.file))];
// The families a page's text is drawn with, in order (src/components/plain/plain.css: --pl-font).
const fontFamilies = { ltr: ['Vazirmatn Variable'], rtl: ['Vazirmatn RTL', 'Vazirmatn Variable'] };
for (const family of fontFamilies.rtl)
  if (!fontFaces.some((face) => face.family === family && face.file.includes('vazirmatn-arabic-core')))
    throw new Error(`the inlined stylesheet has no ${family} faces (src/fonts/vazirmatn.css)`);

const entities = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decodeEntities = (text) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name) => {
    if (name[0] !== '#') return entities[name.toLowerCase()] ?? entity;
    return String.fromCodePoint(
      Number.parseInt(name.slice(name[1] === 'x' ? 2 : 1), name[1] === 'x' ? 16 : 10),
    );
  });

/**
 * The font files the text of `markup` is drawn with: those whose unicode-range holds one of its
 * characters (its text and the placeholders and values its fields show). Preloaded, they arrive with
 * the page's script instead of after the first layout asks for them, and no other is fetched for the
 * first screen (a Persian page draws with the small Arabic core, 23 KB, not the package's 82 KB of
 * Arabic and Latin).
 */
function fontsOf(markup, locale) {
  const shown = markup
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*\b(?:placeholder|value)="([^"]*)"[^>]*>/g, ' $1 ')
    .replace(/<[^>]*>/g, ' ');
  // White space in the markup is drawn as spaces (or not at all).
  const points = new Set([...decodeEntities(shown).replace(/\s/g, ' ')].map((char) => char.codePointAt(0)));
  // Each character from the first family with a face for it, as the browser picks.
  const drawnWith = new Set();
  for (const point of points)
    for (const family of fontFamilies[direction[locale]]) {
      const face = fontFaces.find((f) => f.family === family && f.points.has(point));
      if (face) {
        drawnWith.add(face.file);
        break;
      }
    }
  return fontFiles.filter((file) => drawnWith.has(file));
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page's markup, refused if it drew anything with MUI: its emotion styles would sit in the markup
 * React hydrates, and the page would load MUI, which the public pages are kept free of.
 */
function plainMarkup(path, markup) {
  if (markup.includes('data-emotion'))
    throw new Error(`${path} is drawn with MUI; prerendered pages are plain`);
  return markup;
}

function replaceOnce(text, pattern, replacement) {
  if (!pattern.test(text)) throw new Error(`no ${pattern} in the built file`);
  return text.replace(pattern, replacement);
}

/** Writes `text` to `file` with its brotli and gzip twins, which the API serves. */
function writeCompressed(file, text) {
  writeFileSync(file, text);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
}

const readTranslations = (locale, list) =>
  Object.fromEntries(
    list.map((ns) => [
      ns,
      JSON.parse(readFileSync(join(dist, 'assets', 'locales', locale, `${ns}.json`), 'utf8')),
    ]),
  );

// Translations ride in the page as a data block (never run: the CSP's script-src does not apply), a
// request fewer per namespace before the page works; `<` is escaped so no text ends the block.
const inlineTranslationsBlock = (locale, translations) =>
  `<script type="application/json" id="${inlineTranslationsId}" data-locale="${locale}">${JSON.stringify(
    translations,
  ).replace(/</g, '\\u003c')}</script>`;

/** The one built file of a chunk group (apps/web/chunks.ts) with this extension: 'assets/name-hash.ext'. */
const assetFiles = readdirSync(join(dist, 'assets'));
function builtFile(group, extension) {
  const files = assetFiles.filter((file) => file.startsWith(`${group}-`) && file.endsWith(extension));
  if (files.length !== 1) throw new Error(`expected one ${group}-*${extension} in dist/assets: ${files}`);
  return `assets/${files[0]}`;
}
// What the signed-in frame (src/features/workspaces/app-layout.tsx) loads besides the first file: its
// early reads, the API client and its own file with its stylesheet (a preload, not render-blocking).
const signedInPreloads = [
  ...['early-reads', 'api-client', 'signed-in-frame'].map(
    (group) => `<link rel="modulepreload" crossorigin href="/${builtFile(group, '.js')}">`,
  ),
  `<link rel="preload" href="/${builtFile('signed-in-frame', '.css')}" as="style" crossorigin>`,
].join('');

/** Writes `html` under dist/prerendered/<locale>/<name>.html (with its compressed twins): its path there. */
function writePage(locale, name, html) {
  const file = join('prerendered', locale, `${name}.html`);
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeCompressed(join(dist, file), html);
  return file.split('\\').join('/');
}

const manifest = {};
const shells = {};
const signedInShells = {};
for (const locale of locales) {
  const translations = readTranslations(locale, namespaces);
  const common = translations.common;
  const title = `${common.app.title} | ${common.app.slogan}`;
  const preloads = (files) =>
    files
      .map((file) => `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin>`)
      .join('');
  const localeFonts = new Set();
  /** The built index.html in this language: its <html lang dir>, title, manifest and extra <head>. */
  const localized = (head) => {
    let html = template;
    html = replaceOnce(
      html,
      /<html lang="fa" dir="rtl">/,
      `<html lang="${locale}" dir="${direction[locale]}">`,
    );
    html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    html = replaceOnce(html, /\/manifest\.fa\.webmanifest/, `/manifest.${locale}.webmanifest`);
    return replaceOnce(html, /<\/head>/, `${head}</head>`);
  };
  const rootElement = /<div id="root">[\s\S]*?<\/div>\s*<\/div>\s*(?=<\/body>|<script)/;

  for (const page of prerenderedPages) {
    const path = `/${locale}/${page}`;
    const body = plainMarkup(path, await renderPage(path, locale, translations));
    const fonts = fontsOf(body, locale);
    for (const file of fonts) localeFonts.add(file);
    const html = replaceOnce(
      localized(preloads(fonts)),
      rootElement,
      `<div id="root" ${prerenderedPathAttribute}="${path}" inert>${body}</div>\n${inlineTranslationsBlock(locale, translations)}\n`,
    );
    manifest[path] = writePage(locale, page, html);
  }
  // The shell keeps index.html's loading overlay in #root; its translations follow it. Its fonts are
  // those of the language's prerendered pages (the frame and the forms in that language).
  const shellTranslations = { ...translations, ...readTranslations(locale, signedInNamespaces) };
  const shellFonts = fontFiles.filter((file) => localeFonts.has(file));
  const shellWith = (head) =>
    replaceOnce(
      localized(head),
      rootElement,
      (overlay) => `${overlay}\n${inlineTranslationsBlock(locale, shellTranslations)}\n`,
    );
  shells[locale] = writePage(locale, 'shell', shellWith(preloads(shellFonts)));
  signedInShells[locale] = writePage(
    locale,
    'shell-signed-in',
    shellWith(preloads(shellFonts) + signedInPreloads),
  );
}
// `pages`: the prerendered file of each path. `shells`: each language's shell, for its other pages, and
// `signedInShells` the same for a visit with a session.
// `appPaths`: the router's page paths, so the API can answer a path that is none of them with the
// prerendered 404 page, as the router would draw it.
writeFileSync(
  join(dist, 'prerendered', 'manifest.json'),
  `${JSON.stringify({ pages: manifest, shells, signedInShells, appPaths: appPathPatterns() }, null, 2)}\n`,
);
// The service worker answers these paths with their precached prerendered page (pwa/service-worker.js).
const workerFile = join(dist, 'sw.js');
const worker = readFileSync(workerFile, 'utf8');
const pageUrls = Object.fromEntries(Object.entries(manifest).map(([path, file]) => [path, `/${file}`]));
const precacheLine = /^const PRECACHE = (\[.*\]);$/m;
const precacheMatch = precacheLine.exec(worker);
if (!precacheMatch) throw new Error('sw.js has no PRECACHE line');
const precache = JSON.parse(precacheMatch[1]);
writeCompressed(
  workerFile,
  replaceOnce(
    replaceOnce(
      worker,
      precacheLine,
      `const PRECACHE = ${JSON.stringify([...precache, ...Object.values(pageUrls)].sort())};`,
    ),
    /^const PRERENDERED = \{\};$/m,
    `const PRERENDERED = ${JSON.stringify(pageUrls)};`,
  ),
);
rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered ${Object.keys(manifest).length} pages into dist/prerendered`);

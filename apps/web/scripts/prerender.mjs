// Writes the prerendered public pages (src/app/prerendered.ts) after `vite build` and `vite build --ssr
// src/prerender.tsx`: dist/prerendered/<locale>/<page>.html, each the built index.html with
// - the page's markup in #root, in place of the loading overlay, inert until React runs it (src/main.tsx);
// - the entry's stylesheet inline, and its styles (emotion's, collected while rendering) in <head>,
//   where the browser's emotion cache adopts them instead of inserting them again (style-src allows
//   inline styles; scripts stay files);
// - <html lang dir>, the title and the manifest of its language;
// - its translations (the shell's namespaces) inline, as a JSON data block after #root;
// - a preload of the Vazirmatn subset of its script (font-display: swap, from @fontsource).
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
const direction = { fa: 'rtl', en: 'ltr', ar: 'rtl' };
// The entry's stylesheet (the @font-face rules of Vazirmatn, ~1.5 KB) goes inline: one render-blocking
// request fewer before the first paint (style-src allows inline styles).
const template = readFileSync(join(dist, 'index.html'), 'utf8').replace(
  /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
  (_link, file) => `<style>${readFileSync(join(dist, file), 'utf8')}</style>`,
);
const assets = readdirSync(join(dist, 'assets'));
const fontFor = {
  fa: assets.find((f) => /^vazirmatn-arabic-wght-normal-.*\.woff2$/.test(f)),
  en: assets.find((f) => /^vazirmatn-latin-wght-normal-.*\.woff2$/.test(f)),
  ar: assets.find((f) => /^vazirmatn-arabic-wght-normal-.*\.woff2$/.test(f)),
};

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Moves emotion's style elements out of the markup, for <head>; React hydrates the markup without them. */
function splitStyles(markup) {
  const styles = [];
  const body = markup.replace(/<style data-emotion="[^"]*"[^>]*>[\s\S]*?<\/style>/g, (style) => {
    styles.push(style);
    return '';
  });
  return { body, styles: styles.join('') };
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

const manifest = {};
for (const locale of locales) {
  const translations = Object.fromEntries(
    namespaces.map((ns) => [
      ns,
      JSON.parse(readFileSync(join(dist, 'assets', 'locales', locale, `${ns}.json`), 'utf8')),
    ]),
  );
  const common = translations.common;
  const title = `${common.app.title} | ${common.app.slogan}`;
  const preloads = [
    fontFor[locale] &&
      `<link rel="preload" href="/assets/${fontFor[locale]}" as="font" type="font/woff2" crossorigin>`,
  ].filter(Boolean);
  // The first screen's translations ride in the page (a data block, never run: the CSP's script-src
  // does not apply), three requests fewer before the form works; `<` is escaped so no text ends it.
  const inlineTranslations = `<script type="application/json" id="${inlineTranslationsId}" data-locale="${locale}">${JSON.stringify(
    translations,
  ).replace(/</g, '\\u003c')}</script>`;

  for (const page of prerenderedPages) {
    const path = `/${locale}/${page}`;
    const { body, styles } = splitStyles(await renderPage(path, locale, translations));
    let html = template;
    html = replaceOnce(
      html,
      /<html lang="fa" dir="rtl">/,
      `<html lang="${locale}" dir="${direction[locale]}">`,
    );
    html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    html = replaceOnce(html, /\/manifest\.fa\.webmanifest/, `/manifest.${locale}.webmanifest`);
    html = replaceOnce(html, /<\/head>/, `${preloads.join('')}${styles}</head>`);
    html = replaceOnce(
      html,
      /<div id="root">[\s\S]*?<\/div>\s*<\/div>\s*(?=<\/body>|<script)/,
      `<div id="root" ${prerenderedPathAttribute}="${path}" inert>${body}</div>\n${inlineTranslations}\n`,
    );
    const file = join('prerendered', locale, `${page}.html`);
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    writeCompressed(join(dist, file), html);
    manifest[path] = file.split('\\').join('/');
  }
}
// `pages`: the prerendered file of each path. `appPaths`: the router's page paths, so the API can answer
// a path that is none of them with the prerendered 404 page, as the router would draw it.
writeFileSync(
  join(dist, 'prerendered', 'manifest.json'),
  `${JSON.stringify({ pages: manifest, appPaths: appPathPatterns() }, null, 2)}\n`,
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

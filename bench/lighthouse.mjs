// `npm run bench:lighthouse`: a Lighthouse run (Debian's Chromium, mobile settings) of the built app's
// /fa/login, printed as a table: category scores, the main timings, and the browser's own verdict on
// installability (the PWA category left Lighthouse in v12; Chromium's installability check is what
// decides whether the app can be installed). Needs `npm run build` first. It measures; it never fails.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltApi } from './lib/start-api.mjs';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const path = process.argv[2] ?? '/fa/login';
if (!existsSync(new URL('../apps/api/dist/server.js', import.meta.url))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const api = await startBuiltApi();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const result = await lighthouse(`${api.url}${path}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const { categories, audits } = result.lhr;
  const rows = [];
  for (const category of Object.values(categories))
    rows.push({ measure: `${category.title} score`, value: Math.round((category.score ?? 0) * 100) });
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
    'interactive',
    'total-byte-weight',
  ])
    if (audits[id])
      rows.push({ measure: audits[id].title, value: audits[id].displayValue ?? audits[id].score });
  for (const audit of Object.values(audits))
    if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      rows.push({ measure: `failed: ${audit.id}`, value: audit.title });

  // Chromium's installability verdict for the same page, through the DevTools protocol.
  const installability = await installabilityErrors(chrome.port, `${api.url}${path}`);
  rows.push({ measure: 'installability errors (Chromium)', value: installability.join(', ') || 'none' });
  console.log(`Lighthouse ${result.lhr.lighthouseVersion} on ${path} (mobile, simulated throttling)`);
  console.table(rows);
} finally {
  await chrome.kill();
  await api.stop();
}

async function installabilityErrors(port, url) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'networkidle0' });
  const session = await page.createCDPSession();
  const { installabilityErrors: errors } = await session.send('Page.getInstallabilityErrors');
  await page.close();
  await browser.disconnect();
  return errors.map((e) => e.errorId);
}

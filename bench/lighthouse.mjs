// `npm run bench:lighthouse`: Lighthouse (Debian's Chromium, mobile settings, simulated throttling) on
// the built app's public first screens in fa and en, printed as ONE table: performance score, FCP, LCP,
// TBT, the JavaScript the page downloads (brotli bytes on the wire) and the number of requests, each the
// median of LH_RUNS runs (default 3; the machine is shared, single runs are noisy). Then, for /fa/login,
// the other category scores, failed binary audits and Chromium's installability verdict.
// `node bench/lighthouse.mjs /fa/login /en/signup` measures only the given paths. Needs `npm run build`
// first. It measures; it never fails.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApi } from './lib/start-api.mjs';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LH_RUNS ?? 3);
const screens = ['login', 'signup', 'login/forgot-password', 'no-such-page'];
const paths =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['fa', 'en'].flatMap((l) => screens.map((s) => `/${l}/${s}`));
if (!existsSync(new URL('../apps/api/dist/server.js', import.meta.url))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The figures of one Lighthouse report that the table shows. */
export function firstScreenFigures(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    jsKB: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1000,
    jsFiles: scripts.length,
    requests: requests.length,
    allKB: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1000,
  };
}

const api = await startApi();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const table = {};
  let detail;
  let version;
  for (const path of paths) {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${api.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories:
          path === paths[0] ? ['performance', 'accessibility', 'best-practices', 'seo'] : ['performance'],
      });
      version = result.lhr.lighthouseVersion;
      if (path === paths[0] && !detail) detail = result.lhr;
      samples.push(firstScreenFigures(result.lhr));
    }
    const pick = (key) => median(samples.map((s) => s[key]));
    table[path] = {
      score: pick('score'),
      'FCP s': (pick('fcp') / 1000).toFixed(1),
      'LCP s': (pick('lcp') / 1000).toFixed(1),
      'TBT ms': Math.round(pick('tbt')),
      'JS KB (br)': Math.round(pick('jsKB')),
      'JS files': pick('jsFiles'),
      requests: pick('requests'),
      'all KB': Math.round(pick('allKB')),
    };
  }
  console.log(`Lighthouse ${version}, mobile, simulated throttling; median of ${runs} run(s) per route`);
  console.table(table);

  const rows = [];
  for (const category of Object.values(detail.categories))
    rows.push({ measure: `${category.title} score`, value: Math.round((category.score ?? 0) * 100) });
  for (const audit of Object.values(detail.audits))
    if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      rows.push({ measure: `failed: ${audit.id}`, value: audit.title });
  // Chromium's installability verdict for the same page, through the DevTools protocol.
  const installability = await installabilityErrors(chrome.port, `${api.url}${paths[0]}`);
  rows.push({ measure: 'installability errors (Chromium)', value: installability.join(', ') || 'none' });
  console.log(`Details of ${paths[0]} (first run)`);
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

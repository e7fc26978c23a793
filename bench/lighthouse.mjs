// `npm run bench:lighthouse`: Lighthouse (Debian's Chromium, mobile settings, simulated throttling: 150 ms
// round trip, 1.6 Mbps, 4× slower CPU) on the built app's public first screens and the first screens
// after login (the workspace picker and the workspace's applications, signed in as an owner with one
// workspace, on a cold cache) in fa and en, printed as ONE table: performance score, FCP, LCP, TBT,
// time to interactive ("ready"), the JavaScript the page downloads (brotli bytes on the wire) and the
// number of requests, each the median of LH_RUNS runs (default 3; the machine is shared, single runs are
// noisy). Then, for the first path, the other category scores, failed binary audits and Chromium's
// installability verdict. `node bench/lighthouse.mjs /fa/login /en/workspace/apps` measures only the
// given paths. Needs `npm run build` first. It measures; it never fails.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { signedInOwner, storeSession } from './lib/signed-in.mjs';
import { startApi } from './lib/start-api.mjs';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LH_RUNS ?? 3);
const publicScreens = ['login', 'signup', 'login/forgot-password', 'no-such-page'];
// Screens behind the login (their paths are measured signed in).
const signedInScreens = ['', 'workspace/apps'];
const paths =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ['fa', 'en'].flatMap((l) => [...publicScreens, ...signedInScreens].map((s) => `/${l}/${s}`));
const isSignedInPath = (path) => signedInScreens.some((screen) => path.slice(3) === `/${screen}`);
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
    tti: lhr.audits.interactive.numericValue,
    jsKB: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1000,
    jsFiles: scripts.length,
    requests: requests.length,
    allKB: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1000,
  };
}

const launchChrome = () =>
  chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });

/**
 * One Lighthouse run of a signed-in screen: a fresh browser (a cold cache, no service worker) given a
 * logged-in owner's session; Lighthouse must then keep that storage instead of clearing it.
 */
async function signedInRun(url, owner, options) {
  const browser = await launchChrome();
  try {
    const { default: puppeteer } = await import('puppeteer-core');
    const connection = await puppeteer.connect({ browserURL: `http://127.0.0.1:${browser.port}` });
    const page = await connection.newPage();
    await storeSession(page, new URL(url).origin, owner, new URL(url).pathname.split('/')[1]);
    await page.close();
    await connection.disconnect();
    return await lighthouse(url, { ...options, port: browser.port, disableStorageReset: true });
  } finally {
    await browser.kill();
  }
}

const api = await startApi();
const chrome = await launchChrome();
try {
  const owner = paths.some(isSignedInPath) ? await signedInOwner(api.url) : undefined;
  const table = {};
  let detail;
  let version;
  for (const path of paths) {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const options = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories:
          path === paths[0] ? ['performance', 'accessibility', 'best-practices', 'seo'] : ['performance'],
      };
      const url = `${api.url}${path}`;
      const result = isSignedInPath(path)
        ? await signedInRun(url, owner, options)
        : await lighthouse(url, options);
      if (result.lhr.finalDisplayedUrl !== url)
        throw new Error(`${path} ended at ${result.lhr.finalDisplayedUrl}`);
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
      'ready s': (pick('tti') / 1000).toFixed(1),
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

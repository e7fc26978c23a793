// Lists the script files a signed-in /fa/workspace/apps and /fa/login load (encoded bytes).
import puppeteer from 'puppeteer-core';
import { startApi } from '/work/main/bench/lib/start-api.mjs';
import { signedInOwner, storeSession } from '/work/main/bench/lib/signed-in.mjs';
const api = await startApi({ built: true, env: { RATE_LIMIT_MULTIPLIER: '100' } });
const url = api.url;
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const path of (process.argv[2] ?? '/fa/login,/fa/workspace/apps').split(',')) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  if (!path.includes('login') && !path.includes('signup')) await storeSession(page, url, await signedInOwner(url), 'fa');
  const files = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() !== 'script') return;
    const len = Number(r.headers()['content-length'] ?? 0) || (await r.buffer().catch(() => Buffer.alloc(0))).length;
    files.push([r.url().split('/').pop(), len, r.headers()['content-encoding']]);
  });
  await page.goto(`${url}${path}`, { waitUntil: 'networkidle0' });
  files.sort((a, b) => b[1] - a[1]);
  console.log(`## ${path}: ${files.length} files, ${(files.reduce((s, f) => s + f[1], 0) / 1024).toFixed(1)} KB`);
  for (const f of files) console.log(String(f[1]).padStart(8), f[0], f[2] ?? '');
  await context.close();
}
await browser.close();
await api.stop();

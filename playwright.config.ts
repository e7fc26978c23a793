import { defineConfig } from '@playwright/test';

// The built app served by the built API, on the embedded database in a fresh folder, in Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = '.data-e2e';

export default defineConfig({
  testDir: 'e2e',
  // Twice the longest a default-timeout test took in CI (end another session: 72 s, at 80 % of the old
  // 90 s); the long walk-throughs set their own (240 s: the longest took 120 s in CI, at its limit).
  timeout: 180_000,
  // A cold browser context's first screen on the shared 2-core CI machine, two workers at once, can take
  // longer than ten seconds to draw (the renderer is starved; a trace showed sixteen).
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node apps/api/dist/server.js`,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    // A fresh embedded database runs every migration first; on a loaded 2-core machine that took 75 s.
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // Every browser test signs up from 127.0.0.1; the limits themselves are tested in the API tests.
      RATE_LIMIT_MULTIPLIER: '50',
    },
  },
});

import { defineConfig } from 'vitest/config';

// The API suite runs on the embedded database, and again on PostgreSQL when DATABASE_URL names a server
// (a fresh database is created for the run and dropped after it).
const postgresProject = {
  extends: './apps/api/vitest.config.ts',
  root: './apps/api',
  test: {
    name: 'api-pg',
    env: { TEST_DB: 'pg' },
    globalSetup: ['./test/pg-global-setup.ts'],
    // Settings and process tests do not touch the shared database: once is enough.
    exclude: ['test/process.test.ts', 'src/config.test.ts', 'src/lib/**'],
  },
};

// Two API processes on one PostgreSQL database (of its own) and Redis: apps/api/test/scale-out.test.ts;
// an API process killed mid-delivery of a webhook: apps/api/test/webhook-restart.test.ts.
const scaleOutProject = {
  root: './apps/api',
  test: {
    name: 'scale-out',
    include: ['test/scale-out.test.ts', 'test/webhook-restart.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
};

// PostgreSQL stopped and started under an API process, on a cluster of the test's own (initdb, so the
// PostgreSQL binaries must be installed, as they are wherever DATABASE_URL names a local server):
// apps/api/test/db-outage.test.ts. It uses no shared database, so it runs once, here.
const databaseOutageProject = {
  root: './apps/api',
  test: {
    name: 'db-outage',
    include: ['test/db-outage.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
};

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/api',
      'apps/web',
      ...(process.env.DATABASE_URL ? [postgresProject, scaleOutProject, databaseOutageProject] : []),
    ],
  },
});

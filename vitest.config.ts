import { defineConfig } from 'vitest/config';

// The API suite runs on the embedded database, and again on PostgreSQL when DATABASE_URL names a server
// (a fresh database is created for the run and dropped after it).
const postgresProject = {
  extends: './apps/api/vitest.config.ts',
  root: './apps/api',
  test: {
    name: 'api-pg',
    // *.pg-test.ts: what only a PostgreSQL server can show (the api project's include leaves them out).
    include: ['test/**/*.pg-test.ts'],
    env: { TEST_DB: 'pg' },
    globalSetup: ['./test/pg-global-setup.ts'],
    // Settings and process tests do not touch the shared database: once is enough.
    exclude: ['test/process.test.ts', 'src/config.test.ts', 'src/lib/**'],
  },
};

// The API files whose behaviour a transaction pooler changes (docs/testing.md says why these), again
// through a PgBouncer of the run's own in transaction mode: named statements (login, refresh, second
// factors, the members page), the auth cache's LISTEN, housekeeping's lock, transactions and SET LOCAL.
// Not `extends` (which would add these files to the api project's include): its settings, repeated.
const pgBouncerProject = {
  root: './apps/api',
  test: {
    name: 'api-pgbouncer',
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    env: { TEST_DB: 'pg', TEST_POOLER: 'transaction' },
    globalSetup: ['./test/pg-global-setup.ts'],
    include: [
      'src/db/pooler.test.ts',
      'src/modules/identity/login.test.ts',
      'src/modules/identity/tokens.test.ts',
      'src/modules/identity/sessions.test.ts',
      'src/modules/security/two-fa.test.ts',
      'src/modules/members/members.test.ts',
      'src/modules/members/role-change-race.test.ts',
      'src/modules/backups/backups.test.ts',
      'src/modules/backups/backup-room.test.ts',
      'src/housekeeping.test.ts',
      'test/auth-cache.test.ts',
      'test/list-paging.test.ts',
    ],
  },
};

// Two API processes on one PostgreSQL database (of its own) and Redis: apps/api/test/scale-out.test.ts;
// again with both behind a PgBouncer in transaction mode (TEST_POOLER). Directly, also an API process
// killed mid-delivery of a webhook: apps/api/test/webhook-restart.test.ts.
const scaleOutProject = (pooler: 'none' | 'transaction') => ({
  root: './apps/api',
  test: {
    name: pooler === 'none' ? 'scale-out' : 'scale-out-pgbouncer',
    include:
      pooler === 'none'
        ? ['test/scale-out.test.ts', 'test/webhook-restart.test.ts']
        : ['test/scale-out.test.ts'],
    env: { TEST_POOLER: pooler },
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});

// A Redis primary, its replica and a sentinel of the test's own, the primary stopped under load:
// apps/api/test/redis-sentinel.test.ts (redis-server, which runs a sentinel too, must be installed).
const redisSentinelProject = {
  root: './apps/api',
  test: {
    name: 'redis-sentinel',
    include: ['test/redis-sentinel.test.ts'],
    env: { TEST_DB: 'pglite' },
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
      ...(process.env.DATABASE_URL
        ? [
            postgresProject,
            pgBouncerProject,
            scaleOutProject('none'),
            scaleOutProject('transaction'),
            databaseOutageProject,
            redisSentinelProject,
          ]
        : []),
    ],
  },
});

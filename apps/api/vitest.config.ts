import { defineProject } from 'vitest/config';

// API tests share one database per worker (PGlite costs ~3 s and ~300 MB to open), so files run
// without module isolation and every test makes its own data.
export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Need PostgreSQL: their own projects in the root vitest.config.ts, when DATABASE_URL is set.
    exclude: [
      'test/scale-out.test.ts',
      'test/db-outage.test.ts',
      'test/redis-sentinel.test.ts',
      'src/db/pooler.test.ts',
      'test/webhook-restart.test.ts',
    ],
    isolate: false,
    env: { TEST_DB: 'pglite' },
    // Generous: a timeout only catches a hang; on a busy 2-core machine a slow test is still a pass.
    testTimeout: 90_000,
    hookTimeout: 180_000,
  },
});

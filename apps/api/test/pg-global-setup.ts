import type { TestProject } from 'vitest/node';
import { startOwnPgBouncer } from './own-pgbouncer';
import { createScratchDatabase } from './scratch-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the app's pool connects: PostgreSQL, or a PgBouncer in front of it (api-pgbouncer). */
    testDatabaseUrl: string;
    /** PostgreSQL itself: the LISTEN connection, migrations, and tests that hold a session of their own. */
    testDirectDatabaseUrl: string;
    testPooler: 'none' | 'transaction';
  }
}

/**
 * Creates a fresh PostgreSQL database for this run on the DATABASE_URL server, and drops it afterwards.
 * With TEST_POOLER=transaction (the api-pgbouncer project) a PgBouncer of the run's own, in transaction
 * mode, stands in front of it, and the app's pool goes through it.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('the api-pg project needs DATABASE_URL');
  // The project's env reaches its test workers, not this set-up: read from its configuration.
  const pooled = (project.config.env?.TEST_POOLER ?? process.env.TEST_POOLER) === 'transaction';
  const scratch = await createScratchDatabase(serverUrl, pooled ? 'wsm_test_pgb' : 'wsm_test');
  const bouncer = pooled ? await startOwnPgBouncer(serverUrl) : undefined;
  project.provide('testDatabaseUrl', bouncer ? bouncer.through(scratch.url) : scratch.url);
  project.provide('testDirectDatabaseUrl', scratch.url);
  project.provide('testPooler', pooled ? 'transaction' : 'none');
  return async () => {
    await bouncer?.stop();
    await scratch.drop();
  };
}

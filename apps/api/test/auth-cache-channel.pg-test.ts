import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuthCache, listenForInvalidations } from '../src/lib/auth-cache';
import { testDatabase } from './test-app';

// Only a PostgreSQL server can end the listening session, so only the api-pg project runs this file.
describe('auth cache when its PostgreSQL channel is lost', () => {
  it('reads through while the listening connection is gone, and is used again, empty, once it listens', async () => {
    const database = await testDatabase();
    const cache = new AuthCache<string>();
    const seen: string[] = [];
    const log = { warn: () => seen.push('down'), info: () => seen.push('back') };
    const stop = await listenForInvalidations(cache as AuthCache<unknown>, database, log);
    try {
      expect(cache.active).toBe(true);
      const loads = { n: 0 };
      const load = async () => {
        loads.n++;
        return 'member';
      };
      await cache.membership('w-lost', 'u-1', load);
      await cache.membership('w-lost', 'u-1', load);
      expect(loads.n).toBe(1);

      // The server ends the listening sessions of this database (a restart, a failover, a network cut
      // would too); other test apps on it read through for a second, which is what the cache is for.
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like ${'LISTEN%'} and pid <> pg_backend_pid()`,
      );
      await expect.poll(() => cache.active, { timeout: 5000 }).toBe(false);
      await cache.membership('w-lost', 'u-1', load);
      await cache.membership('w-lost', 'u-1', load);
      expect(loads.n).toBe(3);

      // Listening again (after a second): nothing from before the loss is trusted.
      await expect.poll(() => cache.active, { timeout: 10_000 }).toBe(true);
      await cache.membership('w-lost', 'u-1', load);
      await cache.membership('w-lost', 'u-1', load);
      expect(loads.n).toBe(4);
      expect(seen).toEqual(['down', 'back']);
    } finally {
      await stop();
    }
  });
});

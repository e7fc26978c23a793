import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client';

// Which server process answers shows whether the pool kept its connection: only PostgreSQL can show it.
describe('the PostgreSQL pool after a failed statement', () => {
  const backend = async (database: Awaited<ReturnType<typeof openDatabase>>) => {
    const answer = await database.db.execute(sql`select pg_backend_pid() as pid`);
    return (answer as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
  };

  it('keeps the connection after a statement the server refused, and drops it after a lost one', async () => {
    const database = await openDatabase({ databaseUrl: inject('testDirectDatabaseUrl'), poolSize: 1 });
    try {
      const first = await backend(database);
      await expect(database.db.execute(sql`select 1 / 0`)).rejects.toMatchObject({
        cause: { code: '22012' },
      });
      await expect(database.db.execute(sql`select 'x'::int`)).rejects.toMatchObject({
        cause: { code: '22P02' },
      });
      expect(await backend(database)).toBe(first);

      // A failure of the connection's class: the connection may be unsound, so a new one is opened.
      await expect(
        database.db.execute(sql.raw(`do $$ begin raise exception 'cut' using errcode = '08006'; end $$`)),
      ).rejects.toMatchObject({ cause: { code: '08006' } });
      expect(await backend(database)).not.toBe(first);

      // A statement name the session holds and the client does not know: kept, every run would fail.
      await database.db.execute(sql.raw('prepare one_row as select 1 as one'));
      const oneRow = database.db.select({ one: sql<number>`1` }).from(sql`(select 1) t`).prepare('one_row');
      await expect(oneRow.execute()).rejects.toMatchObject({ cause: { code: '42P05' } });
      expect(await oneRow.execute()).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});

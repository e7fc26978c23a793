import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/types';

/** A SQL string literal (test values only: ids and phones). */
export const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * Makes the database refuse some writes until the answered function is called: a trigger created by the
 * test raises an error on every row of `table` matching `when` (a condition on NEW or OLD). A failure in
 * the middle of an operation, with no test seam in the code under test. `atCommit` raises only when
 * the transaction commits (a deferred constraint trigger), i.e. after every write of it succeeded.
 */
export async function refuseWrites(
  db: Db,
  input: { table: string; operation: 'INSERT' | 'UPDATE' | 'DELETE'; when: string; atCommit?: boolean },
): Promise<() => Promise<void>> {
  const name = `test_fault_${randomBytes(6).toString('hex')}`;
  await db.execute(
    sql.raw(
      `create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'injected fault ${name}'; end $$`,
    ),
  );
  await db.execute(
    sql.raw(
      input.atCommit
        ? `create constraint trigger ${name} after ${input.operation} on ${input.table} deferrable initially deferred for each row when (${input.when}) execute function ${name}()`
        : `create trigger ${name} before ${input.operation} on ${input.table} for each row when (${input.when}) execute function ${name}()`,
    ),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on ${input.table}`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}

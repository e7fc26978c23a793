import type { Database, DatabaseHandle } from '../src/db/client';

// Faults and pauses at exact points of a transaction, injected from a test through the database the
// app is given: the code under test carries no hook for them.

export interface TransactionTap {
  /** Runs before a transaction begins; the transaction waits for it. */
  beforeBegin?: () => Promise<void>;
  /** Runs inside the transaction after its work, before the commit (throwing rolls it back). */
  beforeCommit?: (tx: Database) => Promise<void>;
  /** Runs after the commit, before the caller goes on. */
  afterCommit?: () => Promise<void>;
}

export interface TappedDatabase {
  /** The same database; every transaction opened through it runs `tap.current`'s steps. */
  handle: DatabaseHandle;
  tap: { current?: TransactionTap | undefined };
}

export function tappedDatabase(handle: DatabaseHandle): TappedDatabase {
  const tap: TappedDatabase['tap'] = {};
  const db = Object.create(handle.db) as Database;
  db.transaction = (async (work, config) => {
    const steps = tap.current;
    await steps?.beforeBegin?.();
    const result = await handle.db.transaction(async (tx) => {
      const answer = await work(tx);
      await steps?.beforeCommit?.(tx as unknown as Database);
      return answer;
    }, config);
    await steps?.afterCommit?.();
    return result;
  }) as Database['transaction'];
  return { handle: { ...handle, db }, tap };
}

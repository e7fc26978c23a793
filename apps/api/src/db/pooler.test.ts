import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client';

// Run by the api-pgbouncer project only (vitest.config.ts): testDatabaseUrl is a PgBouncer in transaction
// mode there, in front of every database of the server. Each case takes a database of its own, so
// PgBouncer's pool for it starts empty and what follows is certain: the first statement runs on server
// connection S1, another client then holds S1 in a transaction, and the same statement again has to
// run on a new connection S2.

const created: string[] = [];
const opened: (DatabaseHandle | pg.Client)[] = [];

async function direct(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('testDirectDatabaseUrl') });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

afterAll(async () => {
  for (const handle of opened) await (handle instanceof pg.Client ? handle.end() : handle.close());
  for (const name of created) await direct(`drop database if exists ${name} with (force)`);
});

/** A fresh database, its URL through the pooler, and its URL straight to PostgreSQL. */
async function freshDatabase(): Promise<{ pooled: string; directUrl: string }> {
  const base = new URL(inject('testDirectDatabaseUrl'));
  const name = `${base.pathname.slice(1)}_n${created.length}`;
  await direct(`create database ${name}`);
  created.push(name);
  const url = (from: string) => {
    const next = new URL(from);
    next.pathname = `/${name}`;
    return next.toString();
  };
  return { pooled: url(inject('testDatabaseUrl')), directUrl: url(inject('testDirectDatabaseUrl')) };
}

/**
 * A named statement run twice by the app's pool (one connection), with another client holding the
 * pooler's first server connection in between: the second run's answer, or its error.
 */
async function namedStatementTwice(pooler: 'none' | 'transaction'): Promise<string> {
  const { pooled, directUrl } = await freshDatabase();
  const database = await openDatabase({ databaseUrl: pooled, directUrl, pooler, poolSize: 1 });
  opened.push(database);
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const named = { name: 'pooler_probe', text: 'select $1::int + 1 as n', values: [41] };
  expect((await pool.query<{ n: number }>(named)).rows[0]?.n).toBe(42);
  const other = new pg.Client({ connectionString: pooled });
  opened.push(other);
  await other.connect();
  await other.query('begin');
  await other.query('select 1');
  try {
    return String((await pool.query<{ n: number }>(named)).rows[0]?.n);
  } catch (error) {
    return (error as Error).message;
  } finally {
    await other.query('commit');
  }
}

describe('named statements through PgBouncer in transaction mode', () => {
  it('with DATABASE_POOLER=transaction a named statement answers on whichever server connection runs it', async () => {
    expect(inject('testPooler')).toBe('transaction');
    expect(await namedStatementTwice('transaction')).toBe('42');
  });

  it('without it the reused statement fails on a connection that never prepared it (why the setting exists)', async () => {
    expect(await namedStatementTwice('none')).toMatch(/prepared statement "pooler_probe" does not exist/);
  });
});

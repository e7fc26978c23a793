import { sql } from 'drizzle-orm';

/**
 * A prepared statement made once per database handle by `build` (named on PostgreSQL, so each connection
 * parses it once, and plans it once where PostgreSQL keeps its generic plan: see constantLimit; a
 * transaction's handle gets its own). For the hot paths: the statement is built by the query builder
 * once, not on every call. Behind a transaction pooler (DATABASE_POOLER=transaction) the name is dropped
 * as the statement goes out (client.ts): parsed at every call, still built once.
 */
export function preparedPer<D extends object, P>(build: (db: D) => P): (db: D) => P {
  const statements = new WeakMap<D, P>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/** One statement per key (of a few values: a page size is 1 to 100), made by `build` on first use. */
export function preparedBy<K, P>(build: (key: K) => P): (key: K) => P {
  const statements = new Map<K, P>();
  return (key) => {
    let statement = statements.get(key);
    if (statement === undefined) {
      statement = build(key);
      statements.set(key, statement);
    }
    return statement;
  };
}

/**
 * A LIMIT written into a prepared statement as a constant instead of a parameter. For `limit $n`
 * PostgreSQL's generic plan counts on reading a tenth of the rows the filter is estimated to match; where
 * one workspace is far larger than the others that costs more than a plan made for the values at hand,
 * so the named statement is planned anew at every execution (on the members page planning took three
 * times the execution: 0.32 against 0.11 ms). With a constant the generic plan is costed for the rows it
 * reads, and PostgreSQL keeps it after its first five executions.
 */
export function constantLimit(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`not a row count: ${rows}`);
  // Drizzle types a limit as a number or a placeholder, and writes a SQL chunk as it is.
  return sql.raw(String(rows)) as unknown as number;
}

/**
 * The rows of a prepared select as the driver read them, one object per row under the statement's column
 * names (alias columns that would clash), without Drizzle's generic mapping into nested objects: for the
 * hottest reads, shaped by hand. The prepared queries of node-postgres answer all(), on PGlite and
 * PostgreSQL alike; the tests of each caller run on both.
 */
export function driverRows<Row>(statement: object, values: Record<string, unknown>): Promise<Row[]> {
  return (statement as { all(values: Record<string, unknown>): Promise<Row[]> }).all(values);
}

/**
 * A value of a prepared statement read through a sub-select, which no plan can see: a custom plan then
 * costs what the generic one does, and PostgreSQL keeps the generic plan after five executions instead
 * of planning the statement again at each (it does so while plans made for the values look cheaper, as
 * they do for an OFFSET, which a generic plan takes to skip a tenth of the rows).
 */
export function unseenValue(name: string, type: 'text' | 'int' | 'timestamptz') {
  return sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
}

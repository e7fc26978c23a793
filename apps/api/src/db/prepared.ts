/**
 * A prepared statement made once per database handle by `build` (named on PostgreSQL, so each connection
 * parses and plans it once; a transaction's handle gets its own). For the hot paths: the statement is
 * built by the query builder once, not on every call.
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

/**
 * The rows of a prepared select as the driver read them, one object per row under the statement's column
 * names (alias columns that would clash), without Drizzle's generic mapping into nested objects: for the
 * hottest reads, shaped by hand. The prepared queries of both drivers (node-postgres, PGlite) answer
 * all(); the tests of each caller run on both.
 */
export function driverRows<Row>(statement: object, values: Record<string, unknown>): Promise<Row[]> {
  return (statement as { all(values: Record<string, unknown>): Promise<Row[]> }).all(values);
}

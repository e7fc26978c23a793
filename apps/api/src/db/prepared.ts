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

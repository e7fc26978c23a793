import type { Database } from './client';

/** A database or a transaction on it: what every repository function takes. */
export type Db = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** True when a query failed on a unique index (SQLSTATE 23505), looking through Drizzle's wrapper. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

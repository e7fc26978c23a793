import { type SQL, sql } from 'drizzle-orm';
import type { TableEntry } from './registry';

// What the backups module's queries share: raw SQL pieces and the pacing of bulk statements.

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new Error('expected bytes');
}

export const t = sql.raw('t');
export const ident = (name: string) => sql.identifier(name);
export const list = (items: SQL[]) => sql.join(items, sql`, `);
export const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
export const scopeColumn = (entry: TableEntry) => (entry.scope === 'id' ? 'id' : 'workspace_id');
/** A row of `t` (a table of `entry`) as archived: its JSON without the binary and derived columns. */
export function archivedRow(entry: TableEntry): SQL {
  const left = [...(entry.binary ? [entry.binary.column] : []), ...(entry.derived ?? [])];
  return left.length > 0
    ? sql`to_jsonb(${t}) - array[${list(left.map((column) => sql`${column}`))}]::text[]`
    : sql`to_jsonb(${t})`;
}

/** Lets the event loop run between statements and between slices of work on rows. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rows a pass over an archive's rows handles between two turns of the event loop. */
const rowsPerTurn = 2000;

/**
 * Calls `visit` on each row, letting the event loop run every rowsPerTurn rows: one pass over 100,000
 * rows in one go held every request for tens of milliseconds, and a restore makes several.
 */
export async function visitRows<T>(rows: readonly T[], visit: (row: T) => void): Promise<void> {
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % rowsPerTurn === 0) await yieldToEventLoop();
    visit(rows[i] as T);
  }
}

/** What `keep` answers for each row (undefined leaves the row out), a turn of the event loop at a time. */
export async function sift<T, U>(rows: readonly T[], keep: (row: T) => U | undefined): Promise<U[]> {
  const kept: U[] = [];
  await visitRows(rows, (row) => {
    const value = keep(row);
    if (value !== undefined) kept.push(value);
  });
  return kept;
}

/**
 * Rows per statement for the bulk reads and writes of a workspace's data, one Pace per table. A
 * statement's rows are built and read on the API's thread, and the embedded database's one connection is
 * busy while it runs: one over 10,000 rows took most of a second. The size follows the time the last
 * statement took (at most doubling or halving at a step), so a statement takes about the target on any
 * machine; on a PostgreSQL server statements are fast and the size soon reaches its maximum. Each
 * statement is preceded by a yield.
 */
export class Pace {
  private rows = 100;
  private static readonly targetMs = 20;
  private static readonly minRows = 50;
  private static readonly maxRows = 2000;

  async run<T>(statement: (rows: number) => Promise<T>): Promise<T> {
    await yieldToEventLoop();
    const started = performance.now();
    const result = await statement(this.rows);
    const took = performance.now() - started;
    const factor = Math.min(2, Math.max(0.5, Pace.targetMs / Math.max(took, 1)));
    this.rows = Math.min(Pace.maxRows, Math.max(Pace.minRows, Math.round(this.rows * factor)));
    return result;
  }
}

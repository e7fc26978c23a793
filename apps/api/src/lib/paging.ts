import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { unseenValue } from '../db/prepared';
import type { Db } from '../db/types';

// Pages that cost the same at the start and at the end of a list of 100,000 rows: the total is read
// from counts kept by triggers (modules/workspaces/list-counts.ts), and a page in the second half of
// the list is read backwards from its end along the same index, so OFFSET never walks more than half
// the list and the last page walks nothing.

/**
 * The farthest a page starts: past every list's end, and with a page added still a Postgres `int`, the
 * offset's type in the page statements (a page number of a billion would overflow it).
 */
const farthestOffset = 1_000_000_000;

/** The rows page `page` (counted from 1) of `pageSize` rows holds: where it starts and how many. */
export function pageSlice(query: { page: number; pageSize: number }): { offset: number; limit: number } {
  return { offset: Math.min((query.page - 1) * query.pageSize, farthestOffset), limit: query.pageSize };
}

/** A page answer: the items of one page and the list's total, at the query's page and size. */
export function pageAnswer<Item>(
  items: Item[],
  total: number,
  query: { page: number; pageSize: number },
): { items: Item[]; total: number; page: number; pageSize: number } {
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** A page's rows and the list's total, read at once: `counted` is a count query answering one row. */
export async function rowsWithTotal<Row>(
  rows: PromiseLike<Row[]>,
  counted: PromiseLike<{ value: number }[]>,
): Promise<{ rows: Row[]; total: number }> {
  const [pageRows, [totalRow]] = await Promise.all([rows, counted]);
  return { rows: pageRows, total: Number(totalRow?.value ?? 0) };
}

/** Which rows to read for a page: forwards from the start, or backwards from the end when nearer it. */
export interface PageWindow {
  reverse: boolean;
  offset: number;
  limit: number;
}

/** The window of rows [offset, offset + limit) of `total`; undefined past the end. */
export function pageWindow(total: number, offset: number, limit: number): PageWindow | undefined {
  if (offset >= total) return undefined;
  const end = Math.min(total, offset + limit);
  if (offset <= total - end) return { reverse: false, offset, limit: end - offset };
  return { reverse: true, offset: total - end, limit: end - offset };
}

/**
 * An unsearched page of `total` rows read from the nearer end: `read` fetches the window (in reverse
 * order when `window.reverse`), and the rows come back in the list's order.
 */
export async function nearerEndPage<Row>(
  total: number,
  page: { offset: number; limit: number },
  read: (window: PageWindow) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: number }> {
  const window = pageWindow(total, page.offset, page.limit);
  if (!window) return { rows: [], total };
  const rows = await read(window);
  return { rows: window.reverse ? rows.reverse() : rows, total };
}

/** What a page read from the nearer end in one statement is made of (nearerEndSource). */
export interface NearerEndParts {
  /** The list's kept count, as a scalar sub-select. */
  total: SQL;
  /** Further columns of the count's row, `c` (such as `… as expired_pending`). */
  more?: SQL;
  /** The list's table, its filter, its order and the same order read from the other end. */
  table: PgTable;
  where: SQL;
  forwards: SQL;
  backwards: SQL;
  /** The page size, written into the statement (db/prepared.ts, constantLimit). */
  limit: number;
}

/**
 * The FROM of one statement reading an unsearched page from the nearer end (pageWindow worked out in
 * SQL from the kept count, placeholder `offset`): the count's row `c` (its column `total`) left joined
 * to the page's rows, which go by the table's own name, so the caller's columns, LEFT joins and ORDER BY
 * (the list's order again) read them as the table. Of the two branches only the one whose window holds
 * runs (a one-time filter: the other's scan is never started). Backwards it reads the page's size from
 * where the page ends; on a short last page that takes rows of the page before, which nearerEndRows
 * drops. Hide the filter's values from custom plans too (unseenValue): a plan made for a large
 * workspace counts on skipping a tenth of its rows.
 */
export function nearerEndSource(parts: NearerEndParts): SQL {
  const offset = unseenValue('offset', 'int');
  const limit = sql.raw(String(parts.limit));
  const nearerStart = sql`${offset} <= c.total - least(c.total, ${offset} + ${limit})`;
  // OFFSET 0 keeps `c` a sub-select of its own: pulled up, each use of c.total ran the count again. The
  // branches read the table alone; joined after them, the joins are planned once, not once a branch.
  return sql`(select ${parts.total} as total${parts.more ? sql`, ${parts.more}` : sql``} offset 0) c
    left join lateral (
      (select * from ${parts.table} where ${parts.where} and ${nearerStart}
        order by ${parts.forwards} offset ${offset} limit ${limit})
      union all
      (select * from ${parts.table} where ${parts.where} and not ${nearerStart} and ${offset} < c.total
        order by ${parts.backwards} offset greatest(c.total - ${offset} - ${limit}, 0) limit ${limit})
    ) ${parts.table} on true`;
}

/**
 * The page's rows and the total of a statement over nearerEndSource, its rows in the list's order (a
 * row `id` null is the count's row alone: no page there).
 */
export function nearerEndRows<Row extends { id: string | null; total: string | number }>(
  answer: Row[],
  page: { offset: number; limit: number },
): { rows: Row[]; total: number } {
  const total = Number(answer[0]?.total ?? 0);
  const window = pageWindow(total, page.offset, page.limit);
  const read = answer.filter((row) => row.id !== null);
  return { rows: window?.reverse ? read.slice(read.length - window.limit) : read, total };
}

/**
 * The audit log's totals are counted up to this many rows (docs/api.md, "Capped totals"): past it a total
 * says "more than 1,000", so a log of 100,000 entries costs what one of 1,001 does.
 */
export const totalCap = 1000;

/**
 * Searched totals of the person lists (members, directory, invitations sent) are counted up to this many
 * matches: a search matching a tenth of 100,000 rows then reads about 1,000 rows to count, where one in
 * a 100-person workspace reads 100 (docs/performance.md, "Every list").
 */
export const searchTotalCap = 100;

/** A total counted up to a cap + 1 rows: `capped` when there are more than the cap. */
export interface CappedTotal {
  total: number;
  capped: boolean;
}

/**
 * Counts the rows of `rows` (a select of the filtered rows, any columns) up to `cap` + 1: more than the
 * cap reads as `cap` + 1 rows and `capped`.
 */
export async function cappedCount(db: Db, rows: SQLWrapper, cap = totalCap): Promise<CappedTotal> {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(sql`(${rows} limit ${sql.raw(String(cap + 1))}) as capped_rows`);
  return cappedTotal(row?.value ?? 0, cap);
}

/** A count read with `cap` + 1 as its limit, as a total. */
export function cappedTotal(counted: number, cap = totalCap): CappedTotal {
  return { total: counted, capped: counted > cap };
}

/**
 * How many matches, in the list's order, a searched page and its capped count need at most: the rows up
 * to the page's end, or the cap + 1 the count reads. Each way of finding matches stops after so many.
 */
export function searchReach(page: { offset: number; limit: number }): number {
  return Math.max(page.offset + page.limit, searchTotalCap + 1);
}

/**
 * A searched page read from its matches found once: `matchIds(reach)` answers the ids of the first
 * `reach` matches in the list's order (searchReach), which give both the capped total and the page's
 * ids; `rowsOf(ids)` reads those rows in the list's order. Walking the matches once, not once for the
 * page and again for the count, halves a broad search's cost.
 */
export async function searchedPage<Row>(
  page: { offset: number; limit: number },
  matchIds: (reach: number) => Promise<string[]>,
  rowsOf: (ids: string[]) => Promise<Row[]>,
): Promise<{ rows: Row[] } & CappedTotal> {
  const ids = await matchIds(searchReach(page));
  const pageIds = ids.slice(page.offset, page.offset + page.limit);
  const rows = pageIds.length > 0 ? await rowsOf(pageIds) : [];
  return { rows, ...cappedTotal(Math.min(ids.length, searchTotalCap + 1), searchTotalCap) };
}

/** A page whose total may be capped: `totalCapped: true` says "more than `total` - 1". */
export interface CappedPage<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
  totalCapped?: true;
}

/** A page answer whose total may be capped (the flag is left out when the total is exact). */
export function cappedPageAnswer<Item>(
  items: Item[],
  counted: CappedTotal,
  query: { page: number; pageSize: number },
): CappedPage<Item> {
  const answer = pageAnswer(items, counted.total, query);
  return counted.capped ? { ...answer, totalCapped: true } : answer;
}

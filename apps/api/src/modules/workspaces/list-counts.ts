import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { workspaceListCounts } from './schema';

// The rows of a workspace's lists, counted by triggers into workspace_list_counts, so a page reads its
// total with one primary-key read instead of counting (lib/paging.ts reads the page itself).

/** The counted rows of a workspace list, for the keys given (all keys when none). */
export function listCountOf(
  workspaceId: string | SQL.Aliased | ReturnType<typeof sql.placeholder>,
  list: string,
  keys?: string[],
) {
  const keyFilter = keys ? sql` and ${workspaceListCounts.key} in ${keys}` : sql``;
  return sql<number>`(select coalesce(sum(${workspaceListCounts.rows}), 0) from ${workspaceListCounts}
    where ${workspaceListCounts.workspaceId} = ${workspaceId} and ${workspaceListCounts.list} = ${list}${keyFilter})`.mapWith(
    Number,
  );
}

/** Reads the counted rows of a workspace list (one primary-key read). */
export async function readListCount(
  db: Db,
  workspaceId: string,
  list: string,
  keys?: string[],
): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(sum(${workspaceListCounts.rows}), 0)`.mapWith(Number) })
    .from(workspaceListCounts)
    .where(
      and(
        eq(workspaceListCounts.workspaceId, workspaceId),
        eq(workspaceListCounts.list, list),
        keys ? sql`${workspaceListCounts.key} in ${keys}` : undefined,
      ),
    );
  return row?.value ?? 0;
}

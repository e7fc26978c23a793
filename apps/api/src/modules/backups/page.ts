import type { Backup } from '@wsm/contracts';
import { sql } from 'drizzle-orm';
import { constantLimit, driverRows, preparedBy, preparedPer } from '../../db/prepared';
import type { Db } from '../../db/types';
import { users } from '../identity/schema';
import { workspaceBackups } from './schema';

// The unsearched backups page as ONE named prepared statement per page size and filter (as the members
// first page, docs/performance.md "What keeps it fast"): the total beside the page and its creators,
// the answer's items shaped by hand from the driver's rows.

const names = [
  'id',
  'workspace_id',
  'source',
  'size',
  'sha256',
  'format_version',
  'counts',
  'snapshot_date',
  'created_by',
  'created_date',
  'creator_id',
  'first_name',
  'last_name',
  'username',
];

const pageStatement = preparedPer((db: Db) =>
  preparedBy((key: string) => {
    const [size, bySource] = key.split(':');
    const pageSize = Number(size);
    const filter =
      bySource === 's'
        ? sql`b.workspace_id = ${sql.placeholder('workspaceId')} and b.source = ${sql.placeholder('source')}`
        : sql`b.workspace_id = ${sql.placeholder('workspaceId')}`;
    // One row even past the end (the count, the page's columns null), so the total always comes back.
    return db
      .select({
        total: sql.raw('t.total').as('total'),
        ...Object.fromEntries(names.map((name) => [name, sql.raw(`p.${name}`).as(name)])),
      })
      .from(
        sql`(select count(*) as total from ${workspaceBackups} b where ${filter}) t
            left join lateral (
              select b.id, b.workspace_id, b.source, b.size, b.sha256, b.format_version, b.counts,
                b.snapshot_date, b.created_by, b.created_date,
                u.id as creator_id, u.first_name, u.last_name, u.username
              from ${workspaceBackups} b left join ${users} u on u.id = b.created_by
              where ${filter}
              order by b.created_date desc, b.id desc
              limit ${constantLimit(pageSize)} offset ${sql.placeholder('offset')}
            ) p on true`,
      )
      .orderBy(sql`p.created_date desc, p.id desc`)
      .prepare(`backups_page_${pageSize}${bySource === 's' ? '_source' : ''}`);
  }),
);

/** A row of the page statement as the driver answers it (the count is a bigint: a string on node-postgres). */
interface PageRow {
  total: string | number;
  id: string | null;
  workspace_id: string;
  source: Backup['source'];
  size: number;
  sha256: string;
  format_version: number;
  counts: Record<string, number> | string;
  snapshot_date: string;
  created_by: string | null;
  created_date: string;
  creator_id: string | null;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
}

// As Drizzle maps a timestamptz: both drivers hand it over as text.
const isoDate = (value: string) => new Date(value).toISOString();

/** An unsearched page of a workspace's backups (of one source when given), newest first, and the total. */
export async function backupsPage(
  db: Db,
  workspaceId: string,
  page: { offset: number; limit: number; source?: Backup['source'] | undefined },
): Promise<{ items: Backup[]; total: number }> {
  const rows = await driverRows<PageRow>(pageStatement(db)(`${page.limit}:${page.source ? 's' : ''}`), {
    workspaceId,
    source: page.source,
    offset: page.offset,
  });
  const items: Backup[] = [];
  for (const row of rows) {
    if (row.id === null) continue;
    items.push({
      id: row.id,
      workspaceId: row.workspace_id,
      source: row.source,
      size: row.size,
      sha256: row.sha256,
      createdDate: isoDate(row.created_date),
      createdBy: row.created_by,
      creator:
        row.creator_id !== null
          ? { id: row.creator_id, firstName: row.first_name, lastName: row.last_name, username: row.username }
          : null,
      snapshotDate: isoDate(row.snapshot_date),
      formatVersion: row.format_version,
      counts: typeof row.counts === 'string' ? JSON.parse(row.counts) : row.counts,
    });
  }
  return { items, total: Number(rows[0]?.total ?? 0) };
}

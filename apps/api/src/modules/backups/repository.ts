import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import type { GlobalKeyValues, WorkspaceData } from './format';
import {
  archivedRow,
  ident,
  jsonParam,
  list,
  Pace,
  rowsOf,
  scopeColumn,
  t,
  toBuffer,
  yieldToEventLoop,
} from './pace';
import { type ArchiveRow, columnNames, type TableEntry, tableName, workspaceTables } from './registry';

// Queries of the backups module. The registry's tables are read and written generically (to_jsonb out,
// jsonb_populate_recordset in); the stored backups (backup-store.ts) through Drizzle.

export * from './backup-store';
export * from './restore-lookups';

// ---------- reading and replacing a workspace's data

/**
 * Walks a table's rows of a workspace in paced keyset batches, in the registry's order: `batch` runs one
 * statement over `rows` (`from … where … order by … limit`, the table aliased `t`, its key
 * `keyColumns`), which starts after the last key of the batch before on the (scope, key) index, and
 * answers how many rows it took and the last of them. A batch that searched from the start of the
 * workspace's rows instead stepped over every row the ones before had read or deleted (deleted rows stay
 * in the table until vacuumed): at 100,000 rows, minutes of statements. Callers turn sorting off
 * (readWorkspaceData says why).
 */
async function eachKeysetBatch(
  workspaceId: string,
  entry: TableEntry,
  batch: (rows: SQL, keyColumns: SQL) => Promise<{ taken: number; last: ArchiveRow | undefined }>,
): Promise<void> {
  const keyColumns = list(entry.orderBy.map((column) => sql`${t}.${ident(column)}`));
  const pace = new Pace();
  let after = sql``;
  for (;;) {
    const { taken, last, size } = await pace.run(async (size) => ({
      ...(await batch(
        sql`from ${ident(tableName(entry))} ${t}
            where ${t}.${ident(scopeColumn(entry))} = ${workspaceId}${after}
            order by ${keyColumns} limit ${size}`,
        keyColumns,
      )),
      size,
    }));
    if (taken < size || !last) return;
    after = sql` and (${keyColumns}) > (${list(entry.orderBy.map((column) => sql`${last[column]}`))})`;
  }
}

/**
 * Keeps sorts out of the transaction's plans, so each batch comes from the (workspace_id, key) index in
 * order, until inIndexOrderEnds. JIT goes off with them: a sort left in a plan (lastKeyOf's) is then
 * costed past JIT's thresholds, and PostgreSQL compiled every batch statement (~47 ms each).
 */
async function inIndexOrder(tx: Db): Promise<void> {
  await tx.execute(sql`set local enable_sort to off`);
  await tx.execute(sql`set local jit to off`);
}

async function inIndexOrderEnds(tx: Db): Promise<void> {
  await tx.execute(sql`set local enable_sort to default`);
  await tx.execute(sql`set local jit to default`);
}

/** The key of the last row `rows` (a CTE's name) holds, in the registry's order, as JSON. */
const lastKeyOf = (entry: TableEntry, rows: string) =>
  sql`(select to_jsonb(r) from ${sql.raw(rows)} r order by ${list(entry.orderBy.map((column) => sql`${ident(column)} desc`))} limit 1)`;

/**
 * Reads every registry table of a workspace, in the transaction given (the caller opens it REPEATABLE
 * READ, so every table is read from one snapshot). Timestamps come out in UTC with their microseconds.
 */
export async function readWorkspaceData(tx: Db, workspaceId: string, readDate: Date): Promise<WorkspaceData> {
  await tx.execute(sql`set local timezone to 'UTC'`);
  // Each page must come from the (workspace_id, id) index in order. Without statistics (the embedded
  // database has no autovacuum to gather them) the planner sorts the workspace's whole table for every
  // page instead: pages of a 10,000-row table took seconds.
  await inIndexOrder(tx);
  const tables = new Map<string, ArchiveRow[]>();
  const binaries = new Map<string, Map<string, Buffer>>();
  for (const entry of workspaceTables) {
    const name = tableName(entry);
    const binary = entry.binary?.column;
    const json = archivedRow(entry);
    const rows: ArchiveRow[] = [];
    const bytes = new Map<string, Buffer>();
    await eachKeysetBatch(workspaceId, entry, async (batch) => {
      const result = await tx.execute(
        sql`select ${json} as "row"${binary ? sql`, ${t}.${ident(binary)} as "binary"` : sql``} ${batch}`,
      );
      const page = rowsOf<{ row: ArchiveRow; binary?: unknown }>(result);
      for (const { row, binary: value } of page) {
        rows.push(row);
        if (binary) bytes.set(String(row.id), toBuffer(value));
      }
      return { taken: page.length, last: page.at(-1)?.row };
    });
    tables.set(name, rows);
    if (binary) binaries.set(name, bytes);
  }
  await inIndexOrderEnds(tx);
  const workspace = tables.get('workspaces')?.[0];
  return {
    workspaceId,
    workspaceName: String(workspace?.workspace_name ?? ''),
    createdDate: readDate.toISOString(),
    tables,
    binaries,
  };
}

/**
 * Replaces a workspace's data with `data` inside the caller's transaction: every registry table's rows
 * of this workspace are deleted (children first) and the archive's inserted (parents first); the
 * workspace row itself is updated in place. Only rows carrying this workspace's id are touched.
 */
export async function replaceWorkspaceData(tx: Db, workspaceId: string, data: WorkspaceData): Promise<void> {
  for (const entry of [...workspaceTables].reverse())
    if (entry.scope === 'workspace_id') await deleteWorkspaceRows(tx, workspaceId, entry);
  for (const entry of workspaceTables) {
    const name = tableName(entry);
    const rows = data.tables.get(name) ?? [];
    if (entry.scope === 'id') {
      const columns = columnNames(entry).filter((column) => column !== 'id');
      await tx.execute(
        sql`update ${ident(name)} w set (${list(columns.map((column) => sql`${ident(column)}`))}) =
              (${list(columns.map((column) => sql`r.${ident(column)}`))})
            from jsonb_populate_record(null::${ident(name)}, ${jsonParam(rows[0])}) r
            where w.id = ${workspaceId}`,
      );
      continue;
    }
    if (entry.binary) {
      const column = entry.binary.column;
      const values = data.binaries.get(name);
      // One row at a time: each carries its bytes (hex in the JSON parameter).
      for (const row of rows) {
        const bytes = values?.get(String(row.id));
        if (!bytes) throw new Error(`no ${column} for ${name} ${String(row.id)}`);
        await tx.execute(
          sql`insert into ${ident(name)} select * from jsonb_populate_record(null::${ident(name)},
              ${jsonParam({ ...row, [column]: `\\x${bytes.toString('hex')}` })})`,
        );
      }
      continue;
    }
    const pace = new Pace();
    for (let done = 0; done < rows.length; ) {
      done += await pace.run(async (size) => {
        const batch = rows.slice(done, done + size);
        await tx.execute(
          sql`insert into ${ident(name)} select * from jsonb_populate_recordset(null::${ident(name)}, ${jsonParam(batch)})`,
        );
        return batch.length;
      });
    }
  }
}

/** Deletes a workspace's rows of one table in keyset batches (eachKeysetBatch). */
async function deleteWorkspaceRows(tx: Db, workspaceId: string, entry: TableEntry): Promise<void> {
  const name = ident(tableName(entry));
  const keys = list(entry.orderBy.map((column) => sql`${ident(column)}`));
  // As in readWorkspaceData: the batch must come from the index in order, not from a sort of every row.
  await inIndexOrder(tx);
  await eachKeysetBatch(workspaceId, entry, async (batch) => {
    const result = await tx.execute(
      sql`with gone as (delete from ${name} where ctid = any(array(select ${t}.ctid ${batch})) returning ${keys})
          select (select count(*)::int from gone) as n, ${lastKeyOf(entry, 'gone')} as "last"`,
    );
    const answer = rowsOf<{ n: number; last: ArchiveRow | null }>(result)[0];
    return { taken: answer?.n ?? 0, last: answer?.last ?? undefined };
  });
  await inIndexOrderEnds(tx);
}

/**
 * Rows per registry table of a workspace, counted in paced keyset batches on the (workspace_id, key)
 * index: one count of a 100,000-row table held the embedded database for most of a second.
 */
export async function countWorkspaceRows(db: Db, workspaceId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  // As in readWorkspaceData: each batch must come from the index in order, not from a sort.
  await inIndexOrder(db);
  for (const entry of workspaceTables) {
    let total = 0;
    await eachKeysetBatch(workspaceId, entry, async (batch, keyColumns) => {
      const result = await db.execute(
        sql`with page as (select ${keyColumns} ${batch})
            select (select count(*)::int from page) as n, ${lastKeyOf(entry, 'page')} as "last"`,
      );
      const answer = rowsOf<{ n: number; last: ArchiveRow | null }>(result)[0];
      total += answer?.n ?? 0;
      return { taken: answer?.n ?? 0, last: answer?.last ?? undefined };
    });
    counts[tableName(entry)] = total;
  }
  await inIndexOrderEnds(db);
  return counts;
}

/**
 * The first registry table some of whose values (ids, tokens, the workspace name, gathered per key by
 * the archive worker as JSON text) a row of another workspace holds; undefined when none does. Such an
 * archive could only overwrite or collide with another tenant's data. The values never come to this
 * thread as rows: gathering them here held the event loop for most of a second at 100,000 users.
 */
export async function findForeignKeys(
  db: Db,
  workspaceId: string,
  keys: GlobalKeyValues[],
): Promise<string | undefined> {
  for (const key of keys) {
    const entry = workspaceTables.find((candidate) => tableName(candidate) === key.table);
    if (!entry) continue;
    const column = key.caseInsensitive
      ? sql`lower(${t}.${ident(key.column)})`
      : sql`${t}.${ident(key.column)}`;
    for (const valuesJson of key.batchesJson) {
      await yieldToEventLoop();
      const result = await db.execute(
        sql`select 1 as found from ${ident(key.table)} ${t}
            where ${column} in (select jsonb_array_elements_text(${valuesJson}::jsonb))
              and ${t}.${ident(scopeColumn(entry))} is distinct from ${workspaceId}
            limit 1`,
      );
      if (rowsOf(result).length > 0) return key.table;
    }
  }
  return undefined;
}

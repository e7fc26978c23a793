import { sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import type { GlobalKeyValues, WorkspaceData } from './format';
import { ident, jsonParam, list, Pace, rowsOf, scopeColumn, t, toBuffer, yieldToEventLoop } from './pace';
import { type ArchiveRow, columnNames, type TableEntry, tableName, workspaceTables } from './registry';

// Queries of the backups module. The registry's tables are read and written generically (to_jsonb out,
// jsonb_populate_recordset in); the stored backups (backup-store.ts) through Drizzle.

export * from './backup-store';
export * from './restore-lookups';

// ---------- reading and replacing a workspace's data

/**
 * Reads every registry table of a workspace, in the transaction given (the caller opens it REPEATABLE
 * READ, so every table is read from one snapshot). Timestamps come out in UTC with their microseconds.
 */
export async function readWorkspaceData(tx: Db, workspaceId: string, readDate: Date): Promise<WorkspaceData> {
  await tx.execute(sql`set local timezone to 'UTC'`);
  // Each page must come from the (workspace_id, id) index in order. Without statistics (the embedded
  // database has no autovacuum to gather them) the planner sorts the workspace's whole table for every
  // page instead: pages of a 10,000-row table took seconds.
  await tx.execute(sql`set local enable_sort to off`);
  const tables = new Map<string, ArchiveRow[]>();
  const binaries = new Map<string, Map<string, Buffer>>();
  for (const entry of workspaceTables) {
    const name = tableName(entry);
    const binary = entry.binary?.column;
    const json = binary ? sql`to_jsonb(${t}) - ${binary}::text` : sql`to_jsonb(${t})`;
    const keyColumns = list(entry.orderBy.map((column) => sql`${t}.${ident(column)}`));
    const rows: ArchiveRow[] = [];
    const bytes = new Map<string, Buffer>();
    const pace = new Pace();
    // Keyset pages in the registry's order: each statement starts after the last row of the one before.
    let after: unknown[] | undefined;
    for (;;) {
      const { page, size } = await pace.run(async (size) => {
        const result = await tx.execute(
          sql`select ${json} as "row"${binary ? sql`, ${t}.${ident(binary)} as "binary"` : sql``}
              from ${ident(name)} ${t}
              where ${t}.${ident(scopeColumn(entry))} = ${workspaceId}
                ${after ? sql`and (${keyColumns}) > (${list(after.map((value) => sql`${value}`))})` : sql``}
              order by ${keyColumns} limit ${size}`,
        );
        return { page: rowsOf<{ row: ArchiveRow; binary?: unknown }>(result), size };
      });
      for (const { row, binary: value } of page) {
        rows.push(row);
        if (binary) bytes.set(String(row.id), toBuffer(value));
      }
      const last = page.at(-1)?.row;
      if (page.length < size || !last) break;
      after = entry.orderBy.map((column) => last[column]);
    }
    tables.set(name, rows);
    if (binary) binaries.set(name, bytes);
  }
  await tx.execute(sql`set local enable_sort to default`);
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

/**
 * Deletes a workspace's rows of one table in paced keyset batches, in the registry's order. Each batch
 * starts after the last key of the one before on the (workspace_id, key) index: a batch that searched
 * from the start of the workspace's rows stepped over every row already deleted in this transaction
 * (still in the table and its indexes until vacuumed), so 100,000 rows took minutes of statements.
 */
async function deleteWorkspaceRows(tx: Db, workspaceId: string, entry: TableEntry): Promise<void> {
  const name = ident(tableName(entry));
  const keyColumns = list(entry.orderBy.map((column) => sql`${t}.${ident(column)}`));
  const keys = list(entry.orderBy.map((column) => sql`${ident(column)}`));
  const lastKeys = list(entry.orderBy.map((column) => sql`${ident(column)} desc`));
  // As in readWorkspaceData: the batch must come from the index in order, not from a sort of every row.
  await tx.execute(sql`set local enable_sort to off`);
  const pace = new Pace();
  let after: unknown[] | undefined;
  for (;;) {
    const { deleted, last, size } = await pace.run(async (size) => {
      const result = await tx.execute(
        sql`with gone as (
              delete from ${name} where ctid = any(array(
                select ${t}.ctid from ${name} ${t}
                where ${t}.workspace_id = ${workspaceId}
                  ${after ? sql`and (${keyColumns}) > (${list(after.map((value) => sql`${value}`))})` : sql``}
                order by ${keyColumns} limit ${size}))
              returning ${keys})
            select (select count(*)::int from gone) as n,
              (select to_jsonb(g) from gone g order by ${lastKeys} limit 1) as "last"`,
      );
      const answer = rowsOf<{ n: number; last: ArchiveRow | null }>(result)[0];
      return { deleted: answer?.n ?? 0, last: answer?.last, size };
    });
    if (deleted < size || !last) break;
    after = entry.orderBy.map((column) => last[column]);
  }
  await tx.execute(sql`set local enable_sort to default`);
}

/**
 * Rows per registry table of a workspace, counted in paced keyset batches on the (workspace_id, key)
 * index: one count of a 100,000-row table held the embedded database (the API's thread) for most of a
 * second.
 */
export async function countWorkspaceRows(db: Db, workspaceId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  // As in readWorkspaceData: each batch must come from the index in order, not from a sort.
  await db.execute(sql`set local enable_sort to off`);
  for (const entry of workspaceTables) {
    const name = tableName(entry);
    const keyColumns = list(entry.orderBy.map((column) => sql`${t}.${ident(column)}`));
    const lastKeys = list(entry.orderBy.map((column) => sql`${ident(column)} desc`));
    const pace = new Pace();
    let after: unknown[] | undefined;
    let total = 0;
    for (;;) {
      const { n, last, size } = await pace.run(async (size) => {
        const result = await db.execute(
          sql`with page as (
                select ${keyColumns} from ${ident(name)} ${t}
                where ${t}.${ident(scopeColumn(entry))} = ${workspaceId}
                  ${after ? sql`and (${keyColumns}) > (${list(after.map((value) => sql`${value}`))})` : sql``}
                order by ${keyColumns} limit ${size})
              select (select count(*)::int from page) as n,
                (select to_jsonb(p) from page p order by ${lastKeys} limit 1) as "last"`,
        );
        const answer = rowsOf<{ n: number; last: ArchiveRow | null }>(result)[0];
        return { n: answer?.n ?? 0, last: answer?.last, size };
      });
      total += n;
      if (n < size || !last) break;
      after = entry.orderBy.map((column) => last[column]);
    }
    counts[name] = total;
  }
  await db.execute(sql`set local enable_sort to default`);
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

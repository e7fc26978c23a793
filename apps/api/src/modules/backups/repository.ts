import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { containsPattern } from '../../lib/search';
import { users } from '../identity/schema';
import type { GlobalKeyValues, WorkspaceData } from './format';
import { type ArchiveRow, columnNames, type TableEntry, tableName, workspaceTables } from './registry';
import { type WorkspaceBackupRow, workspaceBackupChunks, workspaceBackups } from './schema';

// Queries of the backups module. The registry's tables are read and written generically (to_jsonb out,
// jsonb_populate_recordset in); the module's own table through Drizzle.

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new Error('expected bytes');
}

const t = sql.raw('t');
const ident = (name: string) => sql.identifier(name);
const list = (items: SQL[]) => sql.join(items, sql`, `);
const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const scopeColumn = (entry: TableEntry) => (entry.scope === 'id' ? 'id' : 'workspace_id');

/**
 * Lets the event loop run between statements. The embedded database answers within microtasks, so a
 * loop of queries would otherwise hold the API's thread from its first statement to its last.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Rows per statement for the bulk reads and writes of a workspace's data, one Pace per table. The embedded database runs a
 * statement on the API's thread: one over 10,000 rows held every tenant's requests for most of a second.
 * The size follows the time the last statement took (at most doubling or halving at a step), so a
 * statement takes about the target on any machine; on a PostgreSQL server statements are fast and the
 * size soon reaches its maximum. Each statement is preceded by a yield.
 */
class Pace {
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
  // Each batch starts after the last key of the one before, in the registry's order, from the
  // (workspace_id, key) index (enable_sort off, as readWorkspaceData): the rows deleted earlier in this
  // transaction stay in the index until a vacuum, so a batch that searched from the start walked past
  // all of them (98,999 invitations took 217 s in bench:backup). Rows are then deleted by ctid.
  await tx.execute(sql`set local enable_sort to off`);
  for (const entry of [...workspaceTables].reverse()) {
    if (entry.scope !== 'workspace_id') continue;
    const name = ident(tableName(entry));
    const keyColumns = list(entry.orderBy.map((column) => sql`${t}.${ident(column)}`));
    const pace = new Pace();
    let after: unknown[] | undefined;
    for (;;) {
      const { last, deleted, size } = await pace.run(async (size) => {
        const result = await tx.execute(
          sql`with batch as (
                select ${t}.ctid as row_ctid, ${keyColumns} from ${name} ${t}
                where ${t}.workspace_id = ${workspaceId}
                  ${after ? sql`and (${keyColumns}) > (${list(after.map((value) => sql`${value}`))})` : sql``}
                order by ${keyColumns} limit ${size}),
              gone as (
                delete from ${name} where ctid = any(array(select row_ctid from batch)) returning 1)
              select (select count(*)::int from gone) as n,
                (select to_jsonb(b) - 'row_ctid' from batch b
                 order by ${list(entry.orderBy.map((column) => sql`b.${ident(column)} desc`))} limit 1) as last`,
        );
        const answer = rowsOf<{ n: number; last: ArchiveRow | null }>(result)[0];
        return { last: answer?.last ?? null, deleted: answer?.n ?? 0, size };
      });
      if (deleted < size || !last) break;
      after = entry.orderBy.map((column) => last[column]);
    }
  }
  await tx.execute(sql`set local enable_sort to default`);
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

/** Rows per registry table of a workspace. */
export async function countWorkspaceRows(db: Db, workspaceId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const entry of workspaceTables) {
    const name = tableName(entry);
    const result = await db.execute(
      sql`select count(*)::int as n from ${ident(name)} where ${ident(scopeColumn(entry))} = ${workspaceId}`,
    );
    counts[name] = rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  }
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

/**
 * Asks the database about `values` a paced slice at a time, each slice one JSON array parameter
 * joined on the database side (`ask` writes the statement): the values are not sent back, and no
 * statement runs long on the embedded database, which holds the API's thread while it runs.
 */
async function askInSlices<T>(db: Db, values: string[], ask: (json: string) => SQL): Promise<T[]> {
  const answers: T[] = [];
  const pace = new Pace();
  for (let done = 0; done < values.length; ) {
    done += await pace.run(async (size) => {
      const slice = values.slice(done, done + size);
      for (const row of rowsOf<T>(await db.execute(ask(JSON.stringify(slice))))) answers.push(row);
      return slice.length;
    });
  }
  return answers;
}

/**
 * Which of the accounts `userIds` the workspace has a relation with right now: its members, and the
 * invitees of its pending invitations. A restore may bring back rows about these people only. Each id
 * is looked up by index through a lateral sub-select (`limit 1`, `offset 0`), which the planner cannot
 * turn into a hash join nor merge with the workspace filter: so planned, the embedded database (no
 * statistics) read all of a large workspace's members or pending invitations for every id or slice
 * (planRestore took 111 s at 100,000 users). Invitations are found by invitee only
 * (workspace_invitations_invitee_idx); their workspace and status are compared after.
 */
export async function currentPeople(
  db: Db,
  workspaceId: string,
  userIds: string[],
): Promise<{ members: Set<string>; pendingInvitees: Set<string> }> {
  const rows = await askInSlices<{ id: string; member: boolean; invitee: boolean }>(
    db,
    userIds,
    (json) =>
      sql`select p.id, m.found is not null as member, i.found is not null as invitee
          from jsonb_array_elements_text(${json}::jsonb) p(id)
          left join lateral (select 1 as found from workspace_members m
                             where m.workspace_id = ${workspaceId} and m.user_id = p.id limit 1) m on true
          left join lateral (select i.workspace_id as found, i.status from workspace_invitations i
                             where i.invitee_user_id = p.id offset 0) i
            on i.found = ${workspaceId} and i.status = 'pending'
          where m.found is not null or i.found is not null`,
  );
  const members = new Set<string>();
  const pendingInvitees = new Set<string>();
  for (const row of rows) {
    if (row.member) members.add(row.id);
    if (row.invitee) pendingInvitees.add(row.id);
  }
  return { members, pendingInvitees };
}

/** The phones among `phones` that an account holds now (each looked up in users_phone_key, as above). */
export async function registeredPhones(db: Db, phones: string[]): Promise<Set<string>> {
  const rows = await askInSlices<{ phone: string }>(
    db,
    phones,
    (json) =>
      sql`select p.phone from jsonb_array_elements_text(${json}::jsonb) p(phone)
          join lateral (select 1 from ${users} u where u.phone = p.phone limit 1) u on true`,
  );
  return new Set(rows.map((row) => row.phone));
}

/** A row of a registry table as it would be archived (the restoring owner's membership and directory entry). */
export async function currentRow(
  tx: Db,
  table: string,
  where: { workspaceId: string; userId: string },
): Promise<ArchiveRow | undefined> {
  await tx.execute(sql`set local timezone to 'UTC'`);
  const result = await tx.execute(
    sql`select to_jsonb(${t}) as "row" from ${ident(table)} ${t}
        where ${t}.workspace_id = ${where.workspaceId} and ${t}.user_id = ${where.userId}`,
  );
  return rowsOf<{ row: ArchiveRow }>(result)[0]?.row;
}

// ---------- stored backups

export type BackupMeta = WorkspaceBackupRow;
export interface BackupListRow extends BackupMeta {
  creator: { id: string; firstName: string | null; lastName: string | null; username: string | null } | null;
}

const meta = {
  id: workspaceBackups.id,
  workspaceId: workspaceBackups.workspaceId,
  source: workspaceBackups.source,
  size: workspaceBackups.size,
  sha256: workspaceBackups.sha256,
  formatVersion: workspaceBackups.formatVersion,
  counts: workspaceBackups.counts,
  snapshotDate: workspaceBackups.snapshotDate,
  createdBy: workspaceBackups.createdBy,
  createdDate: workspaceBackups.createdDate,
};

/** A backup's columns and its creator's (users left-joined on createdBy: null once the account is gone). */
const metaWithCreator = {
  ...meta,
  creatorId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};

interface CreatorColumns {
  creatorId: string | null;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}

/** A row read with metaWithCreator, its creator's columns gathered into `creator`. */
function gatherCreator({
  creatorId,
  firstName,
  lastName,
  username,
  ...row
}: BackupMeta & CreatorColumns): BackupListRow {
  return { ...row, creator: creatorId ? { id: creatorId, firstName, lastName, username } : null };
}

export type NewBackup = typeof workspaceBackups.$inferInsert & { archive: Buffer };

/**
 * Bytes of an archive per stored piece (workspace_backup_chunks): on the embedded database a 1 MiB piece
 * held the API's thread for 100-400 ms in bench:backup; a quarter of it stays under the /healthz goal.
 */
export const archiveChunkBytes = 256 * 1024;

/**
 * Stores a backup inside the caller's transaction: its row, then its archive a piece per statement,
 * letting the event loop run between. Each piece goes as hex text decoded by the database: the embedded
 * database runs on the API's thread and turns a bytea parameter into text byte by byte in JavaScript
 * (a 12 MiB zip took seconds and a gigabyte of memory, every tenant waiting), while hex is one native
 * conversion on each side.
 */
export async function insertBackup(db: Db, { archive, ...values }: NewBackup): Promise<void> {
  await db.insert(workspaceBackups).values(values);
  for (let offset = 0, position = 0; offset < archive.length; offset += archiveChunkBytes, position++) {
    await yieldToEventLoop();
    const hex = archive.subarray(offset, offset + archiveChunkBytes).toString('hex');
    await db.execute(
      sql`insert into workspace_backup_chunks (backup_id, position, bytes)
          values (${values.id}, ${position}, decode(${hex}, 'hex'))`,
    );
  }
}

/**
 * Locks a workspace's row until the caller's transaction ends: whoever counts and then adds its backups
 * holds it, so two requests never both see room for one more.
 */
export async function lockWorkspace(tx: Db, workspaceId: string): Promise<void> {
  await tx.execute(sql`select id from workspaces where id = ${workspaceId} for update`);
}

/** Deletes all but the newest `keep` backups of one source of a workspace. */
export async function deleteOlderBackups(
  db: Db,
  workspaceId: string,
  source: WorkspaceBackupRow['source'],
  keep: number,
): Promise<void> {
  await db.execute(
    sql`delete from workspace_backups where workspace_id = ${workspaceId} and source = ${source}
          and id not in (select id from workspace_backups where workspace_id = ${workspaceId} and source = ${source}
                         order by created_date desc, id desc limit ${keep})`,
  );
}

/** A page of a workspace's backups, newest first, with who made each; searched by source or name. */
export async function listBackups(
  db: Db,
  workspaceId: string,
  options: { offset: number; limit: number; search?: string | undefined; source?: string | undefined },
): Promise<{ rows: BackupListRow[]; total: number }> {
  const filters: (SQL | undefined)[] = [eq(workspaceBackups.workspaceId, workspaceId)];
  if (options.source)
    filters.push(eq(workspaceBackups.source, options.source as WorkspaceBackupRow['source']));
  if (options.search) {
    const pattern = containsPattern(options.search);
    filters.push(
      or(
        ilike(workspaceBackups.source, pattern),
        ilike(users.username, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
      ),
    );
  }
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select(metaWithCreator)
      .from(workspaceBackups)
      .leftJoin(users, eq(users.id, workspaceBackups.createdBy))
      .where(where)
      .orderBy(desc(workspaceBackups.createdDate), desc(workspaceBackups.id))
      .offset(options.offset)
      .limit(options.limit),
    db
      .select({ total: count() })
      .from(workspaceBackups)
      .leftJoin(users, eq(users.id, workspaceBackups.createdBy))
      .where(where),
  ]);
  return {
    rows: rows.map(gatherCreator),
    total: totals?.total ?? 0,
  };
}

/** One backup of a workspace (without its archive), with who made it. */
export async function findBackup(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<BackupListRow | undefined> {
  const [row] = await db
    .select(metaWithCreator)
    .from(workspaceBackups)
    .leftJoin(users, eq(users.id, workspaceBackups.createdBy))
    .where(and(eq(workspaceBackups.workspaceId, workspaceId), eq(workspaceBackups.id, id)))
    .limit(1);
  return row && gatherCreator(row);
}

/** The whole archive of a backup of a workspace. */
export async function loadArchive(db: Db, workspaceId: string, id: string): Promise<Buffer | undefined> {
  if (!(await findBackup(db, workspaceId, id))) return undefined;
  const pieces: Buffer[] = [];
  for (let position = 0; ; position++) {
    const piece = await readArchiveChunk(db, workspaceId, id, position);
    if (!piece) return Buffer.concat(pieces);
    pieces.push(piece);
  }
}

/**
 * Piece `position` (0-based) of a backup's archive; undefined past the last (or for another workspace's).
 * Read as hex text, decoded natively: the embedded database turns a bytea answer into bytes one
 * parseInt per byte on the API's thread (insertBackup writes hex for the same reason).
 */
export async function readArchiveChunk(
  db: Db,
  workspaceId: string,
  id: string,
  position: number,
): Promise<Buffer | undefined> {
  await yieldToEventLoop();
  const [row] = await db
    .select({ hex: sql<string>`encode(${workspaceBackupChunks.bytes}, 'hex')` })
    .from(workspaceBackupChunks)
    .innerJoin(workspaceBackups, eq(workspaceBackups.id, workspaceBackupChunks.backupId))
    .where(
      and(
        eq(workspaceBackups.workspaceId, workspaceId),
        eq(workspaceBackupChunks.backupId, id),
        eq(workspaceBackupChunks.position, position),
      ),
    );
  return row ? Buffer.from(row.hex, 'hex') : undefined;
}

/** Deletes a backup of a workspace; false when there was none. */
export async function deleteBackup(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(workspaceBackups)
    .where(and(eq(workspaceBackups.workspaceId, workspaceId), eq(workspaceBackups.id, id)))
    .returning({ id: workspaceBackups.id });
  return rows.length > 0;
}

/** How many backups of the sources given a workspace keeps. */
export async function countBackups(
  db: Db,
  workspaceId: string,
  sources: WorkspaceBackupRow['source'][],
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(workspaceBackups)
    .where(
      and(
        eq(workspaceBackups.workspaceId, workspaceId),
        or(...sources.map((source) => eq(workspaceBackups.source, source))),
      ),
    );
  return row?.total ?? 0;
}

import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { containsPattern } from '../../lib/search';
import { users } from '../identity/schema';
import { yieldToEventLoop } from './pace';
import { type WorkspaceBackupRow, workspaceBackupChunks, workspaceBackups } from './schema';

// Stored backups (workspace_backups and their archives in workspace_backup_chunks), through Drizzle.

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
 * Bytes of an archive per stored piece (workspace_backup_chunks): when the embedded database ran on the
 * API's thread, a 1 MiB piece held it for 100-400 ms in bench:backup; a quarter of it stayed under the
 * /healthz goal.
 */
export const archiveChunkBytes = 256 * 1024;

/**
 * Stores a backup inside the caller's transaction: its row, then its archive a piece per statement,
 * letting the event loop run between. Each piece goes as hex text decoded by the database, one native
 * conversion on each side (PGlite's own driver turned a bytea parameter into text byte by byte in
 * JavaScript: a 12 MiB zip took seconds and a gigabyte of memory, every tenant waiting).
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
 * Read as hex text, decoded natively (PGlite's own driver turned a bytea answer into bytes one parseInt
 * per byte; insertBackup writes hex for the same reason).
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

import { Readable } from 'node:stream';
import type { Backup, Locale, PageQuery } from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { emit } from '../../events/bus';
import { pageAnswer, pageSlice } from '../../lib/paging';
import type { MemberAccess } from '../access/guard';
import { deleteAudited, recordAudit } from '../audit/record';
import { type Logger, useAccountCode } from '../identity/service';
import { getWorkspace } from '../workspaces/service';
import { assertRoom, backupOf, now, refusal, refusalOf, toBackup } from './answers';
import { defaultArchiveLimits } from './archive';
import { checkArchiveInWorker } from './archive-pool';
import { buildArchive } from './build-archive';
import { formatVersion, type WorkspaceData } from './format';
import { backupsPage } from './page';
import * as repo from './repository';
import { createScope } from './step-up';

// Taking, listing, deleting, exporting and importing backups; the SMS step-up is in step-up.ts and the
// restore in restore.ts and restore-plan.ts.

export { restoreBackup } from './restore';
export { resendCode, startCreate, startRestore } from './step-up';

// ---------- backups

/** Reads the whole workspace from one snapshot (a read-only REPEATABLE READ transaction). */
function snapshot(db: Db, workspaceId: string): Promise<WorkspaceData> {
  return db.transaction((tx) => repo.readWorkspaceData(tx, workspaceId, now()), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/**
 * Stores a created or imported backup, made by the caller, while the workspace has room for it; answers
 * its new id. The count and the insert run in one transaction holding the workspace row's lock, so
 * parallel requests take their turn and never pass the limit together.
 */
async function storeBackup(
  deps: AppDeps,
  access: MemberAccess,
  backup: Omit<repo.NewBackup, 'id' | 'workspaceId' | 'createdBy' | 'createdDate'> & {
    source: 'created' | 'imported';
  },
  locale: Locale,
): Promise<string> {
  const values = {
    ...backup,
    id: uuidv7(),
    workspaceId: access.workspaceId,
    createdBy: access.userId,
    createdDate: now(),
  };
  await deps.database.db.transaction(async (tx) => {
    await repo.lockWorkspace(tx, values.workspaceId);
    await assertRoom(tx, values.workspaceId, locale);
    await repo.insertBackup(tx, values);
    await recordAudit(tx, {
      workspaceId: values.workspaceId,
      actorUserId: values.createdBy ?? null,
      action: values.source === 'created' ? 'backup.created' : 'backup.imported',
      subject: {
        backupId: values.id,
        snapshotDate: values.snapshotDate.toISOString(),
        size: values.size,
      },
    });
  });
  return values.id;
}

/**
 * Takes a backup of the whole workspace with the texted code (620 when wrong, 660 after 5): every
 * registry table read from one snapshot, written as a zip with its manifest, stored in the database.
 */
export async function createBackup(
  deps: AppDeps,
  access: MemberAccess,
  code: string,
  locale: Locale,
  log: Logger,
): Promise<Backup> {
  const db = deps.database.db;
  // Before the code is spent: a full workspace keeps the code for after a deletion.
  await assertRoom(db, access.workspaceId, locale);
  await useAccountCode(deps, {
    userId: access.userId,
    purpose: 'backup-create',
    code,
    scope: createScope(access.workspaceId),
  });
  const data = await snapshot(db, access.workspaceId);
  const archive = await buildArchive(data);
  const id = await storeBackup(
    deps,
    access,
    {
      source: 'created',
      size: archive.bytes.length,
      sha256: archive.sha256,
      formatVersion: archive.manifest.formatVersion,
      counts: archive.manifest.counts,
      snapshotDate: new Date(data.createdDate),
      archive: archive.bytes,
    },
    locale,
  );
  await emit(
    'backup.created',
    { workspaceId: access.workspaceId, backupId: id, userId: access.userId },
    { db, log },
  );
  return toBackup(await backupOf(db, access.workspaceId, id));
}

/** A page of the workspace's backups, newest first. */
export async function listBackups(
  db: Db,
  workspaceId: string,
  query: PageQuery & { source?: Backup['source'] | undefined },
): Promise<{ items: Backup[]; total: number; page: number; pageSize: number }> {
  // Unsearched (the screen's first read): one prepared statement shaping its items itself (page.ts).
  if (!query.search) {
    const { items, total } = await backupsPage(db, workspaceId, {
      ...pageSlice(query),
      source: query.source,
    });
    return pageAnswer(items, total, query);
  }
  const { rows, total } = await repo.listBackups(db, workspaceId, {
    ...pageSlice(query),
    search: query.search,
    source: query.source,
  });
  return pageAnswer(rows.map(toBackup), total, query);
}

/** Deletes a backup of the workspace (404 when it has no such backup). */
export async function deleteBackup(db: Db, access: MemberAccess, backupId: string): Promise<void> {
  const { workspaceId } = access;
  const backup = await backupOf(db, workspaceId, backupId);
  await deleteAudited(db, access, (tx) => repo.deleteBackup(tx, workspaceId, backupId), {
    action: 'backup.deleted',
    subject: {
      backupId,
      snapshotDate: backup.snapshotDate.toISOString(),
      source: backup.source,
      size: backup.size,
    },
  });
}

/** A backup's zip as a stream read piece by piece from the database (memory stays at one piece), with a safe file name. */
export async function exportBackup(
  db: Db,
  access: MemberAccess,
  backupId: string,
  locale: Locale,
): Promise<{ fileName: string; size: number; stream: Readable }> {
  const backup = await backupOf(db, access.workspaceId, backupId);
  const workspace = await getWorkspace(db, access, locale);
  const slug = workspace.workspaceName.replace(/[^a-z0-9-]/g, '-') || 'workspace';
  const stamp = backup.snapshotDate
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const fileName = `${slug}-backup-${stamp}.zip`;
  async function* pieces() {
    for (let sent = 0, position = 0; sent < backup.size; position++) {
      const piece = await repo.readArchiveChunk(db, access.workspaceId, backupId, position);
      // Deleted while it streamed: end the response short rather than send anything else.
      if (!piece || piece.length === 0) throw new Error('backup vanished while exporting');
      sent += piece.length;
      yield piece;
    }
  }
  return { fileName, size: backup.size, stream: Readable.from(pieces()) };
}

/**
 * Stores an uploaded backup after checking all of it (format.ts checkArchive, in the archive worker
 * thread, then that none of its ids, tokens or its workspace name belong to another workspace). Any
 * problem: body 400 with the reason in the request's language, and nothing is stored.
 */
export async function importBackup(
  deps: AppDeps,
  access: MemberAccess,
  bytes: Buffer,
  locale: Locale,
): Promise<Backup> {
  const db = deps.database.db;
  let checked: Awaited<ReturnType<typeof checkArchiveInWorker>>;
  try {
    checked = await checkArchiveInWorker(bytes, access.workspaceId, defaultArchiveLimits);
  } catch (error) {
    throw refusalOf(locale, error);
  }
  const { summary } = checked;
  const foreign = await repo.findForeignKeys(db, access.workspaceId, summary.globalKeys);
  if (foreign) throw refusal(locale, 'foreign_rows', { name: `data/${foreign}.json` });
  await assertRoom(db, access.workspaceId, locale);
  const id = await storeBackup(
    deps,
    access,
    {
      source: 'imported',
      size: bytes.length,
      sha256: checked.sha256,
      formatVersion,
      counts: summary.counts,
      snapshotDate: new Date(summary.createdDate),
      archive: bytes,
    },
    locale,
  );
  return toBackup(await backupOf(db, access.workspaceId, id));
}

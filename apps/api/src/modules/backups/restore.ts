import type { Locale, RestoreResult } from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../deps';
import { emit } from '../../events/bus';
import { found } from '../../http/app-error';
import type { MemberAccess } from '../access/guard';
import { recordAudit } from '../audit/record';
import { type Logger, useAccountCode } from '../identity/service';
import { backupOf, now, refusal, refusalOf, toBackup } from './answers';
import { defaultArchiveLimits } from './archive';
import { readArchiveInWorker } from './archive-pool';
import { buildArchive } from './build-archive';
import type { WorkspaceData } from './format';
import { maxPreRestoreBackups } from './limits';
import * as repo from './repository';
import { planRestore } from './restore-plan';
import { restoreScope } from './step-up';

function isSerializationFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: string }).code;
    if (code === '40001' || code === '40P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Restores a backup with the texted code. In one REPEATABLE READ transaction: the archive is checked
 * again (it is as untrusted as an upload), the current state is stored as a `pre-restore` backup (the
 * newest maxPreRestoreBackups are kept), and the workspace's rows are replaced as planRestore says
 * (repository.replaceWorkspaceData). A failure anywhere rolls all of
 * it back: the workspace stays exactly as it was and no pre-restore backup is left behind.
 */
export async function restoreBackup(
  deps: AppDeps,
  access: MemberAccess,
  backupId: string,
  code: string,
  locale: Locale,
  log: Logger,
): Promise<RestoreResult> {
  const db = deps.database.db;
  const workspaceId = access.workspaceId;
  const restored = await backupOf(db, workspaceId, backupId);
  await useAccountCode(deps, {
    userId: access.userId,
    purpose: 'backup-restore',
    code,
    scope: restoreScope(workspaceId, backupId),
  });
  const archive = found(await repo.loadArchive(db, workspaceId, backupId));
  let data: Awaited<ReturnType<typeof readArchiveInWorker>>;
  try {
    data = await readArchiveInWorker(archive, workspaceId, defaultArchiveLimits);
  } catch (error) {
    throw refusalOf(locale, error);
  }

  const preRestoreId = uuidv7();
  const transaction = () =>
    db.transaction(
      async (tx) => {
        const foreign = await repo.findForeignKeys(tx, workspaceId, data.globalKeys);
        if (foreign) throw refusal(locale, 'foreign_rows', { name: `data/${foreign}.json` });
        // Read once in this snapshot: stored as the pre-restore backup, and who is a member or invitee now.
        let current: WorkspaceData | undefined = await repo.readWorkspaceData(tx, workspaceId, now());
        const people = repo.currentPeople(current);
        const snapshotDate = new Date(current.createdDate);
        const before = await buildArchive(current);
        // Its 200,000 rows at 100,000 users are not kept through the writes that follow.
        current = undefined;
        await repo.insertBackup(tx, {
          id: preRestoreId,
          workspaceId,
          source: 'pre-restore',
          size: before.bytes.length,
          sha256: before.sha256,
          formatVersion: before.manifest.formatVersion,
          counts: before.manifest.counts,
          snapshotDate,
          archive: before.bytes,
          createdBy: access.userId,
          createdDate: now(),
        });
        // Each restore keeps the state it replaces; only the newest few are kept, so they cannot fill the database.
        await repo.deleteOlderBackups(tx, workspaceId, 'pre-restore', maxPreRestoreBackups);
        const plan = await planRestore(tx, data, people, access.userId);
        await repo.replaceWorkspaceData(tx, workspaceId, plan.data);
        const counts = await repo.countWorkspaceRows(tx, workspaceId);
        // Everything was replaced wholesale: the audit says by whom and from which backup.
        await recordAudit(tx, {
          workspaceId,
          actorUserId: access.userId,
          action: 'backup.restored',
          subject: {
            backupId,
            snapshotDate: restored.snapshotDate.toISOString(),
            source: restored.source,
            preRestoreBackupId: preRestoreId,
          },
        });
        return { counts, missingMembers: plan.missingMembers };
      },
      { isolationLevel: 'repeatable read' },
    );
  let outcome: Awaited<ReturnType<typeof transaction>>;
  for (let attempt = 1; ; attempt++) {
    try {
      outcome = await transaction();
      break;
    } catch (error) {
      // Another request changed the workspace while this one read it: start again from a fresh snapshot.
      if (attempt < 3 && isSerializationFailure(error)) continue;
      throw error;
    }
  }
  await emit(
    'backup.restored',
    {
      workspaceId,
      backupId,
      preRestoreBackupId: preRestoreId,
      userId: access.userId,
    },
    { db, log },
  );
  return {
    workspaceId,
    backupId,
    preRestoreBackup: toBackup(await backupOf(db, workspaceId, preRestoreId)),
    restoredDate: now().toISOString(),
    counts: outcome.counts,
    missingMembers: outcome.missingMembers,
  };
}

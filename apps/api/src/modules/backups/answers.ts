import {
  type Backup,
  type BackupProblem,
  type BackupProblemParams,
  backupProblemMessage,
  type Locale,
  StatusCode,
} from '@wsm/contracts';
import type { Db } from '../../db/types';
import { AppError, found } from '../../http/app-error';
import { BackupProblemError } from './archive';
import { maxStoredBackups } from './limits';
import * as repo from './repository';

// What the backup services share: the clock, refusals in the request's language, the answer's shape.

export const now = (): Date => new Date();

export function refusal(locale: Locale, problem: BackupProblem, params: BackupProblemParams = {}): AppError {
  const message = backupProblemMessage(problem, locale, params);
  return new AppError(StatusCode.validation, {
    data: { errors: [{ path: 'file', message }], reason: problem },
  });
}

export function refusalOf(locale: Locale, error: unknown): unknown {
  return error instanceof BackupProblemError ? refusal(locale, error.problem, error.params) : error;
}

export function toBackup(row: repo.BackupListRow): Backup {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    source: row.source,
    size: row.size,
    sha256: row.sha256,
    createdDate: row.createdDate.toISOString(),
    createdBy: row.createdBy,
    creator: row.creator,
    snapshotDate: row.snapshotDate.toISOString(),
    formatVersion: row.formatVersion,
    counts: row.counts,
  };
}

export async function backupOf(db: Db, workspaceId: string, id: string): Promise<repo.BackupListRow> {
  return found(await repo.findBackup(db, workspaceId, id));
}

/** Refuses (too_many_backups) when the workspace keeps as many created and imported backups as allowed. */
export async function assertRoom(db: Db, workspaceId: string, locale: Locale): Promise<void> {
  const stored = await repo.countBackups(db, workspaceId, ['created', 'imported']);
  if (stored >= maxStoredBackups) throw refusal(locale, 'too_many_backups', { value: stored });
}

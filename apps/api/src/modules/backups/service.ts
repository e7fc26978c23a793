import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type Backup,
  type BackupChallenge,
  type BackupProblem,
  type BackupProblemParams,
  backupProblemMessage,
  type Locale,
  maskPhone,
  type PageQuery,
  type RestoreResult,
  StatusCode,
} from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../app';
import { AppError } from '../../http/app-error';
import { recordAccessChange } from '../access/audit';
import type { MemberAccess } from '../access/guard';
import type { Db } from '../identity/repository';
import {
  getUser,
  type Logger,
  pendingAccountCode,
  resendAccountCode,
  sendAccountCode,
  useAccountCode,
} from '../identity/service';
import { getWorkspace } from '../workspaces/service';
import { BackupProblemError } from './archive';
import { buildArchive, countsOf, formatVersion, parseArchive, type WorkspaceData } from './format';
import { maxStoredBackups } from './limits';
import type { ArchiveRow } from './registry';
import * as repo from './repository';

const now = (): Date => new Date();

// ---------- events (notifications are wired in src/wiring.ts)

export type BackupEvent =
  | { type: 'backup.created'; workspaceId: string; backupId: string; userId: string }
  | {
      type: 'backup.restored';
      workspaceId: string;
      backupId: string;
      preRestoreBackupId: string;
      userId: string;
    };
export type BackupEventListener = (deps: AppDeps, event: BackupEvent) => Promise<unknown>;

/** Reactions to a committed backup or restore, wired once per process. A failing listener is logged only. */
export const backupEventListeners: BackupEventListener[] = [];

async function announce(deps: AppDeps, event: BackupEvent, log: Logger): Promise<void> {
  for (const listener of backupEventListeners) {
    try {
      await listener(deps, event);
    } catch (error) {
      log.error({ err: error, event: event.type }, 'backup listener failed');
    }
  }
}

/**
 * Test hooks: `beforeRestoreCommit` runs inside the restore transaction after every row is written and
 * before the commit (a test makes it throw, or never return while its process is killed).
 */
export const backupTestHooks: { beforeRestoreCommit?: (workspaceId: string) => Promise<void> } = {};

// ---------- answers

function refusal(locale: Locale, problem: BackupProblem, params: BackupProblemParams = {}): AppError {
  const message = backupProblemMessage(problem, locale, params);
  return new AppError(StatusCode.validation, {
    data: { errors: [{ path: 'file', message }], reason: problem },
  });
}

function refusalOf(locale: Locale, error: unknown): unknown {
  return error instanceof BackupProblemError ? refusal(locale, error.problem, error.params) : error;
}

function toBackup(row: repo.BackupListRow): Backup {
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

async function backupOf(db: Db, workspaceId: string, id: string): Promise<repo.BackupListRow> {
  const row = await repo.findBackup(db, workspaceId, id);
  if (!row) throw new AppError(StatusCode.notFound);
  return row;
}

// ---------- the SMS step-up

const createScope = (workspaceId: string) => `workspace:${workspaceId}`;
const restoreScope = (workspaceId: string, backupId: string) => `workspace:${workspaceId}/backup:${backupId}`;

async function sendCode(
  deps: AppDeps,
  access: MemberAccess,
  purpose: 'backup-create' | 'backup-restore',
  scope: string,
  locale: Locale,
  log: Logger,
): Promise<BackupChallenge> {
  const user = await getUser(deps, access.userId);
  if (!user) throw new AppError(StatusCode.unauthorized);
  const { resendAfter } = await sendAccountCode(deps, {
    userId: user.id,
    purpose,
    channel: 'sms',
    destination: user.phone,
    locale,
    log,
    scope,
    keepPending: true,
  });
  return { method: 'sms', phone: maskPhone(user.phone), resendAfter };
}

/** Texts the owner a code to confirm taking a backup (the 630 step); none when no room is left. */
export async function startCreate(deps: AppDeps, access: MemberAccess, locale: Locale, log: Logger) {
  await assertRoom(deps.database.db, access.workspaceId, locale);
  return sendCode(deps, access, 'backup-create', createScope(access.workspaceId), locale, log);
}

/** Texts the owner a code to confirm restoring this backup (404 for a backup of another workspace). */
export async function startRestore(
  deps: AppDeps,
  access: MemberAccess,
  backupId: string,
  locale: Locale,
  log: Logger,
): Promise<BackupChallenge> {
  await backupOf(deps.database.db, access.workspaceId, backupId);
  return sendCode(deps, access, 'backup-restore', restoreScope(access.workspaceId, backupId), locale, log);
}

/** Texts the pending backup or restore code of this workspace again (404 when none is pending). */
export async function resendCode(
  deps: AppDeps,
  access: MemberAccess,
  locale: Locale,
  log: Logger,
): Promise<BackupChallenge> {
  const candidates = await Promise.all(
    (['backup-create', 'backup-restore'] as const).map(async (purpose) => ({
      purpose,
      pending: await pendingAccountCode(deps, { userId: access.userId, purpose }),
    })),
  );
  const prefix = createScope(access.workspaceId);
  const latest = candidates
    .filter((c) => c.pending?.scope === prefix || c.pending?.scope?.startsWith(`${prefix}/`))
    .sort((a, b) => b.pending!.createdDate.getTime() - a.pending!.createdDate.getTime())[0];
  if (!latest) throw new AppError(StatusCode.notFound);
  const user = await getUser(deps, access.userId);
  if (!user) throw new AppError(StatusCode.unauthorized);
  const { resendAfter } = await resendAccountCode(deps, {
    userId: access.userId,
    purpose: latest.purpose,
    locale,
    log,
  });
  return { method: 'sms', phone: maskPhone(user.phone), resendAfter };
}

// ---------- backups

/** Reads the whole workspace from one snapshot (a read-only REPEATABLE READ transaction). */
function snapshot(db: Db, workspaceId: string): Promise<WorkspaceData> {
  return db.transaction((tx) => repo.readWorkspaceData(tx, workspaceId, now()), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function assertRoom(db: Db, workspaceId: string, locale: Locale): Promise<void> {
  const stored = await repo.countBackups(db, workspaceId, ['created', 'imported']);
  if (stored >= maxStoredBackups) throw refusal(locale, 'too_many_backups', { value: stored });
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
  const id = uuidv7();
  await repo.insertBackup(db, {
    id,
    workspaceId: access.workspaceId,
    source: 'created',
    size: archive.bytes.length,
    sha256: archive.sha256,
    formatVersion: archive.manifest.formatVersion,
    counts: archive.manifest.counts,
    snapshotDate: new Date(data.createdDate),
    archive: archive.bytes,
    createdBy: access.userId,
    createdDate: now(),
  });
  await announce(
    deps,
    { type: 'backup.created', workspaceId: access.workspaceId, backupId: id, userId: access.userId },
    log,
  );
  return toBackup(await backupOf(db, access.workspaceId, id));
}

/** A page of the workspace's backups, newest first. */
export async function listBackups(
  db: Db,
  workspaceId: string,
  query: PageQuery & { source?: Backup['source'] | undefined },
): Promise<{ items: Backup[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await repo.listBackups(db, workspaceId, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
    search: query.search,
    source: query.source,
  });
  return { items: rows.map(toBackup), total, page: query.page, pageSize: query.pageSize };
}

/** Deletes a backup of the workspace (404 when it has no such backup). */
export async function deleteBackup(db: Db, workspaceId: string, backupId: string): Promise<void> {
  if (!(await repo.deleteBackup(db, workspaceId, backupId))) throw new AppError(StatusCode.notFound);
}

/** Bytes of an archive read per query while exporting: memory stays at one slice whatever the size. */
export const exportSliceBytes = 1024 * 1024;

/** A backup's zip as a stream read slice by slice from the database, with a safe file name. */
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
  async function* slices() {
    for (let offset = 0; offset < backup.size; offset += exportSliceBytes) {
      const chunk = await repo.readArchiveSlice(db, access.workspaceId, backupId, offset, exportSliceBytes);
      // Deleted while it streamed: end the response short rather than send anything else.
      if (!chunk || chunk.length === 0) throw new Error('backup vanished while exporting');
      yield chunk;
    }
  }
  return { fileName, size: backup.size, stream: Readable.from(slices()) };
}

/**
 * Stores an uploaded backup after checking all of it (format.ts parseArchive, then that none of its
 * ids, tokens or its workspace name belong to another workspace). Any problem: body 400 with the
 * reason in the request's language, and nothing is stored.
 */
export async function importBackup(
  deps: AppDeps,
  access: MemberAccess,
  bytes: Buffer,
  locale: Locale,
): Promise<Backup> {
  const db = deps.database.db;
  let data: WorkspaceData;
  try {
    data = await parseArchive(bytes, access.workspaceId);
  } catch (error) {
    throw refusalOf(locale, error);
  }
  const foreign = await repo.findForeignTable(db, access.workspaceId, data);
  if (foreign) throw refusal(locale, 'foreign_rows', { name: `data/${foreign}.json` });
  await assertRoom(db, access.workspaceId, locale);
  const id = uuidv7();
  await repo.insertBackup(db, {
    id,
    workspaceId: access.workspaceId,
    source: 'imported',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    formatVersion,
    counts: countsOf(data),
    snapshotDate: new Date(data.createdDate),
    archive: bytes,
    createdBy: access.userId,
    createdDate: now(),
  });
  return toBackup(await backupOf(db, access.workspaceId, id));
}

// ---------- restore

interface RestorePlan {
  data: WorkspaceData;
  missingMembers: RestoreResult['missingMembers'];
}

const byUser = (rows: ArchiveRow[], userId: string) => rows.find((row) => row.user_id === userId);

/**
 * What will be written: the archive's rows, less what refers to accounts that no longer exist (members
 * and directory entries are left out and reported, invitations to them dropped, their other marks
 * cleared), and with the restoring owner kept as the active owner (an owner of the backup who is
 * someone else becomes a plain member), so nobody locks themself out by restoring.
 */
async function planRestore(tx: Db, data: WorkspaceData, ownerId: string): Promise<RestorePlan> {
  const table = (name: string) => (data.tables.get(name) ?? []).map((row) => ({ ...row }));
  let members = table('workspace_members');
  let directory = table('workspace_users');
  let invitations = table('workspace_invitations');
  let images = table('images');
  const ids = [
    ...members.map((r) => r.user_id),
    ...directory.map((r) => r.user_id),
    ...invitations.flatMap((r) => [r.invitee_user_id, r.invited_by]),
    ...images.map((r) => r.owner_user_id),
  ].filter((id): id is string => typeof id === 'string');
  const exists = await repo.existingUserIds(tx, ids);
  const alive = (id: unknown) => typeof id === 'string' && exists.has(id);

  const missingMembers = members
    .filter((m) => !alive(m.user_id))
    .map((m) => {
      const entry = byUser(directory, String(m.user_id));
      return {
        memberId: String(m.id),
        userId: String(m.user_id),
        level: m.level as 'owner' | 'member',
        firstName: (entry?.first_name as string | null | undefined) ?? null,
        lastName: (entry?.last_name as string | null | undefined) ?? null,
      };
    });
  members = members.filter((m) => alive(m.user_id));
  directory = directory.filter((e) => e.user_id === null || alive(e.user_id));
  invitations = invitations
    .filter((i) => i.invitee_user_id === null || alive(i.invitee_user_id))
    .map((i) => (i.invited_by === null || alive(i.invited_by) ? i : { ...i, invited_by: null }));
  // The uploader of a logo is a record, not a relation: the owner restoring it stands in.
  images = images.map((i) => (alive(i.owner_user_id) ? i : { ...i, owner_user_id: ownerId }));

  // The restoring owner stays the active owner.
  const workspaceId = data.workspaceId;
  members = members.map((m) =>
    m.level === 'owner' && m.user_id !== ownerId ? { ...m, level: 'member' } : m,
  );
  const mine = byUser(members, ownerId);
  if (mine) Object.assign(mine, { level: 'owner', role_id: null, status: 'active' });
  else {
    const current = await repo.currentRow(tx, 'workspace_members', { workspaceId, userId: ownerId });
    if (!current) throw new AppError(StatusCode.forbidden);
    const id = members.some((m) => m.id === current.id) ? uuidv7() : current.id;
    members.push({ ...current, id, level: 'owner', role_id: null, status: 'active' });
  }
  const entry = byUser(directory, ownerId);
  if (entry) entry.status = 'confirmed';
  else {
    const current = await repo.currentRow(tx, 'workspace_users', { workspaceId, userId: ownerId });
    const t = now().toISOString();
    const row = current ?? {
      id: uuidv7(),
      workspace_id: workspaceId,
      user_id: ownerId,
      phone: null,
      first_name: null,
      last_name: null,
      birth_date: null,
      join_date: t,
      created_date: t,
      updated_date: t,
    };
    const id = directory.some((d) => d.id === row.id) ? uuidv7() : row.id;
    directory.push({ ...row, id, status: 'confirmed' });
  }

  const tables = new Map(data.tables);
  tables.set('workspace_members', members);
  tables.set('workspace_users', directory);
  tables.set('workspace_invitations', invitations);
  tables.set('images', images);
  return { data: { ...data, tables }, missingMembers };
}

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
 * again (it is as untrusted as an upload), the current state is stored as a `pre-restore` backup, and
 * the workspace's rows are replaced (repository.replaceWorkspaceData). A failure anywhere rolls all of
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
  await backupOf(db, workspaceId, backupId);
  await useAccountCode(deps, {
    userId: access.userId,
    purpose: 'backup-restore',
    code,
    scope: restoreScope(workspaceId, backupId),
  });
  const archive = await repo.loadArchive(db, workspaceId, backupId);
  if (!archive) throw new AppError(StatusCode.notFound);
  let data: WorkspaceData;
  try {
    data = await parseArchive(archive, workspaceId);
  } catch (error) {
    throw refusalOf(locale, error);
  }

  const preRestoreId = uuidv7();
  const transaction = () =>
    db.transaction(
      async (tx) => {
        const foreign = await repo.findForeignTable(tx, workspaceId, data);
        if (foreign) throw refusal(locale, 'foreign_rows', { name: `data/${foreign}.json` });
        const current = await repo.readWorkspaceData(tx, workspaceId, now());
        const before = await buildArchive(current);
        await repo.insertBackup(tx, {
          id: preRestoreId,
          workspaceId,
          source: 'pre-restore',
          size: before.bytes.length,
          sha256: before.sha256,
          formatVersion: before.manifest.formatVersion,
          counts: before.manifest.counts,
          snapshotDate: new Date(current.createdDate),
          archive: before.bytes,
          createdBy: access.userId,
          createdDate: now(),
        });
        const plan = await planRestore(tx, data, access.userId);
        await repo.replaceWorkspaceData(tx, workspaceId, plan.data);
        const counts = await repo.countWorkspaceRows(tx, workspaceId);
        // Roles and memberships were replaced wholesale: the access audit says by whom and from what.
        await recordAccessChange(tx, {
          workspaceId,
          actorUserId: access.userId,
          action: 'workspace.restored',
          subject: { backupId, preRestoreBackupId: preRestoreId },
        });
        await backupTestHooks.beforeRestoreCommit?.(workspaceId);
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
  await announce(
    deps,
    {
      type: 'backup.restored',
      workspaceId,
      backupId,
      preRestoreBackupId: preRestoreId,
      userId: access.userId,
    },
    log,
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

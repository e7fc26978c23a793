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
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { emit } from '../../events/bus';
import { AppError, found } from '../../http/app-error';
import { pageAnswer, pageSlice } from '../../lib/paging';
import type { MemberAccess } from '../access/guard';
import { deleteAudited, recordAudit } from '../audit/record';
import {
  getUser,
  type Logger,
  pendingAccountCode,
  resendAccountCode,
  sendAccountCode,
  useAccountCode,
} from '../identity/service';
import { getWorkspace } from '../workspaces/service';
import { BackupProblemError, defaultArchiveLimits } from './archive';
import { checkArchiveInWorker, readArchiveInWorker } from './archive-pool';
import { buildArchive, formatVersion, type WorkspaceData } from './format';
import { maxPreRestoreBackups, maxStoredBackups } from './limits';
import { backupsPage } from './page';
import type { ArchiveRow } from './registry';
import * as repo from './repository';

const now = (): Date => new Date();

// ---------- events (notifications are wired in src/wiring.ts)

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
  return found(await repo.findBackup(db, workspaceId, id));
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

// ---------- restore

interface RestorePlan {
  data: WorkspaceData;
  missingMembers: RestoreResult['missingMembers'];
}

const byUser = (rows: ArchiveRow[], userId: string) => rows.find((row) => row.user_id === userId);

/**
 * What will be written: the archive's rows, less anything that would tie the workspace to a person it
 * has no relation with at restore time. An archive is as untrusted as an upload: anyone's account id
 * can be written into one, and a restore must never make that person a member or show who they are.
 * So a member is restored only when the account is a member now; the others (and members whose
 * accounts are gone) are left out and reported, to be invited again. Invitations to an account are kept
 * only for current members and pending invitees, pending invitations and directory entries waiting for
 * a phone only while no account holds it, directory entries only for the people so kept, an
 * inviter who is not a restored member is cleared, and a logo's uploader who is not one becomes the
 * restoring owner. The restoring owner stays the active owner (an owner of the backup who is someone
 * else becomes a plain member), so nobody locks themself out by restoring.
 */
async function planRestore(tx: Db, data: WorkspaceData, ownerId: string): Promise<RestorePlan> {
  // The archive's rows themselves, not copies (hundreds of thousands at the row limits): a row that
  // changes is replaced by a changed copy.
  const table = (name: string) => data.tables.get(name) ?? [];
  let members = table('workspace_members');
  let directory = table('workspace_users');
  let invitations = table('workspace_invitations');
  let images = table('images');
  const accounts = new Set<string>();
  for (const m of members) accounts.add(String(m.user_id));
  for (const i of invitations) if (typeof i.invitee_user_id === 'string') accounts.add(i.invitee_user_id);
  const people = await repo.currentPeople(tx, data.workspaceId, [...accounts]);

  // A phone that has an account now was claimed by it at sign-up (members/service.ts
  // claimInvitationsForAccount): what waits for it can never be claimed again, and the account has no
  // relation with the workspace that the archive can vouch for. Left out, to be invited again.
  const waitingPhone = (phone: unknown, userId: unknown) =>
    userId === null && typeof phone === 'string' ? [phone] : [];
  const registered = await repo.registeredPhones(tx, [
    ...new Set([
      ...directory.flatMap((e) => waitingPhone(e.phone, e.user_id)),
      ...invitations.flatMap((i) => waitingPhone(i.invitee_phone, i.invitee_user_id)),
    ]),
  ]);
  const claimed = (phone: unknown, userId: unknown) =>
    userId === null && typeof phone === 'string' && registered.has(phone);
  directory = directory.filter((e) => !claimed(e.phone, e.user_id));
  invitations = invitations.filter(
    (i) => i.status !== 'pending' || !claimed(i.invitee_phone, i.invitee_user_id),
  );
  const isMemberNow = (id: unknown) => typeof id === 'string' && (id === ownerId || people.members.has(id));

  // Indexed once: an archive may hold 100,000 members and as many directory entries.
  const directoryByUser = new Map(directory.map((row) => [String(row.user_id), row]));
  const missingMembers = members
    .filter((m) => !isMemberNow(m.user_id))
    .map((m) => {
      const entry = directoryByUser.get(String(m.user_id));
      return {
        memberId: String(m.id),
        userId: String(m.user_id),
        level: m.level as 'owner' | 'member',
        firstName: (entry?.first_name as string | null | undefined) ?? null,
        lastName: (entry?.last_name as string | null | undefined) ?? null,
      };
    });
  members = members.filter((m) => isMemberNow(m.user_id));
  const restoredMembers = new Set(members.map((m) => String(m.user_id)).concat(ownerId));
  invitations = invitations
    .filter(
      (i) =>
        i.invitee_user_id === null ||
        isMemberNow(i.invitee_user_id) ||
        people.pendingInvitees.has(String(i.invitee_user_id)),
    )
    .map((i) =>
      i.invited_by === null || restoredMembers.has(String(i.invited_by)) ? i : { ...i, invited_by: null },
    );
  const invitees = invitations.flatMap((i) =>
    typeof i.invitee_user_id === 'string' ? [i.invitee_user_id] : [],
  );
  const known = new Set([...restoredMembers, ...invitees]);
  directory = directory.filter((e) => e.user_id === null || known.has(String(e.user_id)));
  // The uploader of a logo is a record, not a relation: the owner restoring it stands in.
  images = images.map((i) =>
    restoredMembers.has(String(i.owner_user_id)) ? i : { ...i, owner_user_id: ownerId },
  );

  // The restoring owner stays the active owner.
  const workspaceId = data.workspaceId;
  members = members.map((m) =>
    m.level === 'owner' && m.user_id !== ownerId ? { ...m, level: 'member' } : m,
  );
  const mine = byUser(members, ownerId);
  if (mine)
    members = members.map((m) =>
      m === mine ? { ...m, level: 'owner', role_id: null, status: 'active' } : m,
    );
  else {
    const current = await repo.currentRow(tx, 'workspace_members', { workspaceId, userId: ownerId });
    if (!current) throw new AppError(StatusCode.forbidden);
    const id = members.some((m) => m.id === current.id) ? uuidv7() : current.id;
    members.push({ ...current, id, level: 'owner', role_id: null, status: 'active' });
  }
  const entry = byUser(directory, ownerId);
  if (entry) directory = directory.map((e) => (e === entry ? { ...e, status: 'confirmed' } : e));
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
        // Each restore keeps the state it replaces; only the newest few are kept, so they cannot fill the database.
        await repo.deleteOlderBackups(tx, workspaceId, 'pre-restore', maxPreRestoreBackups);
        const plan = await planRestore(tx, data, access.userId);
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

import {
  type Application,
  type CreateApplicationRequest,
  type Locale,
  StatusCode,
  tenantSettingsKey,
  type UpdateApplicationRequest,
} from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import { type Db, isUniqueViolation } from '../../db/types';
import { AppError, found } from '../../http/app-error';
import { builtInApplicationName } from '../access/catalogue';
import type { MemberAccess } from '../access/guard';
import { changes, deleteAudited, recordAudit } from '../audit/record';
import * as repo from './repository';
import type { ApplicationRow, VersionColumn } from './schema';

const now = (): Date => new Date();

/** What an answer shows of an application. */
type Shown = Pick<
  ApplicationRow,
  | 'id'
  | 'key'
  | 'name'
  | 'builtIn'
  | 'title'
  | 'slogan'
  | 'description'
  | 'keywords'
  | 'version'
  | 'socialNetworks'
  | 'createdDate'
>;

function toApplication(row: Shown, locale: Locale): Application {
  const v = row.version;
  const s = row.socialNetworks;
  return {
    id: row.id,
    key: row.key,
    // The built-in application is named in the reader's language unless the workspace renamed it.
    name: row.builtIn && row.name === tenantSettingsKey ? builtInApplicationName(locale) : row.name,
    title: row.title,
    slogan: row.slogan,
    description: row.description,
    keywords: row.keywords,
    version: {
      pwa: v.pwa ?? null,
      ios: v.ios ?? null,
      android: v.android ?? null,
      windows: v.windows ?? null,
      macos: v.macos ?? null,
    },
    socialNetworks: {
      instagram: s.instagram ?? null,
      telegram: s.telegram ?? null,
      x: s.x ?? null,
      rubika: s.rubika ?? null,
    },
    createdDate: row.createdDate.toISOString(),
  };
}

/** Adds the built-in `tenant-settings` application to a new workspace (inside its creation transaction). */
export async function createBuiltInApplication(db: Db, workspaceId: string): Promise<void> {
  const t = now();
  await repo.insertApplication(db, {
    id: uuidv7(),
    workspaceId,
    key: tenantSettingsKey,
    name: tenantSettingsKey,
    builtIn: true,
    createdDate: t,
    updatedDate: t,
  });
}

/** The keys of a workspace's applications (for access information). */
export async function applicationKeysOf(
  db: Db,
  workspaceId: string,
): Promise<{ key: string; builtIn: boolean }[]> {
  const rows = await repo.listApplications(db, workspaceId);
  return rows.map((r) => ({ key: r.key, builtIn: r.builtIn }));
}

/** The workspace's applications. */
export async function listApplications(db: Db, workspaceId: string, locale: Locale): Promise<Application[]> {
  return (await repo.listedApplications(db, workspaceId)).map((r) =>
    toApplication(
      {
        id: r.id,
        key: r.key,
        name: r.name,
        title: r.title,
        slogan: r.slogan,
        description: r.description,
        keywords: r.keywords,
        version: r.version,
        socialNetworks: r.social_networks,
        builtIn: r.built_in,
        // As Drizzle maps a timestamptz: both drivers hand it over as text.
        createdDate: new Date(r.created_date),
      },
      locale,
    ),
  );
}

/** One application of the workspace by id; 404 otherwise. */
export async function getApplication(
  db: Db,
  workspaceId: string,
  id: string,
  locale: Locale,
): Promise<Application> {
  const row = found(await repo.findApplication(db, workspaceId, id));
  return toApplication(row, locale);
}

/** One application of the workspace by key; 404 otherwise. */
export async function getApplicationByKey(
  db: Db,
  workspaceId: string,
  key: string,
  locale: Locale,
): Promise<Application> {
  const row = found(await repo.findApplicationByKey(db, workspaceId, key.toLowerCase()));
  return toApplication(row, locale);
}

function mergeVersion(current: VersionColumn, patch: CreateApplicationRequest['version']): VersionColumn {
  return { ...current, ...(patch ?? {}) };
}

/** The fields of an application the audit compares. */
function audited(row: ApplicationRow): Record<string, unknown> {
  return {
    key: row.key,
    name: row.name,
    title: row.title,
    slogan: row.slogan,
    description: row.description,
    keywords: row.keywords,
    ...Object.fromEntries(Object.entries(row.version).map(([k, v]) => [`version.${k}`, v])),
    ...row.socialNetworks,
  };
}

/** Adds an application (261 when its key is taken in the workspace). */
export async function createApplication(
  db: Db,
  access: MemberAccess,
  input: CreateApplicationRequest,
  locale: Locale,
): Promise<Application> {
  const t = now();
  try {
    const row = await db.transaction(async (tx) => {
      const created = await repo.insertApplication(tx, {
        id: uuidv7(),
        workspaceId: input.workspaceId,
        key: input.key,
        name: input.name,
        title: input.title ?? null,
        slogan: input.slogan ?? null,
        description: input.description ?? null,
        keywords: input.keywords ?? [],
        version: mergeVersion({}, input.version),
        socialNetworks: { ...(input.socialNetworks ?? {}) },
        createdDate: t,
        updatedDate: t,
      });
      await recordAudit(tx, {
        workspaceId: input.workspaceId,
        actorUserId: access.userId,
        action: 'application.created',
        subject: { applicationId: created.id, name: created.name, after: audited(created) },
      });
      return created;
    });
    return toApplication(row, locale);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(StatusCode.duplicate);
    throw error;
  }
}

/** Changes an application; the built-in one keeps its key (403 when asked to change it). */
export async function updateApplication(
  db: Db,
  access: MemberAccess,
  input: UpdateApplicationRequest,
  locale: Locale,
): Promise<Application> {
  const current = found(await repo.findApplication(db, input.workspaceId, input.applicationId));
  if (current.builtIn && input.key !== undefined && input.key !== current.key)
    throw new AppError(StatusCode.forbidden);
  const patch: Parameters<typeof repo.updateApplication>[3] = { updatedDate: now() };
  if (input.key !== undefined) patch.key = input.key;
  if (input.name !== undefined) patch.name = input.name;
  if (input.title !== undefined) patch.title = input.title;
  if (input.slogan !== undefined) patch.slogan = input.slogan;
  if (input.description !== undefined) patch.description = input.description;
  if (input.keywords !== undefined) patch.keywords = input.keywords;
  if (input.version !== undefined) patch.version = mergeVersion(current.version, input.version);
  if (input.socialNetworks !== undefined)
    patch.socialNetworks = { ...current.socialNetworks, ...input.socialNetworks };
  try {
    const row = await db.transaction(async (tx) => {
      const updated = found(await repo.updateApplication(tx, input.workspaceId, input.applicationId, patch));
      const diff = changes(audited(current), audited(updated));
      if (diff)
        await recordAudit(tx, {
          workspaceId: input.workspaceId,
          actorUserId: access.userId,
          action: 'application.updated',
          subject: { applicationId: updated.id, name: updated.name, ...diff },
        });
      return updated;
    });
    return toApplication(row, locale);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(StatusCode.duplicate);
    throw error;
  }
}

/** Deletes an application; the built-in one cannot be deleted (403). */
export async function deleteApplication(db: Db, access: MemberAccess, id: string): Promise<void> {
  const { workspaceId } = access;
  const current = found(await repo.findApplication(db, workspaceId, id));
  if (current.builtIn) throw new AppError(StatusCode.forbidden);
  await deleteAudited(db, access, (tx) => repo.deleteApplication(tx, workspaceId, id), {
    action: 'application.deleted',
    subject: { applicationId: id, name: current.name, before: audited(current) },
  });
}

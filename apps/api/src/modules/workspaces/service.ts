import {
  type CreateWorkspaceRequest,
  type Locale,
  StatusCode,
  type UpdateWorkspaceProfileRequest,
  type Workspace,
  type WorkspaceProfile,
} from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import { type Db, isUniqueViolation } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, found } from '../../http/app-error';
import { enforceLimit } from '../../http/rate-limit';
import { namedStatus } from '../access/catalogue';
import type { MemberAccess } from '../access/guard';
import { fieldError } from '../access/service';
import { createBuiltInApplication } from '../applications/service';
import { imageRef, isWorkspaceLogo } from '../assets/images';
import { changes, recordAudit } from '../audit/record';
import { membersLimitRule } from '../members/limits';
import { addOwner } from '../members/service';
import * as repo from './repository';

const now = (): Date => new Date();

function toWorkspace(row: repo.MyWorkspaceRow, locale: Locale): Workspace {
  const w = row.workspace;
  return {
    id: w.id,
    workspaceName: w.workspaceName,
    name: w.name,
    description: w.description,
    logo: imageRef(w.logoImageId),
    status: namedStatus(w.status, locale),
    createdDate: w.createdDate.toISOString(),
    level: row.level,
    role: row.role,
  };
}

/** The workspaces where the user is an active member, with its level and role in each. */
export async function listMyWorkspaces(db: Db, userId: string, locale: Locale): Promise<Workspace[]> {
  return (await repo.listMine(db, userId)).map((r) => toWorkspace(r, locale));
}

/** One workspace as its member sees it. */
export async function getWorkspace(db: Db, access: MemberAccess, locale: Locale): Promise<Workspace> {
  const row = found(await repo.findMine(db, access.userId, access.workspaceId));
  return toWorkspace(row, locale);
}

/**
 * Creates a workspace in one transaction: the workspace (261 when its workspaceName is taken), its
 * profile, the creator as owner and the built-in application tenant-settings.
 */
export async function createWorkspace(
  deps: AppDeps,
  userId: string,
  input: CreateWorkspaceRequest,
  locale: Locale,
): Promise<Workspace> {
  await enforceLimit(deps.limiter, membersLimitRule(deps.config, 'createWorkspacePerUser'), userId);
  const db = deps.database.db;
  const id = uuidv7();
  try {
    await db.transaction(async (tx) => {
      const t = now();
      await repo.insertWorkspace(tx, {
        id,
        workspaceName: input.workspaceName,
        name: input.name,
        description: input.description ?? null,
        status: 'active',
        createdDate: t,
        updatedDate: t,
      });
      await repo.insertProfile(tx, { id: uuidv7(), workspaceId: id, updatedDate: t });
      await addOwner(tx, id, userId);
      await createBuiltInApplication(tx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(StatusCode.duplicate);
    throw error;
  }
  const row = await repo.findMine(db, userId, id);
  return toWorkspace(row!, locale);
}

/** The workspace's profile. */
export async function getProfile(db: Db, workspaceId: string): Promise<WorkspaceProfile> {
  const [workspace, profile] = await Promise.all([
    repo.findWorkspace(db, workspaceId),
    repo.findProfile(db, workspaceId),
  ]);
  if (!workspace || !profile) throw new AppError(StatusCode.notFound);
  const s = profile.socialNetworks;
  return {
    id: profile.id,
    workspaceId,
    name: workspace.name,
    description: workspace.description,
    email: profile.email,
    phone: profile.phone,
    website: profile.website,
    fax: profile.fax,
    logo: imageRef(workspace.logoImageId),
    socialNetworks: {
      instagram: s.instagram ?? null,
      telegram: s.telegram ?? null,
      x: s.x ?? null,
      rubika: s.rubika ?? null,
    },
  };
}

/** The profile's fields as the audit compares them (the logo by its image id). */
function auditedProfile(profile: WorkspaceProfile): Record<string, unknown> {
  const { id: _id, workspaceId: _workspaceId, logo, socialNetworks, ...fields } = profile;
  return { ...fields, logo: logo?.id ?? null, ...socialNetworks };
}

/** Changes the profile; a logoId must be an image uploaded for this workspace (400 otherwise), null removes it. */
export async function updateProfile(
  db: Db,
  access: MemberAccess,
  input: UpdateWorkspaceProfileRequest,
  locale: Locale,
): Promise<WorkspaceProfile> {
  const workspaceId = input.workspaceId;
  if (input.logoId && !(await isWorkspaceLogo(db, workspaceId, input.logoId)))
    throw fieldError(locale, 'logoId', 'unknown_image');
  const profile = found(await repo.findProfile(db, workspaceId));
  const before = await getProfile(db, workspaceId);
  await db.transaction(async (tx) => {
    const t = now();
    const workspacePatch: Parameters<typeof repo.updateWorkspace>[2] = { updatedDate: t };
    if (input.name !== undefined) workspacePatch.name = input.name;
    if (input.description !== undefined) workspacePatch.description = input.description;
    if (input.logoId !== undefined) workspacePatch.logoImageId = input.logoId;
    await repo.updateWorkspace(tx, workspaceId, workspacePatch);
    const profilePatch: Parameters<typeof repo.updateProfile>[2] = { updatedDate: t };
    if (input.email !== undefined) profilePatch.email = input.email?.toLowerCase() ?? null;
    if (input.phone !== undefined) profilePatch.phone = input.phone;
    if (input.website !== undefined) profilePatch.website = input.website;
    if (input.fax !== undefined) profilePatch.fax = input.fax;
    if (input.socialNetworks !== undefined)
      profilePatch.socialNetworks = { ...profile.socialNetworks, ...input.socialNetworks };
    await repo.updateProfile(tx, workspaceId, profilePatch);
    const diff = changes(auditedProfile(before), auditedProfile(await getProfile(tx, workspaceId)));
    if (diff)
      await recordAudit(tx, {
        workspaceId,
        actorUserId: access.userId,
        action: 'profile.updated',
        subject: { name: input.name ?? before.name, ...diff },
      });
  });
  return getProfile(db, workspaceId);
}

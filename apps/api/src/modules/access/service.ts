import {
  type AccessInformation,
  type CreateRoleRequest,
  customIssueMessages,
  type Locale,
  type PageQuery,
  type Role,
  StatusCode,
  type UpdateRoleRequest,
} from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import { type Db, isUniqueViolation } from '../../db/types';
import { AppError, found } from '../../http/app-error';
import { pageAnswer, pageSlice } from '../../lib/paging';
import { applicationKeysOf } from '../applications/service';
import { deleteAudited, recordAudit } from '../audit/record';
import { isPermissionKey, permissionOf, pointerOf, softwareCatalogue } from './catalogue';
import { assertCanGrant, holds, loadAccess, type MemberAccess } from './guard';
import * as repo from './repository';

const now = (): Date => new Date();

/** A body-400 answer naming one field, in the request's language. */
export function fieldError(locale: Locale, path: string, messageKey: string): AppError {
  const message = customIssueMessages[messageKey]?.[locale] ?? messageKey;
  return new AppError(StatusCode.validation, { data: { errors: [{ path, message }] } });
}

function toRole(row: repo.RoleWithPermissions, locale: Locale): Role {
  const keys = row.permissionKeys.filter(isPermissionKey);
  const sections = new Set(keys.map((key) => pointerOf(key).split('/')[1]!));
  return {
    id: row.id,
    name: row.name,
    key: row.key,
    superAccess: row.superAccess,
    totalMembers: row.totalMembers,
    softwares: softwareCatalogue(locale, row.superAccess ? undefined : sections),
    permissions: keys.map((key) => permissionOf(key, locale)),
    lastChangeDate: row.lastChangeDate.toISOString(),
  };
}

/** A page of the workspace's roles, searched by name. */
export async function listRoles(
  db: Db,
  workspaceId: string,
  page: PageQuery,
  locale: Locale,
): Promise<{ items: Role[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await repo.listRoles(db, workspaceId, { ...pageSlice(page), search: page.search });
  return pageAnswer(
    rows.map((r) => toRole(r, locale)),
    total,
    page,
  );
}

/** One role of the workspace; 404 when the workspace has none by that id. */
export async function getRole(db: Db, workspaceId: string, roleId: string, locale: Locale): Promise<Role> {
  const row = found(await repo.findRole(db, workspaceId, roleId));
  return toRole(row, locale);
}

/** A role of the workspace with its permission keys, for grant checks of other modules; undefined when unknown. */
export async function findGrantableRole(
  db: Db,
  workspaceId: string,
  roleId: string,
): Promise<
  { id: string; name: string; key: string; superAccess: boolean; permissions: string[] } | undefined
> {
  const row = await repo.findRole(db, workspaceId, roleId);
  return (
    row && {
      id: row.id,
      name: row.name,
      key: row.key,
      superAccess: row.superAccess,
      permissions: row.permissionKeys,
    }
  );
}

function checkedPermissions(ids: string[], locale: Locale): string[] {
  const unique = [...new Set(ids)];
  if (!unique.every(isPermissionKey)) throw fieldError(locale, 'permissionIds', 'unknown_permission');
  return unique;
}

function slugOf(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug.length >= 2 ? slug : 'role';
}

/** Creates a role (261 when the name is taken); nobody may put a permission into it that they do not hold. */
export async function createRole(
  db: Db,
  access: MemberAccess,
  input: CreateRoleRequest,
  locale: Locale,
): Promise<Role> {
  const permissions = checkedPermissions(input.permissionIds, locale);
  assertCanGrant(access, { superAccess: input.superAccess, permissions });
  const id = uuidv7();
  let key = slugOf(input.name);
  if (await repo.roleKeyTaken(db, access.workspaceId, key)) key = `${key}-${id.slice(-8)}`;
  try {
    await db.transaction(async (tx) => {
      const t = now();
      await repo.insertRole(tx, {
        id,
        workspaceId: access.workspaceId,
        name: input.name,
        key,
        superAccess: input.superAccess,
        createdDate: t,
        lastChangeDate: t,
      });
      await repo.setRolePermissions(tx, access.workspaceId, id, permissions);
      await recordAudit(tx, {
        workspaceId: access.workspaceId,
        actorUserId: access.userId,
        action: 'role.created',
        subject: { roleId: id, name: input.name, superAccess: input.superAccess, permissions },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(StatusCode.duplicate);
    throw error;
  }
  return getRole(db, access.workspaceId, id, locale);
}

/**
 * Changes a role. The caller must hold everything the role holds before and after the change; a stale
 * lastChangeDate answers 261 and changes nothing.
 */
export async function updateRole(
  db: Db,
  access: MemberAccess,
  input: UpdateRoleRequest,
  locale: Locale,
): Promise<Role> {
  const current = found(await repo.findRole(db, access.workspaceId, input.roleId));
  const permissions = checkedPermissions(input.permissionIds, locale);
  assertCanGrant(access, { superAccess: current.superAccess, permissions: current.permissionKeys });
  assertCanGrant(access, { superAccess: input.superAccess, permissions });
  try {
    await db.transaction(async (tx) => {
      const updated = await repo.updateRoleIfUnchanged(
        tx,
        access.workspaceId,
        input.roleId,
        new Date(input.lastChangeDate),
        { name: input.name, superAccess: input.superAccess, lastChangeDate: now() },
      );
      if (!updated) throw new AppError(StatusCode.duplicate);
      await repo.setRolePermissions(tx, access.workspaceId, input.roleId, permissions);
      await recordAudit(tx, {
        workspaceId: access.workspaceId,
        actorUserId: access.userId,
        action: 'role.updated',
        subject: {
          roleId: input.roleId,
          name: input.name,
          superAccess: input.superAccess,
          permissions,
          before: {
            name: current.name,
            superAccess: current.superAccess,
            permissions: current.permissionKeys,
          },
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(StatusCode.duplicate);
    throw error;
  }
  return getRole(db, access.workspaceId, input.roleId, locale);
}

/** Deletes a role the caller fully holds; its members stay, without a role. */
export async function deleteRole(db: Db, access: MemberAccess, roleId: string): Promise<void> {
  const current = found(await repo.findRole(db, access.workspaceId, roleId));
  assertCanGrant(access, { superAccess: current.superAccess, permissions: current.permissionKeys });
  await deleteAudited(db, access, (tx) => repo.deleteRole(tx, access.workspaceId, roleId), {
    action: 'role.deleted',
    subject: { roleId, name: current.name, permissions: current.permissionKeys },
  });
}

/**
 * What a member of the workspace may do: level, role, the applications it may open and its permission
 * keys (["*"] for the owner and superAccess roles). A user reads its own; another's needs tenant_members_read.
 */
export async function accessInformation(
  db: Db,
  caller: MemberAccess,
  userId: string,
): Promise<AccessInformation> {
  if (userId !== caller.userId && !holds(caller, 'tenant_members_read'))
    throw new AppError(StatusCode.forbidden);
  const target = userId === caller.userId ? caller : await loadAccess(db, caller.workspaceId, userId);
  if (!target) throw new AppError(StatusCode.notFound);
  const apps = await applicationKeysOf(db, caller.workspaceId);
  const active = target.status === 'active';
  const applications = !active
    ? []
    : target.all
      ? apps.map((a) => a.key)
      : apps.filter((a) => !a.builtIn || target.permissions.size > 0).map((a) => a.key);
  return {
    workspaceId: caller.workspaceId,
    memberId: target.memberId,
    roles: [
      {
        level: target.level,
        role: target.role,
        applications,
        permissions: !active ? [] : target.all ? ['*'] : [...target.permissions],
      },
    ],
  };
}

import { type Envelope, type PermissionKey, StatusCode } from '@wsm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/types';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { bindLogContext } from '../../http/logging';
import type { ApiKeyCaller } from '../api-keys/key-auth';
import { members } from '../members/schema';
import { workspaces } from '../workspaces/schema';
import { isPermissionKey } from './catalogue';
import { rolePermissions, roles } from './schema';

/** The caller's standing in one workspace, as the tenant guard found it. */
export interface MemberAccess {
  workspaceId: string;
  userId: string;
  memberId: string;
  level: 'owner' | 'member';
  status: 'active' | 'pending' | 'suspended';
  role: { id: string; name: string; key: string; superAccess: boolean } | null;
  /** The role's permission keys (empty without a role). */
  permissions: ReadonlySet<PermissionKey>;
  /** Owner or a superAccess role: holds every permission. */
  all: boolean;
}

/** Whether an access holds a permission (owner and superAccess hold all). */
export function holds(access: MemberAccess, permission: PermissionKey): boolean {
  return access.all || access.permissions.has(permission);
}

/**
 * The membership of a user in a workspace with its role and permissions, in one query; undefined when
 * the user is not a member or the workspace is not active. Any status: the caller decides.
 */
export async function loadAccess(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<MemberAccess | undefined> {
  const [row] = await db
    .select({
      memberId: members.id,
      level: members.level,
      status: members.status,
      roleId: roles.id,
      roleName: roles.name,
      roleKey: roles.key,
      superAccess: roles.superAccess,
      permissions: sql<string[]>`array(select ${rolePermissions.permissionKey} from ${rolePermissions}
        where ${rolePermissions.roleId} = ${members.roleId} and ${rolePermissions.workspaceId} = ${members.workspaceId})`,
    })
    .from(members)
    .innerJoin(workspaces, and(eq(workspaces.id, members.workspaceId), eq(workspaces.status, 'active')))
    .leftJoin(roles, and(eq(roles.id, members.roleId), eq(roles.workspaceId, members.workspaceId)))
    .where(and(eq(members.workspaceId, workspaceId), eq(members.userId, userId)))
    .limit(1);
  if (!row) return undefined;
  const role =
    row.roleId !== null
      ? { id: row.roleId, name: row.roleName!, key: row.roleKey!, superAccess: row.superAccess! }
      : null;
  return {
    workspaceId,
    userId,
    memberId: row.memberId,
    level: row.level,
    status: row.status,
    role,
    permissions: new Set((row.permissions ?? []).filter(isPermissionKey)),
    all: row.level === 'owner' || role?.superAccess === true,
  };
}

/**
 * The tenant guard of every workspace-scoped route (after requireUser): the caller must be an active
 * member of the workspace (else page-level 403, also for a workspace that does not exist, so ids reveal
 * nothing) and hold every permission named (else 403 carried by HTTP 400).
 */
export async function requireMember(
  request: FastifyRequest,
  workspaceId: string,
  ...permissions: PermissionKey[]
): Promise<MemberAccess> {
  const { database, authCache } = request.server.deps;
  const key = request.apiKey;
  // A key names its workspace: another's is refused before anything is read.
  if (key && key.workspaceId !== workspaceId) throw new AppError(StatusCode.forbidden, { pageLevel: true });
  const userId = key ? key.creatorUserId! : request.user.id;
  const load = () => loadAccess(database.db, workspaceId, userId);
  // Kept in memory until the workspace's members, roles or permissions change (lib/auth-cache.ts).
  const member = authCache ? await authCache.membership(workspaceId, userId, load) : await load();
  if (member?.status !== 'active') throw new AppError(StatusCode.forbidden, { pageLevel: true });
  const access = key ? keyAccess(member, key) : member;
  if (key) key.tenantChecked = true;
  bindLogContext(request, { workspaceId });
  for (const permission of permissions)
    if (!holds(access, permission)) throw new AppError(StatusCode.forbidden);
  return access;
}

/**
 * What a request made with an API key may do: the key's permissions that its creator still holds, as a
 * plain member (no owner-only action, no superAccess), acting as the creator.
 */
function keyAccess(creator: MemberAccess, key: ApiKeyCaller): MemberAccess {
  return {
    ...creator,
    level: 'member',
    role: null,
    all: false,
    permissions: new Set(key.permissions.filter((p) => holds(creator, p))),
  };
}

/** 403 unless the caller may hand out a role: it must hold every one of its permissions, and superAccess only comes from the owner or another superAccess role. */
export function assertCanGrant(
  access: MemberAccess,
  role: { superAccess: boolean; permissions: Iterable<string> } | null,
): void {
  if (!role || access.all) return;
  if (role.superAccess) throw new AppError(StatusCode.forbidden);
  for (const key of role.permissions)
    if (!isPermissionKey(key) || !access.permissions.has(key)) throw new AppError(StatusCode.forbidden);
}

/**
 * The handler of a change to the workspace its body names: the caller must be a member holding
 * `permission` (requireMember); `change` gets the caller's access and the request, and answers what
 * is enveloped.
 */
export function memberChange<Body extends { workspaceId: string }, T>(
  permission: PermissionKey,
  change: (access: MemberAccess, request: FastifyRequest & { body: Body }) => Promise<T>,
) {
  return async (request: FastifyRequest & { body: Body }): Promise<Envelope<T>> => {
    const access = await requireMember(request, request.body.workspaceId, permission);
    return ok(request, await change(access, request));
  };
}

/**
 * The handler of a read of the workspace its path names (`:id`): the caller must be a member holding
 * `permission` (null: any member); `read` gets the caller's access and the request, and answers what is
 * enveloped.
 */
export function memberRead<Request extends FastifyRequest & { params: { id: string } }, T>(
  permission: PermissionKey | null,
  read: (access: MemberAccess, request: Request) => T | Promise<T>,
) {
  return async (request: Request): Promise<Envelope<T>> => {
    const access = await requireMember(request, request.params.id, ...(permission ? [permission] : []));
    return ok(request, await read(access, request));
  };
}

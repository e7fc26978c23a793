import { type Locale, type Member, type PageQuery, StatusCode } from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/types';
import { type EventLog, emit } from '../../events/bus';
import { AppError, found } from '../../http/app-error';
import { type CappedPage, cappedPageAnswer, pageSlice } from '../../lib/paging';
import { namedStatus } from '../access/catalogue';
import { assertCanGrant, holds, loadAccess, type MemberAccess } from '../access/guard';
import { findGrantableRole } from '../access/service';
import { recordAudit } from '../audit/record';
import * as directory from '../users/entries';
import * as repo from './repository';
import { invitationLifetimeDays, type MemberStatus } from './schema';

export * from './invitations';
export { invitationLifetimeDays };

const now = (): Date => new Date();

function toMember(row: repo.MemberItemRow, locale: Locale): Member {
  return {
    id: row.member.id,
    level: row.member.level,
    role: row.role,
    user: row.user,
    status: namedStatus(row.member.status, locale),
  };
}

// ---------- memberships (for the workspaces, access and users modules)

/** Makes the creator of a workspace its owner (inside the creation transaction). */
export async function addOwner(db: Db, workspaceId: string, userId: string): Promise<void> {
  await repo.insertMember(db, {
    id: uuidv7(),
    workspaceId,
    userId,
    level: 'owner',
    roleId: null,
    status: 'active',
    joinedDate: now(),
  });
  await directory.recordMember(db, workspaceId, userId);
  await recordAudit(db, {
    workspaceId,
    actorUserId: userId,
    action: 'member.added',
    subject: { userId, level: 'owner' },
  });
}

/** A user's membership with its role's permissions, for checks of who may act on whom. */
export async function membershipWithRole(db: Db, workspaceId: string, userId: string) {
  const access = await loadAccess(db, workspaceId, userId);
  if (!access) return undefined;
  return {
    memberId: access.memberId,
    userId,
    level: access.level,
    role: access.role ? { superAccess: access.role.superAccess, permissions: [...access.permissions] } : null,
  };
}

/** Sets a member's access status (the users module mirrors the directory status here). */
export async function setMemberStatus(db: Db, workspaceId: string, userId: string, status: MemberStatus) {
  await repo.setStatusOfUser(db, workspaceId, userId, status);
}

// ---------- members

/** A page of the workspace's members (owner first), searched by name or username. */
export async function listMembers(
  db: Db,
  workspaceId: string,
  page: PageQuery,
  locale: Locale,
): Promise<CappedPage<Member>> {
  const { rows, total, capped } = await repo.listMembers(db, workspaceId, {
    ...pageSlice(page),
    search: page.search,
  });
  return cappedPageAnswer(
    rows.map((r) => toMember(r, locale)),
    { total, capped: capped ?? false },
    page,
  );
}

async function memberOf(db: Db, workspaceId: string, memberId: string): Promise<repo.MemberListRow> {
  return found(await repo.findMember(db, workspaceId, memberId));
}

/** One member of the workspace; 404 otherwise. */
export async function getMember(
  db: Db,
  workspaceId: string,
  memberId: string,
  locale: Locale,
): Promise<Member> {
  return toMember(await memberOf(db, workspaceId, memberId), locale);
}

/** 403 unless the caller may act on a member: never the owner, never someone holding more than the caller. */
async function assertCanActOn(db: Db, access: MemberAccess, row: repo.MemberListRow): Promise<void> {
  if (row.member.level === 'owner') throw new AppError(StatusCode.forbidden);
  const target = await membershipWithRole(db, access.workspaceId, row.member.userId);
  assertCanGrant(access, target?.role ?? null);
}

/**
 * Gives a member another role (or none). The owner cannot be changed; the caller must hold everything
 * both the old and the new role hold. The caller's rights are checked again inside the transaction that
 * writes, with both memberships and the roles involved locked: a demotion or removal of the caller, or
 * an edit of those roles, running at the same time either waits for this change or is seen by it.
 */
export async function changeMemberRole(
  db: Db,
  access: MemberAccess,
  input: { memberId: string; roleId: string | null },
  locale: Locale,
  log?: EventLog,
): Promise<Member> {
  const row = await db.transaction(async (tx) => {
    const { workspaceId } = access;
    await repo.lockMemberships(
      tx,
      workspaceId,
      [access.memberId, input.memberId],
      input.roleId === null ? [] : [input.roleId],
    );
    // The permission the route asked for, as it stands now.
    const caller = await loadAccess(tx, workspaceId, access.userId);
    if (caller?.status !== 'active' || !holds(caller, 'tenant_members_update'))
      throw new AppError(StatusCode.forbidden);
    const target = await memberOf(tx, workspaceId, input.memberId);
    await assertCanActOn(tx, caller, target);
    if (input.roleId !== null) {
      const role = found(await findGrantableRole(tx, workspaceId, input.roleId));
      assertCanGrant(caller, role);
    }
    if (!(await repo.updateMember(tx, workspaceId, input.memberId, { roleId: input.roleId })))
      throw new AppError(StatusCode.notFound);
    await recordAudit(tx, {
      workspaceId,
      actorUserId: access.userId,
      action: 'member.role_changed',
      subject: {
        memberId: input.memberId,
        userId: target.member.userId,
        roleId: input.roleId,
        before: target.member.roleId,
      },
    });
    return target;
  });
  await emit(
    'member.role_changed',
    {
      workspaceId: access.workspaceId,
      memberId: input.memberId,
      userId: row.member.userId,
      roleId: input.roleId,
      byUserId: access.userId,
    },
    { db, log },
  );
  return getMember(db, access.workspaceId, input.memberId, locale);
}

/**
 * Removes a member: a member may always leave; removing another needs tenant_members_delete and may not
 * reach the owner or anyone holding more than the caller. The owner can never be removed (403).
 */
export async function removeMember(
  db: Db,
  access: MemberAccess,
  memberId: string,
  log?: EventLog,
): Promise<void> {
  const row = await memberOf(db, access.workspaceId, memberId);
  if (row.member.level === 'owner') throw new AppError(StatusCode.forbidden);
  if (row.member.userId !== access.userId) {
    if (!holds(access, 'tenant_members_delete')) throw new AppError(StatusCode.forbidden);
    await assertCanActOn(db, access, row);
  }
  await db.transaction(async (tx) => {
    if (!(await repo.deleteMember(tx, access.workspaceId, memberId))) throw new AppError(StatusCode.notFound);
    await directory.forgetMember(tx, access.workspaceId, row.member.userId);
    const left = row.member.userId === access.userId;
    await recordAudit(tx, {
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      action: left ? 'member.left' : 'member.removed',
      subject: { memberId, userId: row.member.userId, roleId: row.member.roleId },
    });
  });
  await emit(
    'member.removed',
    {
      workspaceId: access.workspaceId,
      memberId,
      userId: row.member.userId,
      byUserId: access.userId,
    },
    { db, log },
  );
}

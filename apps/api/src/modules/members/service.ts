import { randomBytes } from 'node:crypto';
import {
  type Invitation,
  type Locale,
  type Member,
  maskPhone,
  type PageQuery,
  type SendInvitationRequest,
  StatusCode,
} from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../app';
import { AppError } from '../../http/app-error';
import { enforceLimit } from '../../http/rate-limit';
import { recordAccessChange } from '../access/audit';
import { namedStatus } from '../access/catalogue';
import { assertCanGrant, holds, loadAccess, type MemberAccess } from '../access/guard';
import { findGrantableRole } from '../access/service';
import { imageRef } from '../assets/images';
import { type Db, isUniqueViolation } from '../identity/repository';
import * as directory from '../users/service';
import { type EventLogger, onMembersEvent } from './events';
import { type MembersLimit, membersLimitRule } from './limits';
import { invitationText } from './messages';
import * as repo from './repository';
import type { MemberStatus } from './schema';

/** Invitations expire 7 days after they are sent. */
export const invitationLifetimeDays = 7;

const now = (): Date => new Date();

type Who = { userId: string } | { phone: string };

function limit(deps: AppDeps, name: MembersLimit, subject: string): Promise<void> {
  return enforceLimit(deps.limiter, membersLimitRule(deps.config, name), subject);
}

function toMember(row: repo.MemberListRow, locale: Locale): Member {
  return {
    id: row.member.id,
    level: row.member.level,
    role: row.role,
    user: row.user,
    status: namedStatus(row.member.status, locale),
  };
}

function toInvitation(row: repo.InvitationListRow, locale: Locale, t: Date = now()): Invitation {
  const { invitation } = row;
  const status =
    invitation.status === 'pending' && invitation.expiresDate <= t ? 'expired' : invitation.status;
  return {
    id: invitation.id,
    workspaceId: row.workspace.id,
    workspaceName: row.workspace.workspaceName,
    name: row.workspace.name,
    logo: imageRef(row.workspace.logoImageId),
    role: row.role,
    token: invitation.token,
    createdDate: invitation.createdDate.toISOString(),
    expiresDate: invitation.expiresDate.toISOString(),
    status: namedStatus(status, locale),
    invitee: {
      userId: row.invitee?.id ?? null,
      firstName: row.invitee?.firstName ?? null,
      lastName: row.invitee?.lastName ?? null,
      username: row.invitee?.username ?? null,
      phone: invitation.inviteePhone ? maskPhone(invitation.inviteePhone) : null,
    },
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
  await recordAccessChange(db, {
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
): Promise<{ items: Member[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await repo.listMembers(db, workspaceId, {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
    search: page.search,
  });
  return { items: rows.map((r) => toMember(r, locale)), total, page: page.page, pageSize: page.pageSize };
}

async function memberOf(db: Db, workspaceId: string, memberId: string): Promise<repo.MemberListRow> {
  const row = await repo.findMember(db, workspaceId, memberId);
  if (!row) throw new AppError(StatusCode.notFound);
  return row;
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
 * both the old and the new role hold.
 */
export async function changeMemberRole(
  db: Db,
  access: MemberAccess,
  input: { memberId: string; roleId: string | null },
  locale: Locale,
  log?: EventLogger,
): Promise<Member> {
  const row = await memberOf(db, access.workspaceId, input.memberId);
  await assertCanActOn(db, access, row);
  if (input.roleId !== null) {
    const role = await findGrantableRole(db, access.workspaceId, input.roleId);
    if (!role) throw new AppError(StatusCode.notFound);
    assertCanGrant(access, role);
  }
  await db.transaction(async (tx) => {
    if (!(await repo.updateMember(tx, access.workspaceId, input.memberId, { roleId: input.roleId })))
      throw new AppError(StatusCode.notFound);
    await recordAccessChange(tx, {
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      action: 'member.role_changed',
      subject: {
        memberId: input.memberId,
        userId: row.member.userId,
        roleId: input.roleId,
        before: row.member.roleId,
      },
    });
  });
  await onMembersEvent(
    db,
    {
      type: 'member.role_changed',
      workspaceId: access.workspaceId,
      memberId: input.memberId,
      userId: row.member.userId,
      roleId: input.roleId,
      byUserId: access.userId,
    },
    log,
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
  log?: EventLogger,
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
    await recordAccessChange(tx, {
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      action: left ? 'member.left' : 'member.removed',
      subject: { memberId, userId: row.member.userId, roleId: row.member.roleId },
    });
  });
  await onMembersEvent(
    db,
    {
      type: 'member.removed',
      workspaceId: access.workspaceId,
      memberId,
      userId: row.member.userId,
      byUserId: access.userId,
    },
    log,
  );
}

// ---------- invitations

/** Marks a workspace's invitations past their 7 days as expired and drops their invitees from the directory. */
export async function sweepExpiredInvitations(db: Db, workspaceId: string): Promise<void> {
  // Lists call this on every read: only a workspace with something to expire pays for a transaction.
  if (!(await repo.hasExpiredPending(db, workspaceId, now()))) return;
  await db.transaction(async (tx) => {
    const expired = await repo.expireInvitations(tx, now(), { workspaceId });
    for (const inv of expired)
      await directory.forgetInvitee(
        tx,
        workspaceId,
        inv.inviteeUserId ? { userId: inv.inviteeUserId } : { phone: inv.inviteePhone! },
      );
  });
}

async function invitationView(db: Db, id: string, locale: Locale): Promise<Invitation> {
  const row = await repo.findInvitation(db, id);
  if (!row) throw new AppError(StatusCode.notFound);
  return toInvitation(row, locale);
}

/**
 * Invites a person by phone, national code or username with a role the caller may grant. A phone without
 * an account gets an SMS and the invitation waits for sign-up with that phone; a national code or username
 * must name an account (404). 261 when the person is already a member or already has a pending invitation.
 */
export async function sendInvitation(
  deps: AppDeps,
  access: MemberAccess,
  input: SendInvitationRequest,
  context: { locale: Locale; log: EventLogger },
): Promise<Invitation> {
  const db = deps.database.db;
  await limit(deps, 'invitePerUser', access.userId);
  const roleId = input.roleId ?? null;
  if (roleId !== null) {
    const role = await findGrantableRole(db, access.workspaceId, roleId);
    if (!role) throw new AppError(StatusCode.notFound);
    assertCanGrant(access, role);
  }
  const account = await repo.findAccount(
    db,
    input.phone !== undefined
      ? { phone: input.phone }
      : input.nationalCode !== undefined
        ? { nationalCode: input.nationalCode }
        : { username: input.username! },
  );
  if (!account && input.phone === undefined) throw new AppError(StatusCode.notFound);
  const who: Who = account ? { userId: account.id } : { phone: input.phone! };
  if (account && (await repo.findMembershipOf(db, access.workspaceId, account.id)))
    throw new AppError(StatusCode.duplicate);
  if (!account) {
    await limit(deps, 'inviteSmsPerPhone', input.phone!);
    await limit(deps, 'inviteSmsPerWorkspace', access.workspaceId);
  }
  const id = uuidv7();
  const t = now();
  try {
    await db.transaction(async (tx) => {
      const expired = await repo.expireInvitations(tx, t, {
        workspaceId: access.workspaceId,
        ...('userId' in who ? { inviteeUserId: who.userId } : { inviteePhone: who.phone }),
      });
      if (expired.length > 0) await directory.forgetInvitee(tx, access.workspaceId, who);
      await repo.insertInvitation(tx, {
        id,
        workspaceId: access.workspaceId,
        roleId,
        inviteeUserId: account?.id ?? null,
        inviteePhone: account ? null : input.phone!,
        token: randomBytes(24).toString('base64url'),
        status: 'pending',
        invitedBy: access.userId,
        createdDate: t,
        expiresDate: new Date(t.getTime() + invitationLifetimeDays * 86_400_000),
      });
      await directory.recordInvitee(tx, access.workspaceId, who);
      await recordAccessChange(tx, {
        workspaceId: access.workspaceId,
        actorUserId: access.userId,
        action: 'invitation.sent',
        subject: { invitationId: id, roleId, ...who },
      });
      if (!account) {
        const view = await repo.findInvitation(tx, id);
        const text = invitationText('fa', view!.workspace.name, deps.config.publicUrl);
        try {
          await deps.messaging.sms.send({ to: input.phone!, text });
        } catch (error) {
          context.log.error({ err: error }, 'invitation SMS failed');
          throw new AppError(StatusCode.unavailable);
        }
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(StatusCode.duplicate);
    throw error;
  }
  await onMembersEvent(
    db,
    {
      type: 'invitation.received',
      workspaceId: access.workspaceId,
      invitationId: id,
      inviteeUserId: account?.id ?? null,
      phone: account ? null : input.phone!,
      invitedBy: access.userId,
    },
    context.log,
  );
  return invitationView(db, id, context.locale);
}

/** Withdraws a pending invitation of the workspace (404 when it has none pending by that id). */
export async function withdrawInvitation(
  db: Db,
  access: MemberAccess,
  invitationId: string,
  log?: EventLogger,
): Promise<void> {
  const row = await repo.findInvitation(db, invitationId);
  if (!row || row.invitation.workspaceId !== access.workspaceId) throw new AppError(StatusCode.notFound);
  const inv = row.invitation;
  await db.transaction(async (tx) => {
    if (!(await repo.answerInvitation(tx, inv.id, 'withdrawn', now())))
      throw new AppError(StatusCode.notFound);
    await directory.forgetInvitee(
      tx,
      access.workspaceId,
      inv.inviteeUserId ? { userId: inv.inviteeUserId } : { phone: inv.inviteePhone! },
    );
    await recordAccessChange(tx, {
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      action: 'invitation.withdrawn',
      subject: { invitationId: inv.id, userId: inv.inviteeUserId, phone: inv.inviteePhone },
    });
  });
  await onMembersEvent(
    db,
    {
      type: 'invitation.withdrawn',
      workspaceId: access.workspaceId,
      invitationId: inv.id,
      inviteeUserId: inv.inviteeUserId,
      byUserId: access.userId,
    },
    log,
  );
}

/** Withdraws every pending invitation of one invitee (the directory's delete of a person who never joined). */
export async function withdrawInvitationsOf(db: Db, access: MemberAccess, who: Who, log?: EventLogger) {
  const withdrawn = await repo.withdrawPendingOf(db, access.workspaceId, who, now());
  for (const inv of withdrawn) {
    await recordAccessChange(db, {
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      action: 'invitation.withdrawn',
      subject: { invitationId: inv.id, userId: inv.inviteeUserId, phone: inv.inviteePhone },
    });
    await onMembersEvent(
      db,
      {
        type: 'invitation.withdrawn',
        workspaceId: access.workspaceId,
        invitationId: inv.id,
        inviteeUserId: inv.inviteeUserId,
        byUserId: access.userId,
      },
      log,
    );
  }
}

/** The caller's pending invitations, newest first. */
export async function listMyInvitations(db: Db, userId: string, locale: Locale): Promise<Invitation[]> {
  const t = now();
  return (await repo.listPendingFor(db, userId, t)).map((r) => toInvitation(r, locale, t));
}

/** A page of the invitations a workspace has sent, newest first, searched by the invitee's name or username. */
export async function listSentInvitations(
  db: Db,
  workspaceId: string,
  page: PageQuery,
  locale: Locale,
): Promise<{ items: Invitation[]; total: number; page: number; pageSize: number }> {
  await sweepExpiredInvitations(db, workspaceId);
  const { rows, total } = await repo.listSent(db, workspaceId, {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
    search: page.search,
  });
  return { items: rows.map((r) => toInvitation(r, locale)), total, page: page.page, pageSize: page.pageSize };
}

/** One invitation, for its invitee or a reader (tenant_members_read) of its workspace; 404 for anyone else. */
export async function getInvitation(
  db: Db,
  userId: string,
  invitationId: string,
  locale: Locale,
): Promise<Invitation> {
  const row = await repo.findInvitation(db, invitationId);
  if (!row) throw new AppError(StatusCode.notFound);
  if (row.invitation.inviteeUserId !== userId) {
    const access = await loadAccess(db, row.invitation.workspaceId, userId);
    if (access?.status !== 'active' || !holds(access, 'tenant_members_read'))
      throw new AppError(StatusCode.notFound);
  }
  return toInvitation(row, locale);
}

/**
 * The invitee's answer. Accepting makes the caller an active member with the invited role (confirmed in
 * the directory); declining drops it from the directory. Only the invitee may answer (404 for anyone
 * else, and for an invitation no longer pending or past its date); 261 if already a member.
 */
export async function respondToInvitation(
  db: Db,
  userId: string,
  input: { invitationId: string; accept: boolean },
  log?: EventLogger,
): Promise<void> {
  const row = await repo.findInvitation(db, input.invitationId);
  if (!row || row.invitation.inviteeUserId !== userId) throw new AppError(StatusCode.notFound);
  const inv = row.invitation;
  const t = now();
  if (inv.status !== 'pending' || inv.expiresDate <= t) throw new AppError(StatusCode.notFound);
  try {
    await db.transaction(async (tx) => {
      const answered = await repo.answerInvitation(tx, inv.id, input.accept ? 'accepted' : 'declined', t);
      if (!answered) throw new AppError(StatusCode.notFound);
      if (input.accept) {
        if (await repo.findMembershipOf(tx, inv.workspaceId, userId))
          throw new AppError(StatusCode.duplicate);
        await repo.insertMember(tx, {
          id: uuidv7(),
          workspaceId: inv.workspaceId,
          userId,
          level: 'member',
          roleId: answered.roleId,
          status: 'active',
          joinedDate: t,
        });
        await directory.recordMember(tx, inv.workspaceId, userId);
      } else {
        await directory.forgetInvitee(tx, inv.workspaceId, { userId });
      }
      await recordAccessChange(tx, {
        workspaceId: inv.workspaceId,
        actorUserId: userId,
        action: input.accept ? 'invitation.accepted' : 'invitation.declined',
        subject: { invitationId: inv.id, userId, roleId: answered.roleId },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(StatusCode.duplicate);
    throw error;
  }
  await onMembersEvent(
    db,
    {
      type: 'invitation.answered',
      workspaceId: inv.workspaceId,
      invitationId: inv.id,
      inviteeUserId: userId,
      accepted: input.accept,
      invitedBy: inv.invitedBy,
    },
    log,
  );
}

/**
 * Attaches the invitations sent to a phone before it had an account to the account now owning it (the
 * lead calls this right after sign-up, whose phone is verified). E-mail is accepted for later use: the
 * contract invites by phone, national code or username only. Answers how many were attached.
 */
export async function claimInvitationsForAccount(
  db: Db,
  input: { userId: string; phone: string; email?: string | null },
  log?: EventLogger,
): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const rows = await repo.claimByPhone(tx, input.phone, input.userId, now());
    await directory.claimPhoneEntries(tx, input.phone, input.userId);
    return rows;
  });
  for (const inv of claimed)
    await onMembersEvent(
      db,
      {
        type: 'invitation.received',
        workspaceId: inv.workspaceId,
        invitationId: inv.id,
        inviteeUserId: input.userId,
        phone: null,
        invitedBy: inv.invitedBy,
      },
      log,
    );
  return claimed.length;
}

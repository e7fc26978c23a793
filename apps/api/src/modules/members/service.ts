import { randomBytes } from 'node:crypto';
import {
  type Invitation,
  type Locale,
  type Member,
  maskNationalCode,
  maskPhone,
  type PageQuery,
  type SendInvitationRequest,
  StatusCode,
} from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import { type Db, isUniqueViolation } from '../../db/types';
import type { AppDeps } from '../../deps';
import { type EventLog, type EventQueue, emit } from '../../events/bus';
import { AppError, found } from '../../http/app-error';
import { enforceLimit } from '../../http/rate-limit';
import { type CappedPage, cappedPageAnswer, pageSlice } from '../../lib/paging';
import { deliverSms, type OutboxLog, queueSms } from '../../messaging/sms-outbox';
import { namedStatus } from '../access/catalogue';
import { assertCanGrant, holds, loadAccess, type MemberAccess } from '../access/guard';
import { findGrantableRole } from '../access/service';
import { imageRef } from '../assets/images';
import { recordAudit } from '../audit/record';
import * as directory from '../users/entries';
import { type MembersLimit, membersLimitRule } from './limits';
import { invitationText } from './messages';
import * as repo from './repository';
import { type InvitationRow, invitationLifetimeDays, type MemberStatus } from './schema';

export { invitationLifetimeDays };

const now = (): Date => new Date();

type Who = { userId: string } | { phone: string };

function limit(deps: AppDeps, name: MembersLimit, subject: string): Promise<void> {
  return enforceLimit(deps.limiter, membersLimitRule(deps.config, name), subject);
}

function toMember(row: repo.MemberItemRow, locale: Locale): Member {
  return {
    id: row.member.id,
    level: row.member.level,
    role: row.role,
    user: row.user,
    status: namedStatus(row.member.status, locale),
  };
}

function toInvitation(
  row: repo.InvitationListRow,
  locale: Locale,
  viewerId: string | null,
  t: Date = now(),
): Invitation {
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
    invitee: inviteeView(row, viewerId),
  };
}

/**
 * Who was invited, as the workspace may see it: the account once it accepted; before, only what the
 * inviter typed, the same for a registered and an unknown person (names would tell who is registered).
 * The member who sent it also gets what they typed in full: it tells them nothing they did not know.
 */
function inviteeView(row: repo.InvitationListRow, viewerId: string | null): Invitation['invitee'] {
  const { invitation, invitee } = row;
  const typed = typedValue(invitation);
  const accepted = invitation.status === 'accepted' && invitee !== null;
  return {
    userId: accepted ? invitee.id : null,
    firstName: accepted ? invitee.firstName : null,
    lastName: accepted ? invitee.lastName : null,
    username: accepted ? invitee.username : invitation.inviteeUsername,
    phone: invitation.inviteePhone ? maskPhone(invitation.inviteePhone) : null,
    nationalCode: invitation.inviteeNationalCode ? maskNationalCode(invitation.inviteeNationalCode) : null,
    typed: viewerId !== null && invitation.invitedBy === viewerId ? typed : null,
  };
}

function typedValue(inv: InvitationRow): NonNullable<Invitation['invitee']['typed']> | null {
  if (inv.inviteeNationalCode !== null) return { kind: 'nationalCode', value: inv.inviteeNationalCode };
  if (inv.inviteeUsername !== null) return { kind: 'username', value: inv.inviteeUsername };
  if (inv.inviteePhone !== null) return { kind: 'phone', value: inv.inviteePhone };
  return null;
}

/**
 * The directory entry an invitation keeps: phone invitations have one (unregistered, or unconfirmed for
 * an account); invitations by national code or username get theirs only on acceptance, since an entry
 * for an account but none for an unknown person would tell the workspace who is registered.
 */
function directoryEntryOf(inv: {
  inviteeUserId: string | null;
  inviteePhone: string | null;
  inviteeNationalCode: string | null;
  inviteeUsername: string | null;
}): Who | null {
  if (inv.inviteeNationalCode !== null || inv.inviteeUsername !== null) return null;
  if (inv.inviteeUserId) return { userId: inv.inviteeUserId };
  return inv.inviteePhone ? { phone: inv.inviteePhone } : null;
}

/** What the inviter typed, for the audit: never the account behind a national code or username. */
function typedInvitee(inv: {
  inviteeUserId: string | null;
  inviteePhone: string | null;
  inviteeNationalCode: string | null;
  inviteeUsername: string | null;
}): Record<string, string | null> {
  if (inv.inviteeNationalCode !== null) return { nationalCode: maskNationalCode(inv.inviteeNationalCode) };
  if (inv.inviteeUsername !== null) return { username: inv.inviteeUsername };
  return { userId: inv.inviteeUserId, phone: inv.inviteePhone };
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

// ---------- invitations

/** Marks a workspace's invitations past their 7 days as expired and drops their invitees from the directory. */
export async function sweepExpiredInvitations(db: Db, workspaceId: string): Promise<void> {
  // Lists call this on every read: only a workspace with something to expire pays for a transaction.
  if (!(await repo.hasExpiredPending(db, workspaceId, now()))) return;
  await db.transaction(async (tx) => {
    const expired = await repo.expireInvitations(tx, now(), { workspaceId });
    for (const inv of expired) {
      const entry = directoryEntryOf(inv);
      if (entry) await directory.forgetInvitee(tx, workspaceId, entry);
    }
  });
}

async function invitationView(db: Db, id: string, locale: Locale, viewerId: string): Promise<Invitation> {
  const row = found(await repo.findInvitation(db, id));
  return toInvitation(row, locale, viewerId);
}

/** The unique index a failed insert ran into, looking through Drizzle's wrapper (pg and PGlite alike). */
function violatedIndex(error: unknown): string | undefined {
  if (!isUniqueViolation(error)) return undefined;
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const name = (current as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

// One account holds at most one pending invitation of a workspace (the invitee answers one).
const pendingForAccountIndex = 'workspace_invitations_pending_user_key';

/**
 * Invites a person by phone, national code or username with a role the caller may grant. The answer is
 * the same whether the value belongs to nobody, to an account, to a member, or to an account already
 * invited under another identifier (docs/security.md, "Invitations reveal nothing"): only an invitation
 * pending for the very value typed, of the same kind, is refused (261). The invitation goes to the
 * account that holds the value when that account could accept it (not a member, no other pending
 * invitation here); otherwise it waits, like one to a value nobody holds, and expires after 7 days.
 * A phone nobody holds gets an SMS in the inviter's language, sent once the invitation is committed.
 */
export async function sendInvitation(
  deps: AppDeps,
  access: MemberAccess,
  input: SendInvitationRequest,
  context: { locale: Locale; log: OutboxLog },
): Promise<Invitation> {
  const db = deps.database.db;
  await limit(deps, 'invitePerUser', access.userId);
  const roleId = input.roleId ?? null;
  if (roleId !== null) {
    const role = found(await findGrantableRole(db, access.workspaceId, roleId));
    assertCanGrant(access, role);
  }
  const typed: repo.InviteeKey =
    input.phone !== undefined
      ? { phone: input.phone }
      : input.nationalCode !== undefined
        ? { nationalCode: input.nationalCode }
        : { username: input.username! };
  const byPhone = 'phone' in typed;
  // Every phone counts against the text limits, texted or not: a limit reached only by phones without an
  // account would tell which have one.
  if (byPhone) {
    await limit(deps, 'inviteSmsPerPhone', input.phone!);
    await limit(deps, 'inviteSmsPerWorkspace', access.workspaceId);
  }
  const account = await repo.findAccount(db, typed);
  const canAccept =
    account !== undefined &&
    !(await repo.findMembershipOf(db, access.workspaceId, account.id)) &&
    !(await repo.hasPendingInvitation(db, access.workspaceId, account.id));
  const textTo = byPhone && !account ? input.phone! : null;
  const typedColumns = {
    inviteePhone: input.phone ?? null,
    inviteeNationalCode: input.nationalCode ?? null,
    inviteeUsername: input.username ?? null,
  };
  const id = uuidv7();
  const t = now();
  let inviteeUserId = canAccept ? account.id : null;
  let smsId: string | undefined;
  try {
    await db.transaction(async (tx) => {
      // Invitations past their date no longer count as pending (and give up their directory entries).
      for (const inv of await repo.expireInvitations(tx, t, { workspaceId: access.workspaceId })) {
        const entry = directoryEntryOf(inv);
        if (entry) await directory.forgetInvitee(tx, access.workspaceId, entry);
      }
      const insert = (db: Db, userId: string | null) =>
        repo.insertInvitation(db, {
          id,
          workspaceId: access.workspaceId,
          roleId,
          inviteeUserId: userId,
          ...typedColumns,
          token: randomBytes(24).toString('base64url'),
          status: 'pending',
          invitedBy: access.userId,
          createdDate: t,
          expiresDate: new Date(t.getTime() + invitationLifetimeDays * 86_400_000),
        });
      try {
        await tx.transaction((savepoint) => insert(savepoint, inviteeUserId));
      } catch (error) {
        // Another invitation reached the account meanwhile: this one waits, as it would have a moment later.
        if (inviteeUserId === null || violatedIndex(error) !== pendingForAccountIndex) throw error;
        inviteeUserId = null;
        await insert(tx, null);
      }
      // Only phone invitations have a directory entry before the answer (see directoryEntryOf).
      const who: Who | null = !byPhone
        ? null
        : inviteeUserId !== null
          ? { userId: inviteeUserId, phone: input.phone! }
          : textTo !== null
            ? { phone: textTo }
            : null;
      if (who) await directory.recordInvitee(tx, access.workspaceId, who);
      await recordAudit(tx, {
        workspaceId: access.workspaceId,
        actorUserId: access.userId,
        action: 'invitation.sent',
        subject: { invitationId: id, roleId, ...typedInvitee({ inviteeUserId, ...typedColumns }) },
      });
      // The text goes out after the commit (sms-outbox.ts): never for an invitation that was rolled back.
      if (textTo !== null) {
        const view = await repo.findInvitation(tx, id);
        const text = invitationText(context.locale, view!.workspace.name, deps.config.publicUrl);
        smsId = await queueSms(tx, { to: textTo, text });
      }
    });
  } catch (error) {
    // The same kind and value typed again while the first is pending: the inviter's own duplicate.
    if (isUniqueViolation(error) && violatedIndex(error) !== pendingForAccountIndex)
      throw new AppError(StatusCode.duplicate);
    throw error;
  }
  // Not awaited: the answer does not wait for the provider; a failure is retried by the outbox sender.
  if (smsId) void deliverSms(deps, smsId, context.log);
  await emit(
    'invitation.received',
    {
      workspaceId: access.workspaceId,
      invitationId: id,
      inviteeUserId,
      phone: textTo,
      invitedBy: access.userId,
    },
    { db, log: context.log },
  );
  return invitationView(db, id, context.locale, access.userId);
}

/** Withdraws a pending invitation of the workspace (404 when it has none pending by that id). */
export async function withdrawInvitation(
  db: Db,
  access: MemberAccess,
  invitationId: string,
  log?: EventLog,
): Promise<void> {
  const row = await repo.findInvitation(db, invitationId);
  if (!row || row.invitation.workspaceId !== access.workspaceId) throw new AppError(StatusCode.notFound);
  const inv = row.invitation;
  await db.transaction(async (tx) => {
    if (!(await repo.answerInvitation(tx, inv.id, 'withdrawn', now())))
      throw new AppError(StatusCode.notFound);
    const entry = directoryEntryOf(inv);
    if (entry) await directory.forgetInvitee(tx, access.workspaceId, entry);
    await recordAudit(tx, {
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      action: 'invitation.withdrawn',
      subject: { invitationId: inv.id, ...typedInvitee(inv) },
    });
  });
  await emit(
    'invitation.withdrawn',
    {
      workspaceId: access.workspaceId,
      invitationId: inv.id,
      inviteeUserId: inv.inviteeUserId,
      byUserId: access.userId,
    },
    { db, log },
  );
}

/**
 * Withdraws every pending invitation of one invitee (the directory's delete of a person who never joined),
 * inside the caller's transaction; the withdrawals are announced once it commits.
 */
export async function withdrawInvitationsOf(tx: Db, access: MemberAccess, who: Who, events: EventQueue) {
  const withdrawn = await repo.withdrawPendingOf(tx, access.workspaceId, who, now());
  for (const inv of withdrawn) {
    await recordAudit(tx, {
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      action: 'invitation.withdrawn',
      subject: { invitationId: inv.id, userId: inv.inviteeUserId, phone: inv.inviteePhone },
    });
    events.emit('invitation.withdrawn', {
      workspaceId: access.workspaceId,
      invitationId: inv.id,
      inviteeUserId: inv.inviteeUserId,
      byUserId: access.userId,
    });
  }
}

/** The caller's pending invitations, newest first. */
export async function listMyInvitations(db: Db, userId: string, locale: Locale): Promise<Invitation[]> {
  const t = now();
  return (await repo.listPendingFor(db, userId, t)).map((r) => toInvitation(r, locale, userId, t));
}

/** A page of the invitations a workspace has sent, newest first, searched by the invitee's name or username. */
export async function listSentInvitations(
  db: Db,
  workspaceId: string,
  page: PageQuery,
  locale: Locale,
  viewerId: string,
): Promise<CappedPage<Invitation>> {
  await sweepExpiredInvitations(db, workspaceId);
  const { rows, total, capped } = await repo.listSent(db, workspaceId, {
    ...pageSlice(page),
    search: page.search,
  });
  const t = now();
  return cappedPageAnswer(
    rows.map((r) => toInvitation(r, locale, viewerId, t)),
    { total, capped: capped ?? false },
    page,
  );
}

/** One invitation, for its invitee or a reader (tenant_members_read) of its workspace; 404 for anyone else. */
export async function getInvitation(
  db: Db,
  userId: string,
  invitationId: string,
  locale: Locale,
): Promise<Invitation> {
  const row = found(await repo.findInvitation(db, invitationId));
  if (row.invitation.inviteeUserId !== userId) {
    const access = await loadAccess(db, row.invitation.workspaceId, userId);
    if (access?.status !== 'active' || !holds(access, 'tenant_members_read'))
      throw new AppError(StatusCode.notFound);
  }
  return toInvitation(row, locale, userId);
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
  log?: EventLog,
): Promise<void> {
  const row = await repo.findInvitation(db, input.invitationId);
  if (!row || row.invitation.inviteeUserId !== userId) throw new AppError(StatusCode.notFound);
  const inv = row.invitation;
  const t = now();
  if (inv.status !== 'pending' || inv.expiresDate <= t) throw new AppError(StatusCode.notFound);
  try {
    await db.transaction(async (tx) => {
      const answered = found(
        await repo.answerInvitation(tx, inv.id, input.accept ? 'accepted' : 'declined', t),
      );
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
      await recordAudit(tx, {
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
  await emit(
    'invitation.answered',
    {
      workspaceId: inv.workspaceId,
      invitationId: inv.id,
      inviteeUserId: userId,
      accepted: input.accept,
      invitedBy: inv.invitedBy,
    },
    { db, log },
  );
}

/**
 * Attaches the invitations that waited for a phone, national code or username to the account that now
 * holds it: after sign-up (verified phone, national code, maybe a username), a phone change, a username
 * chosen later or a national code added later. Answers how many were attached.
 */
export async function claimInvitationsForAccount(
  db: Db,
  input: {
    userId: string;
    phone?: string | undefined;
    nationalCode?: string | null | undefined;
    username?: string | null | undefined;
  },
  log?: EventLog,
): Promise<number> {
  const claimed = await db.transaction(async (tx) => {
    const t = now();
    const rows: InvitationRow[] = [];
    if (input.phone) {
      rows.push(...(await repo.claimWaiting(tx, { phone: input.phone }, input.userId, t)));
      await directory.claimPhoneEntries(tx, input.phone, input.userId);
    }
    if (input.nationalCode)
      rows.push(...(await repo.claimWaiting(tx, { nationalCode: input.nationalCode }, input.userId, t)));
    if (input.username)
      rows.push(...(await repo.claimWaiting(tx, { username: input.username }, input.userId, t)));
    return rows;
  });
  for (const inv of claimed)
    await emit(
      'invitation.received',
      {
        workspaceId: inv.workspaceId,
        invitationId: inv.id,
        inviteeUserId: input.userId,
        phone: null,
        invitedBy: inv.invitedBy,
      },
      { db, log },
    );
  return claimed.length;
}

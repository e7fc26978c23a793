import { randomBytes } from 'node:crypto';
import {
  type Invitation,
  type Locale,
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
import { type CappedPage, cappedPageAnswer, pageSlice, searchReach, searchTotalCap } from '../../lib/paging';
import { deliverSms, type OutboxLog, queueSms } from '../../messaging/sms-outbox';
import { assertCanGrant, holds, loadAccess, type MemberAccess } from '../access/guard';
import { findGrantableRole } from '../access/service';
import { recordAudit } from '../audit/record';
import * as directory from '../users/entries';
import { directoryEntryOf, toInvitation, typedInvitee, type Who } from './invitation-views';
import { type MembersLimit, membersLimitRule } from './limits';
import { invitationText } from './messages';
import * as repo from './repository';
import { type InvitationRow, invitationLifetimeDays } from './schema';

// Invitations: sending, withdrawing, answering, and the lists of sent and received ones. The members
// module's service.ts re-exports them.

const now = (): Date => new Date();

function limit(deps: AppDeps, name: MembersLimit, subject: string): Promise<void> {
  return enforceLimit(deps.limiter, membersLimitRule(deps.config, name), subject);
}

/**
 * Marks a workspace's invitations past their 7 days as expired and drops their invitees from the
 * directory; answers whether any was.
 */
export async function sweepExpiredInvitations(
  db: Db,
  workspaceId: string,
  checked = false,
): Promise<boolean> {
  // Lists call this on every read: only a workspace with something to expire (`checked`: known to) pays.
  if (!checked && !(await repo.hasExpiredPending(db, workspaceId, now()))) return false;
  return db.transaction(async (tx) => {
    const expired = await repo.expireInvitations(tx, now(), { workspaceId });
    for (const inv of expired) {
      const entry = directoryEntryOf(inv);
      if (entry) await directory.forgetInvitee(tx, workspaceId, entry);
    }
    return expired.length > 0;
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
  const t = now();
  // Unsearched pages and searched pages within the search's cap say whether anything is past its date (no
  // separate check); their rows read the same before and after the sweep that follows (a pending
  // invitation past its date is shown expired).
  const slice = pageSlice(page);
  const search = page.search;
  const oneStatement = !search
    ? page.page === 1
      ? await repo.sentFirstPage(db, workspaceId, page.pageSize, t)
      : await repo.sentLaterPage(db, workspaceId, slice, t)
    : searchReach(slice) === searchTotalCap + 1
      ? await repo.sentSearchPage(db, workspaceId, { ...slice, search }, t)
      : undefined;
  if (oneStatement?.expiredPending !== false)
    await sweepExpiredInvitations(db, workspaceId, oneStatement !== undefined);
  const { rows, total, capped }: { rows: repo.InvitationItemRow[]; total: number; capped?: boolean } =
    oneStatement ?? (await repo.listSentSearched(db, workspaceId, { ...slice, search: search! }));
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

import {
  type Locale,
  maskEmail,
  maskPhone,
  type PageQuery,
  StatusCode,
  type WorkspaceUser,
  type WorkspaceUserStatus,
  workspaceUserTransitions,
} from '@wsm/contracts';
import type { Db } from '../../db/types';
import { emit, inTransaction } from '../../events/bus';
import { AppError, found } from '../../http/app-error';
import { type CappedPage, cappedPageAnswer, pageSlice } from '../../lib/paging';
import { namedStatus } from '../access/catalogue';
import { assertCanGrant, holds, type MemberAccess } from '../access/guard';
import { fieldError } from '../access/service';
import { recordAudit } from '../audit/record';
import * as members from '../members/service';
import type { Who } from './entries';
import * as repo from './repository';
import { type DirectoryStatus, directoryStatuses } from './schema';

const now = (): Date => new Date();

/** Masks a national code as 001****890. */
export function maskNationalCode(code: string): string {
  return `${code.slice(0, 3)}****${code.slice(-3)}`;
}

/**
 * The status a directory entry is shown with. An invitee who has not joined is `unconfirmed` whether or not
 * its phone has an account (stored `unregistered` or `unconfirmed`): the directory must not tell an
 * inviter who holds a phone (docs/security.md, "Invitations reveal nothing").
 */
export function shownStatus(status: DirectoryStatus): DirectoryStatus {
  return status === 'unregistered' ? 'unconfirmed' : status;
}

/** Whether an entry is an invitee who has not joined (nothing of an account is shown for it). */
export const isInvitee = (status: DirectoryStatus): boolean =>
  status === 'unregistered' || status === 'unconfirmed';

function toWorkspaceUser(row: repo.DirectoryItemRow, locale: Locale): WorkspaceUser {
  const { entry } = row;
  // Until the person accepts, only what the inviter typed (the phone) and the workspace's own record.
  const account = isInvitee(entry.status) ? null : row.account;
  // Entries written before the typed phone was kept beside the account fall back to the account's.
  const phone = account?.phone ?? entry.phone ?? row.account?.phone;
  return {
    id: entry.id,
    workspaceId: entry.workspaceId,
    status: namedStatus(shownStatus(entry.status), locale),
    username: account?.username ?? null,
    email: {
      value: account?.email ? maskEmail(account.email) : null,
      verified: account?.emailVerified ?? false,
    },
    phone: phone ? maskPhone(phone) : null,
    joinDate: entry.joinDate?.toISOString() ?? null,
    firstName: entry.firstName ?? account?.firstName ?? null,
    lastName: entry.lastName ?? account?.lastName ?? null,
    // Profile images belong to the profile module; the directory shows none yet.
    image: null,
    nationalId: account?.nationalCode ? maskNationalCode(account.nationalCode) : null,
    birthDate: entry.birthDate ?? null,
  };
}

// ---------- the directory routes

/** The five statuses in the request's language. */
export function statusCatalogue(locale: Locale) {
  return directoryStatuses.map((key) => namedStatus(key, locale));
}

/** A page of the directory, filtered by status and searched by name or username. */
export async function listUsers(
  db: Db,
  workspaceId: string,
  query: PageQuery & { status?: WorkspaceUserStatus | undefined },
  locale: Locale,
): Promise<CappedPage<WorkspaceUser>> {
  const read = () =>
    repo.listEntries(
      db,
      workspaceId,
      { ...pageSlice(query), search: query.search, status: query.status },
      new Date(),
    );
  let listed = await read();
  // A first page says whether invitations wait to be marked expired (no round trip of its own); other
  // reads ask. Marking them drops their invitees from the directory, so the page is read again.
  if (
    listed.expiredPending !== false &&
    (await members.sweepExpiredInvitations(db, workspaceId, listed.expiredPending === true))
  )
    listed = await read();
  const { rows, total, capped } = listed;
  return cappedPageAnswer(
    rows.map((r) => toWorkspaceUser(r, locale)),
    { total, capped: capped ?? false },
    query,
  );
}

async function entryOf(db: Db, workspaceId: string, id: string): Promise<repo.DirectoryRow> {
  return found(await repo.findEntry(db, workspaceId, id));
}

/** One directory entry of the workspace; 404 otherwise. */
export async function getUser(
  db: Db,
  workspaceId: string,
  id: string,
  locale: Locale,
): Promise<WorkspaceUser> {
  return toWorkspaceUser(await entryOf(db, workspaceId, id), locale);
}

/** Sets the workspace's own record of a person's names and birth date (the account is untouched). */
export async function updateUser(
  db: Db,
  workspaceId: string,
  input: {
    userId: string;
    firstName?: string | null | undefined;
    lastName?: string | null | undefined;
    birthDate?: string | null | undefined;
  },
  locale: Locale,
): Promise<WorkspaceUser> {
  await entryOf(db, workspaceId, input.userId);
  const patch: Parameters<typeof repo.updateEntry>[3] = { updatedDate: now() };
  if (input.firstName !== undefined) patch.firstName = input.firstName;
  if (input.lastName !== undefined) patch.lastName = input.lastName;
  if (input.birthDate !== undefined) patch.birthDate = input.birthDate;
  await repo.updateEntry(db, workspaceId, input.userId, patch);
  return getUser(db, workspaceId, input.userId, locale);
}

/** The member behind an entry, checked so nobody acts on the owner, on itself, or on someone above it. */
async function actionableMember(db: Db, access: MemberAccess, entry: repo.DirectoryRow) {
  if (!entry.entry.userId) return undefined;
  if (entry.entry.userId === access.userId) throw new AppError(StatusCode.forbidden);
  const member = await members.membershipWithRole(db, access.workspaceId, entry.entry.userId);
  if (!member) return undefined;
  if (member.level === 'owner') throw new AppError(StatusCode.forbidden);
  assertCanGrant(access, member.role);
  return member;
}

const memberStatusOf: Partial<Record<DirectoryStatus, 'active' | 'pending' | 'suspended'>> = {
  confirmed: 'active',
  pending: 'pending',
  suspended: 'suspended',
};

/**
 * Moves a directory entry along workspaceUserTransitions (400 when the move is not in the table, 261 when
 * it is already there). A member's access follows at once: only confirmed members get in.
 */
export async function changeStatus(
  db: Db,
  access: MemberAccess,
  input: { userId: string; statusKey: WorkspaceUserStatus },
  locale: Locale,
  log?: { error(object: unknown, message: string): void },
): Promise<WorkspaceUser> {
  const row = await entryOf(db, access.workspaceId, input.userId);
  // Judged on the shown status, so an invitee answers alike with or without an account.
  const from = shownStatus(row.entry.status);
  if (from === input.statusKey) throw new AppError(StatusCode.duplicate);
  if (!workspaceUserTransitions[from].includes(input.statusKey))
    throw fieldError(locale, 'statusKey', 'invalid_status_transition');
  const member = await actionableMember(db, access, row);
  const memberStatus = memberStatusOf[input.statusKey];
  await db.transaction(async (tx) => {
    await repo.updateEntry(tx, access.workspaceId, row.entry.id, {
      status: input.statusKey,
      updatedDate: now(),
    });
    if (member && memberStatus)
      await members.setMemberStatus(tx, access.workspaceId, member.userId, memberStatus);
    await recordAudit(tx, {
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      action: 'user.status_changed',
      subject: { entryId: row.entry.id, userId: row.entry.userId, from, to: input.statusKey },
    });
  });
  if (member && memberStatus)
    await emit(
      'member.status_changed',
      {
        workspaceId: access.workspaceId,
        userId: member.userId,
        status: memberStatus,
        byUserId: access.userId,
      },
      { db, log },
    );
  return getUser(db, access.workspaceId, row.entry.id, locale);
}

/**
 * Deletes a directory entry: a member is removed from the workspace (needs tenant_members_delete; never
 * the owner), an invitee's pending invitations are withdrawn.
 */
export async function deleteUser(
  db: Db,
  access: MemberAccess,
  id: string,
  log?: { error(object: unknown, message: string): void },
): Promise<void> {
  const row = await entryOf(db, access.workspaceId, id);
  const member = await actionableMember(db, access, row);
  if (member) {
    if (!holds(access, 'tenant_members_delete')) throw new AppError(StatusCode.forbidden);
    await members.removeMember(db, access, member.memberId, log);
    return;
  }
  if (!holds(access, 'tenant_members_invitations_withdraw')) throw new AppError(StatusCode.forbidden);
  const who: Who = row.entry.userId ? { userId: row.entry.userId } : { phone: row.entry.phone! };
  await inTransaction({ db, log }, async (tx, events) => {
    await members.withdrawInvitationsOf(tx, access, who, events);
    await repo.deleteEntry(tx, access.workspaceId, id);
  });
}

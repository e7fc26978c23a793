import { and, desc, eq, gt, inArray, isNull, lte, notExists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedPer } from '../../db/prepared';
import type { Db } from '../../db/types';
import { searchedPage } from '../../lib/paging';
import { containsPattern } from '../../lib/search';
import { roles } from '../access/schema';
import { users } from '../identity/schema';
import { workspaces } from '../workspaces/schema';
import { expiredPending } from './expired-pending';
import { type InvitationRow, invitations, members } from './schema';
import { matchingInvitations } from './sent-pages';

// Queries of invitations. Other modules use service.ts, never this file.

export { type InvitationItemRow, sentFirstPage, sentLaterPage, sentSearchPage } from './sent-pages';

const invitationColumns = {
  invitation: invitations,
  workspace: {
    id: workspaces.id,
    workspaceName: workspaces.workspaceName,
    name: workspaces.name,
    logoImageId: workspaces.logoImageId,
  },
  role: { id: roles.id, name: roles.name, key: roles.key },
  invitee: { id: users.id, firstName: users.firstName, lastName: users.lastName, username: users.username },
};

export interface InvitationListRow {
  invitation: InvitationRow;
  workspace: { id: string; workspaceName: string; name: string; logoImageId: string | null };
  role: { id: string; name: string; key: string } | null;
  invitee: { id: string; firstName: string | null; lastName: string | null; username: string | null } | null;
}

function invitationQuery(db: Db) {
  return db
    .select(invitationColumns)
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .leftJoin(roles, and(eq(roles.id, invitations.roleId), eq(roles.workspaceId, invitations.workspaceId)))
    .leftJoin(users, eq(users.id, invitations.inviteeUserId));
}

export async function findInvitation(db: Db, id: string): Promise<InvitationListRow | undefined> {
  const [row] = await invitationQuery(db).where(eq(invitations.id, id)).limit(1);
  return row as InvitationListRow | undefined;
}

/** The pending, unexpired invitations of an account in active workspaces, newest first. */
export async function listPendingFor(db: Db, userId: string, now: Date): Promise<InvitationListRow[]> {
  const rows = await invitationQuery(db)
    .where(
      and(
        eq(invitations.inviteeUserId, userId),
        eq(invitations.status, 'pending'),
        gt(invitations.expiresDate, now),
        eq(workspaces.status, 'active'),
      ),
    )
    .orderBy(desc(invitations.createdDate), desc(invitations.id))
    .limit(100);
  return rows as InvitationListRow[];
}

const invitationOrder = [desc(invitations.createdDate), desc(invitations.id)];

/**
 * A searched page of the invitations a workspace sent past the search's cap (those within it and the
 * unsearched pages are sent-pages.ts's), with the capped total: the trigram indexes or the page index
 * find the matches.
 */
export async function listSentSearched(
  db: Db,
  workspaceId: string,
  page: { offset: number; limit: number; search: string },
): Promise<{ rows: InvitationListRow[]; total: number; capped: boolean }> {
  const pattern = containsPattern(page.search);
  return searchedPage(
    page,
    (reach) => searchMatchIds(db, workspaceId, pattern, reach),
    async (ids) =>
      (await invitationQuery(db)
        .where(and(eq(invitations.workspaceId, workspaceId), inArray(invitations.id, ids)))
        .orderBy(...invitationOrder)) as InvitationListRow[],
  );
}

/** The ids of the first `reach` invitations a search matches, newest first (sent-pages.ts). */
async function searchMatchIds(
  db: Db,
  workspaceId: string,
  pattern: string,
  reach: number,
): Promise<string[]> {
  const matches = await db
    .select({ id: sql<string>`m.id` })
    .from(sql`${matchingInvitations(workspaceId, pattern, reach)} as m`)
    .orderBy(sql`m.created_date desc, m.id desc`)
    .limit(reach);
  return matches.map((match) => match.id);
}

export async function insertInvitation(db: Db, values: typeof invitations.$inferInsert): Promise<void> {
  await db.insert(invitations).values(values);
}

/** Moves a pending invitation to an answer; undefined when it was no longer pending (a race lost). */
export async function answerInvitation(
  db: Db,
  id: string,
  status: 'accepted' | 'declined' | 'withdrawn',
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ status, answeredDate: now })
    .where(and(eq(invitations.id, id), eq(invitations.status, 'pending'), gt(invitations.expiresDate, now)))
    .returning();
  return row;
}

/** Invitations still pending after their date: expired, but not yet marked so. */
const pendingPastDate = (now: Date) =>
  and(eq(invitations.status, 'pending'), lte(invitations.expiresDate, now));

// expired-pending.ts says how the check is read; the lists' first pages carry it as a column instead.
const expiredPendingCheck = preparedPer((db: Db) =>
  db
    .select({ expired: sql<boolean>`${expiredPending}` })
    .from(sql`(select 1) as one`)
    .prepare('invitations_expired_pending'),
);

/**
 * Whether a workspace has pending invitations past their date: a cheap check before sweeping, made by
 * the directory and invitation reads other than their first pages (one named prepared statement).
 */
export async function hasExpiredPending(db: Db, workspaceId: string, now: Date): Promise<boolean> {
  const [row] = await expiredPendingCheck(db).execute({ workspaceId, now: now.toISOString() });
  return row?.expired === true;
}

/** Marks the pending invitations past their date as expired; answers who they were for. */
export async function expireInvitations(
  db: Db,
  now: Date,
  where: { workspaceId: string; inviteeUserId?: string; inviteePhone?: string },
): Promise<InvitationRow[]> {
  let filter: SQL | undefined = and(eq(invitations.workspaceId, where.workspaceId), pendingPastDate(now));
  if (where.inviteeUserId) filter = and(filter, eq(invitations.inviteeUserId, where.inviteeUserId));
  if (where.inviteePhone)
    filter = and(filter, eq(invitations.inviteePhone, where.inviteePhone), isNull(invitations.inviteeUserId));
  return db.update(invitations).set({ status: 'expired' }).where(filter).returning();
}

/** Withdraws every pending invitation of one invitee in a workspace. */
export async function withdrawPendingOf(
  db: Db,
  workspaceId: string,
  who: { userId: string } | { phone: string },
  now: Date,
): Promise<InvitationRow[]> {
  const match =
    'userId' in who
      ? eq(invitations.inviteeUserId, who.userId)
      : and(eq(invitations.inviteePhone, who.phone), isNull(invitations.inviteeUserId));
  return db
    .update(invitations)
    .set({ status: 'withdrawn', answeredDate: now })
    .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.status, 'pending'), match))
    .returning();
}

/** What an invitation waiting for an account was sent to. */
export type InviteeKey = { phone: string } | { nationalCode: string } | { username: string };

function waitingFor(key: InviteeKey): SQL | undefined {
  const match =
    'phone' in key
      ? eq(invitations.inviteePhone, key.phone)
      : 'nationalCode' in key
        ? eq(invitations.inviteeNationalCode, key.nationalCode)
        : eq(invitations.inviteeUsername, key.username.toLowerCase());
  return and(match, isNull(invitations.inviteeUserId));
}

/** Whether an account has a pending invitation of a workspace. */
export async function hasPendingInvitation(db: Db, workspaceId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        eq(invitations.inviteeUserId, userId),
        eq(invitations.status, 'pending'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Attaches the pending invitations waiting for a phone, national code or username to the account that
 * now holds it.
 */
export async function claimWaiting(
  db: Db,
  key: InviteeKey,
  userId: string,
  now: Date,
): Promise<InvitationRow[]> {
  await db
    .update(invitations)
    .set({ status: 'expired' })
    .where(and(waitingFor(key), pendingPastDate(now)));
  // Skipped: workspaces where the account is already a member or already has a pending invitation
  // (a phone moving to an existing account, or a second invitation under another of its identifiers);
  // those wait for their expiry.
  const other = alias(invitations, 'other_invitation');
  return db
    .update(invitations)
    .set({ inviteeUserId: userId })
    .where(
      and(
        waitingFor(key),
        eq(invitations.status, 'pending'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(members)
            .where(and(eq(members.workspaceId, invitations.workspaceId), eq(members.userId, userId))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(other)
            .where(
              and(
                eq(other.workspaceId, invitations.workspaceId),
                eq(other.inviteeUserId, userId),
                eq(other.status, 'pending'),
              ),
            ),
        ),
      ),
    )
    .returning();
}

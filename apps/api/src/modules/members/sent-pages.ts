import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { constantLimit, driverRows, preparedBy, preparedPer, unseenValue } from '../../db/prepared';
import type { Db } from '../../db/types';
import {
  type CappedTotal,
  cappedTotal,
  nearerEndRows,
  nearerEndSource,
  searchTotalCap,
} from '../../lib/paging';
import { containsPattern } from '../../lib/search';
import { roles } from '../access/schema';
import { users } from '../identity/schema';
import { listCountOf } from '../workspaces/list-counts';
import { workspaces } from '../workspaces/schema';
import { expiredPending } from './expired-pending';
import { type InvitationRow, invitations } from './schema';

// The pages of the unsearched list of invitations a workspace sent (the first, which the members screen
// opens, and the later ones) and the searched pages within the search's capped total: each one named
// prepared statement per page size (db/prepared.ts, constantLimit, says why the size is written into it)
// carrying the total and whether anything waits to be marked expired, so the list needs no other round
// trip. Their rows are shaped by hand from the driver's, as the members first page (repository.ts): only
// the columns an invitation's view shows (invitation-views.ts).

/** What an invitation's view is made of. */
export interface InvitationItemRow {
  invitation: Pick<
    InvitationRow,
    | 'id'
    | 'token'
    | 'status'
    | 'inviteeUsername'
    | 'inviteePhone'
    | 'inviteeNationalCode'
    | 'invitedBy'
    | 'createdDate'
    | 'expiresDate'
  >;
  workspace: { id: string; workspaceName: string; name: string; logoImageId: string | null };
  role: { id: string; name: string; key: string } | null;
  invitee: { id: string; firstName: string | null; lastName: string | null; username: string | null } | null;
}

const columns = {
  id: sql`${invitations.id}`.as('id'),
  token: sql`${invitations.token}`.as('token'),
  status: sql`${invitations.status}`.as('status'),
  inviteeUsername: sql`${invitations.inviteeUsername}`.as('invitee_username'),
  inviteePhone: sql`${invitations.inviteePhone}`.as('invitee_phone'),
  inviteeNationalCode: sql`${invitations.inviteeNationalCode}`.as('invitee_national_code'),
  invitedBy: sql`${invitations.invitedBy}`.as('invited_by'),
  createdDate: sql`${invitations.createdDate}`.as('created_date'),
  expiresDate: sql`${invitations.expiresDate}`.as('expires_date'),
  workspaceId: sql`${workspaces.id}`.as('workspace_id'),
  workspaceName: sql`${workspaces.workspaceName}`.as('workspace_name'),
  name: sql`${workspaces.name}`.as('name'),
  logoImageId: sql`${workspaces.logoImageId}`.as('logo_image_id'),
  roleId: sql`${roles.id}`.as('role_id'),
  roleName: sql`${roles.name}`.as('role_name'),
  roleKey: sql`${roles.key}`.as('role_key'),
  inviteeId: sql`${users.id}`.as('invitee_id'),
  inviteeFirstName: sql`${users.firstName}`.as('invitee_first_name'),
  inviteeLastName: sql`${users.lastName}`.as('invitee_last_name'),
  inviteeAccountUsername: sql`${users.username}`.as('invitee_account_username'),
  total: listCountOf(sql.placeholder('workspaceId'), 'invitations').as('total'),
  expiredPending: expiredPending.as('expired_pending'),
};

/** A row of the statement as the driver answers it (the total is a bigint: a string on node-postgres). */
interface FirstPageRow {
  id: string;
  token: string;
  status: InvitationRow['status'];
  invitee_username: string | null;
  invitee_phone: string | null;
  invitee_national_code: string | null;
  invited_by: string | null;
  created_date: string | Date;
  expires_date: string | Date;
  workspace_id: string;
  workspace_name: string;
  name: string;
  logo_image_id: string | null;
  role_id: string | null;
  role_name: string | null;
  role_key: string | null;
  invitee_id: string | null;
  invitee_first_name: string | null;
  invitee_last_name: string | null;
  invitee_account_username: string | null;
  total: string | number;
  expired_pending: boolean;
}

const itemOf = (row: FirstPageRow): InvitationItemRow => ({
  invitation: {
    id: row.id,
    token: row.token,
    status: row.status,
    inviteeUsername: row.invitee_username,
    inviteePhone: row.invitee_phone,
    inviteeNationalCode: row.invitee_national_code,
    invitedBy: row.invited_by,
    // As Drizzle reads a timestamp with time zone (the driver's text, or a Date).
    createdDate: new Date(row.created_date),
    expiresDate: new Date(row.expires_date),
  },
  workspace: {
    id: row.workspace_id,
    workspaceName: row.workspace_name,
    name: row.name,
    logoImageId: row.logo_image_id,
  },
  role: row.role_id === null ? null : { id: row.role_id, name: row.role_name!, key: row.role_key! },
  invitee:
    row.invitee_id === null
      ? null
      : {
          id: row.invitee_id,
          firstName: row.invitee_first_name,
          lastName: row.invitee_last_name,
          username: row.invitee_account_username,
        },
});

const firstPage = preparedPer((db: Db) =>
  preparedBy((pageSize: number) =>
    db
      .select(columns)
      .from(invitations)
      .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
      .leftJoin(roles, and(eq(roles.id, invitations.roleId), eq(roles.workspaceId, invitations.workspaceId)))
      .leftJoin(users, eq(users.id, invitations.inviteeUserId))
      .where(eq(invitations.workspaceId, sql.placeholder('workspaceId')))
      .orderBy(desc(invitations.createdDate), desc(invitations.id))
      .limit(constantLimit(pageSize))
      .prepare(`invitations_sent_first_page_${pageSize}`),
  ),
);

/**
 * The newest `pageSize` invitations a workspace sent, their counted total, and whether it has pending
 * invitations past their date at `now` (the rows read the same before and after those are marked: a
 * pending invitation past its date is shown expired). An empty list answers the check on its own.
 */
export async function sentFirstPage(
  db: Db,
  workspaceId: string,
  pageSize: number,
  now: Date,
): Promise<{ rows: InvitationItemRow[]; total: number; expiredPending: boolean }> {
  const rows = await driverRows<FirstPageRow>(firstPage(db)(pageSize), {
    workspaceId,
    now: now.toISOString(),
  });
  return {
    rows: rows.map(itemOf),
    total: Number(rows[0]?.total ?? 0),
    // No rows: nothing was sent, so nothing can be past its date.
    expiredPending: rows[0]?.expired_pending ?? false,
  };
}

/** The columns of an invitation's row (those of FirstPageRow but the total and the expiry check). */
const rowColumns = Object.values(columns).filter(
  (column) => column.fieldAlias !== 'total' && column.fieldAlias !== 'expired_pending',
);

/**
 * The invitations of a workspace whose search `pattern` (lib/search.ts, containsPattern) matches, as rows
 * of `id` and `created_date`, at most `reach` of them in the list's order. Until an invitation is accepted
 * the workspace searches only what it typed: matching the account's names would tell it who is
 * registered. So the matches are found two ways (what was typed, or an accepted invitee's names), each
 * through its trigram indexes or the page index, each stopping after `reach`. The values may be
 * placeholders.
 */
export function matchingInvitations(workspaceId: unknown, pattern: unknown, reach: number): SQL {
  const limit = sql.raw(String(reach));
  const like = sql`${pattern}::text`;
  return sql`(
    (select i.id, i.created_date from ${invitations} i
      where i.workspace_id = ${workspaceId} and coalesce(i.invitee_username, '') ilike ${like}
      order by i.created_date desc, i.id desc limit ${limit})
    union
    (select i.id, i.created_date from ${invitations} i join ${users} u on u.id = i.invitee_user_id
      where i.workspace_id = ${workspaceId} and i.status = 'accepted'
        and (coalesce(u.first_name, '') ilike ${like} or coalesce(u.last_name, '') ilike ${like}
          or coalesce(u.username, '') ilike ${like}
          or coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') ilike ${like})
      order by i.created_date desc, i.id desc limit ${limit}))`;
}

// A later page read from the nearer end of the list in one statement (lib/paging.ts, nearerEndSource).
const laterPage = preparedPer((db: Db) =>
  preparedBy((pageSize: number) =>
    db
      .select({
        ...columns,
        total: sql.raw('c.total').as('total'),
        expiredPending: sql.raw('c.expired_pending').as('expired_pending'),
      })
      .from(
        nearerEndSource({
          total: columns.total.sql,
          more: sql`${expiredPending} as expired_pending`,
          table: invitations,
          where: sql`${invitations.workspaceId} = ${unseenValue('workspaceId', 'text')}`,
          forwards: sql`${invitations.createdDate} desc, ${invitations.id} desc`,
          backwards: sql`${invitations.createdDate}, ${invitations.id}`,
          limit: pageSize,
        }),
      )
      .leftJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
      .leftJoin(roles, and(eq(roles.id, invitations.roleId), eq(roles.workspaceId, invitations.workspaceId)))
      .leftJoin(users, eq(users.id, invitations.inviteeUserId))
      .orderBy(desc(invitations.createdDate), desc(invitations.id))
      .prepare(`invitations_sent_later_page_${pageSize}`),
  ),
);

/**
 * An unsearched page of the invitations a workspace sent, newest first, with the kept total and whether
 * it has pending invitations past their date at `now`, in one statement (the first page: sentFirstPage).
 */
export async function sentLaterPage(
  db: Db,
  workspaceId: string,
  page: { offset: number; limit: number },
  now: Date,
): Promise<{ rows: InvitationItemRow[]; total: number; expiredPending: boolean }> {
  const answer = await driverRows<FirstPageRow>(laterPage(db)(page.limit), {
    workspaceId,
    offset: page.offset,
    now: now.toISOString(),
  });
  const { rows, total } = nearerEndRows(answer, page);
  return { rows: rows.map(itemOf), total, expiredPending: answer[0]?.expired_pending ?? false };
}

// The first cap + 1 matches give the total and the page's ids.
const searchPage = preparedPer((db: Db) =>
  preparedBy((pageSize: number) => {
    const reach = searchTotalCap + 1;
    const workspaceId = sql.placeholder('workspaceId');
    const offset = unseenValue('offset', 'int');
    return db
      .select({
        total: sql.raw('coalesce(cardinality(found.ids), 0)').as('total'),
        expiredPending: sql.raw('e.expired_pending').as('expired_pending'),
        ...Object.fromEntries(
          rowColumns.map(({ fieldAlias }) => [fieldAlias, sql.raw(`p.${fieldAlias}`).as(fieldAlias)]),
        ),
      })
      .from(
        sql`(select ${expiredPending} as expired_pending) e
          cross join lateral (
            select array_agg(m.id order by m.created_date desc, m.id desc) as ids from (
              select both_ways.id, both_ways.created_date
              from ${matchingInvitations(workspaceId, sql.placeholder('pattern'), reach)} both_ways
              order by both_ways.created_date desc, both_ways.id desc limit ${sql.raw(String(reach))}
            ) m
          ) found
          left join lateral (
            select ${sql.join(
              rowColumns.map((column) => sql`${column.sql} as ${sql.identifier(column.fieldAlias)}`),
              sql`, `,
            )}
            from ${invitations}
            join ${workspaces} on ${workspaces.id} = ${invitations.workspaceId}
            left join ${roles} on ${roles.id} = ${invitations.roleId} and ${roles.workspaceId} = ${invitations.workspaceId}
            left join ${users} on ${users.id} = ${invitations.inviteeUserId}
            where ${invitations.workspaceId} = ${workspaceId}
              and ${invitations.id} = any(found.ids[${offset} + 1 : ${offset} + ${constantLimit(pageSize)}])
          ) p on true`,
      )
      .orderBy(sql`p.created_date desc, p.id desc`)
      .prepare(`invitations_sent_search_${pageSize}`);
  }),
);

/**
 * A page of the invitations a workspace sent whose typed identifier or accepted invitee's names contain
 * `search`, newest first, with the total counted up to the search cap (lib/paging.ts, searchTotalCap) and
 * whether it has pending invitations past their date at `now`; only for pages within the cap.
 */
export async function sentSearchPage(
  db: Db,
  workspaceId: string,
  page: { offset: number; limit: number; search: string },
  now: Date,
): Promise<{ rows: InvitationItemRow[]; expiredPending: boolean } & CappedTotal> {
  const answer = await driverRows<FirstPageRow>(searchPage(db)(page.limit), {
    workspaceId,
    pattern: containsPattern(page.search),
    offset: page.offset,
    now: now.toISOString(),
  });
  return {
    rows: answer.filter((row) => row.id !== null).map(itemOf),
    expiredPending: answer[0]?.expired_pending ?? false,
    ...cappedTotal(Number(answer[0]?.total ?? 0), searchTotalCap),
  };
}

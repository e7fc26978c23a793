import { and, desc, eq, sql } from 'drizzle-orm';
import { constantLimit, driverRows, preparedBy, preparedPer } from '../../db/prepared';
import type { Db } from '../../db/types';
import { roles } from '../access/schema';
import { users } from '../identity/schema';
import { listCountOf } from '../workspaces/list-counts';
import { workspaces } from '../workspaces/schema';
import { expiredPending } from './expired-pending';
import { type InvitationRow, invitations } from './schema';

// The first page of the unsearched list of invitations a workspace sent, which the members screen opens:
// one named prepared statement per page size (db/prepared.ts, constantLimit, says why the size is written
// into it) carrying the counted total and whether anything waits to be marked expired, so the list needs
// no other round trip. Its rows are shaped by hand from the driver's, as the members first page
// (repository.ts): only the columns an invitation's view shows (invitation-views.ts).

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

import { and, asc, eq, sql } from 'drizzle-orm';
import { constantLimit, driverRows, preparedBy, preparedPer } from '../../db/prepared';
import type { Db } from '../../db/types';
import { users } from '../identity/schema';
import { expiredPending } from '../members/expired-pending';
import { listCountOf } from '../workspaces/list-counts';
import { workspaceListCounts } from '../workspaces/schema';
import { type DirectoryAccount, type DirectoryStatus, type DirectoryUserRow, directoryUsers } from './schema';

// The first page of the unsearched directory (all, or of one status), which its screen opens: one named
// prepared statement per page size carrying the counted total (db/prepared.ts, constantLimit, says why
// the size is written into it). Its rows are shaped by hand from the driver's, as the members first page
// (members/repository.ts): only the columns a list item shows.

/** What a directory list item is made of (service.ts, toWorkspaceUser). */
export interface DirectoryItemRow {
  entry: Pick<
    DirectoryUserRow,
    'id' | 'workspaceId' | 'status' | 'phone' | 'firstName' | 'lastName' | 'birthDate' | 'joinDate'
  >;
  account: DirectoryAccount | null;
}

const itemColumns = {
  id: sql`${directoryUsers.id}`.as('id'),
  workspaceId: sql`${directoryUsers.workspaceId}`.as('workspace_id'),
  status: sql`${directoryUsers.status}`.as('status'),
  phone: sql`${directoryUsers.phone}`.as('phone'),
  firstName: sql`${directoryUsers.firstName}`.as('first_name'),
  lastName: sql`${directoryUsers.lastName}`.as('last_name'),
  birthDate: sql`${directoryUsers.birthDate}`.as('birth_date'),
  joinDate: sql`${directoryUsers.joinDate}`.as('join_date'),
  accountId: sql`${users.id}`.as('account_id'),
  username: sql`${users.username}`.as('account_username'),
  email: sql`${users.email}`.as('account_email'),
  emailVerified: sql`${users.emailVerified}`.as('account_email_verified'),
  accountPhone: sql`${users.phone}`.as('account_phone'),
  nationalCode: sql`${users.nationalCode}`.as('account_national_code'),
  accountFirstName: sql`${users.firstName}`.as('account_first_name'),
  accountLastName: sql`${users.lastName}`.as('account_last_name'),
};

/** A row of the statements below as the driver answers it (the total is a bigint: a string on node-postgres). */
interface FirstPageRow {
  id: string;
  workspace_id: string;
  status: DirectoryStatus;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
  join_date: string | Date | null;
  account_id: string | null;
  account_username: string | null;
  account_email: string | null;
  account_email_verified: boolean;
  account_phone: string;
  account_national_code: string | null;
  account_first_name: string | null;
  account_last_name: string | null;
  total: string | number;
  expired_pending: boolean;
}

const itemOf = (row: FirstPageRow): DirectoryItemRow => ({
  entry: {
    id: row.id,
    workspaceId: row.workspace_id,
    status: row.status,
    phone: row.phone,
    firstName: row.first_name,
    lastName: row.last_name,
    birthDate: row.birth_date,
    // As Drizzle reads a timestamp with time zone (the driver's text, or a Date).
    joinDate: row.join_date === null ? null : new Date(row.join_date),
  },
  account:
    row.account_id === null
      ? null
      : {
          username: row.account_username,
          email: row.account_email,
          emailVerified: row.account_email_verified,
          phone: row.account_phone,
          nationalCode: row.account_national_code,
          firstName: row.account_first_name,
          lastName: row.account_last_name,
        },
});

const pageOf = (db: Db, total: ReturnType<typeof sql>) =>
  db
    .select({
      ...itemColumns,
      total: total.as('total'),
      expiredPending: expiredPending.as('expired_pending'),
    })
    .from(directoryUsers)
    .leftJoin(users, eq(users.id, directoryUsers.userId));

const order = [asc(directoryUsers.createdDate), asc(directoryUsers.id)];

const allFirstPage = preparedPer((db: Db) =>
  preparedBy((pageSize: number) =>
    pageOf(db, listCountOf(sql.placeholder('workspaceId'), 'users'))
      .where(eq(directoryUsers.workspaceId, sql.placeholder('workspaceId')))
      .orderBy(...order)
      .limit(constantLimit(pageSize))
      .prepare(`directory_first_page_${pageSize}`),
  ),
);

const statusFirstPage = preparedPer((db: Db) =>
  preparedBy((pageSize: number) =>
    pageOf(
      db,
      sql`(select coalesce(sum(${workspaceListCounts.rows}), 0) from ${workspaceListCounts}
        where ${workspaceListCounts.workspaceId} = ${sql.placeholder('workspaceId')}
          and ${workspaceListCounts.list} = 'users' and ${workspaceListCounts.key} = ${sql.placeholder('status')})`,
    )
      .where(
        and(
          eq(directoryUsers.workspaceId, sql.placeholder('workspaceId')),
          eq(directoryUsers.status, sql.placeholder('status')),
        ),
      )
      .orderBy(...order)
      .limit(constantLimit(pageSize))
      .prepare(`directory_status_first_page_${pageSize}`),
  ),
);

/**
 * The first `pageSize` entries of the directory (of one stored status, when given), its counted total,
 * and whether invitations wait to be marked expired at `now` (unknown when the page is empty).
 */
export async function directoryFirstPage(
  db: Db,
  workspaceId: string,
  pageSize: number,
  now: Date,
  status?: DirectoryStatus,
): Promise<{ rows: DirectoryItemRow[]; total: number; expiredPending?: boolean }> {
  const values = { workspaceId, now: now.toISOString() };
  const rows = await (status
    ? driverRows<FirstPageRow>(statusFirstPage(db)(pageSize), { ...values, status })
    : driverRows<FirstPageRow>(allFirstPage(db)(pageSize), values));
  return {
    rows: rows.map(itemOf),
    total: Number(rows[0]?.total ?? 0),
    expiredPending: rows[0]?.expired_pending,
  };
}

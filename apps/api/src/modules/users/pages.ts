import { and, asc, eq, sql } from 'drizzle-orm';
import { constantLimit, driverRows, preparedBy, preparedPer, unseenValue } from '../../db/prepared';
import type { Db } from '../../db/types';
import { nearerEndRows, nearerEndSource } from '../../lib/paging';
import { users } from '../identity/schema';
import { expiredPending } from '../members/expired-pending';
import { listCountOf } from '../workspaces/list-counts';
import { workspaceListCounts } from '../workspaces/schema';
import { type DirectoryAccount, type DirectoryStatus, type DirectoryUserRow, directoryUsers } from './schema';

// The pages of the unsearched directory (all, or of one status): one named prepared statement per page
// size carrying the counted total (db/prepared.ts, constantLimit, says why the size is written into it),
// the first page's for the page its screen opens, the later pages' read from the nearer end. Their rows
// are shaped by hand from the driver's, as the members first page (members/repository.ts): only the
// columns a list item shows.

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

/** The kept count of the entries of one stored status (placeholders `workspaceId`, `status`). */
const statusCount = sql`(select coalesce(sum(${workspaceListCounts.rows}), 0) from ${workspaceListCounts}
  where ${workspaceListCounts.workspaceId} = ${sql.placeholder('workspaceId')}
    and ${workspaceListCounts.list} = 'users' and ${workspaceListCounts.key} = ${sql.placeholder('status')})`;

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
    pageOf(db, statusCount)
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

// Later pages read from the nearer end (lib/paging.ts, nearerEndSource).
const laterPageOf = (db: Db, status: boolean, pageSize: number) =>
  db
    .select({
      ...itemColumns,
      total: sql.raw('c.total').as('total'),
      expiredPending: sql.raw('c.expired_pending').as('expired_pending'),
    })
    .from(
      nearerEndSource({
        total: status ? statusCount : listCountOf(sql.placeholder('workspaceId'), 'users'),
        more: sql`${expiredPending} as expired_pending`,
        table: directoryUsers,
        where: status
          ? sql`${directoryUsers.workspaceId} = ${unseenValue('workspaceId', 'text')}
              and ${directoryUsers.status} = ${unseenValue('status', 'text')}`
          : sql`${directoryUsers.workspaceId} = ${unseenValue('workspaceId', 'text')}`,
        forwards: sql`${directoryUsers.createdDate}, ${directoryUsers.id}`,
        backwards: sql`${directoryUsers.createdDate} desc, ${directoryUsers.id} desc`,
        limit: pageSize,
      }),
    )
    .leftJoin(users, eq(users.id, directoryUsers.userId))
    .orderBy(...order)
    .prepare(`directory${status ? '_status' : ''}_later_page_${pageSize}`);

const allLaterPage = preparedPer((db: Db) =>
  preparedBy((pageSize: number) => laterPageOf(db, false, pageSize)),
);
const statusLaterPage = preparedPer((db: Db) =>
  preparedBy((pageSize: number) => laterPageOf(db, true, pageSize)),
);

/**
 * An unsearched page of the directory past the first (all, or of one stored status), its counted total,
 * and whether invitations wait to be marked expired at `now`.
 */
export async function directoryLaterPage(
  db: Db,
  workspaceId: string,
  page: { offset: number; limit: number },
  now: Date,
  status?: DirectoryStatus,
): Promise<{ rows: DirectoryItemRow[]; total: number; expiredPending: boolean }> {
  const values = { workspaceId, offset: page.offset, now: now.toISOString() };
  const answer = await (status
    ? driverRows<FirstPageRow>(statusLaterPage(db)(page.limit), { ...values, status })
    : driverRows<FirstPageRow>(allLaterPage(db)(page.limit), values));
  const { rows, total } = nearerEndRows(answer, page);
  return { rows: rows.map(itemOf), total, expiredPending: answer[0]?.expired_pending ?? false };
}

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

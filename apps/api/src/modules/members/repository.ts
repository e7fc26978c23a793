import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { constantLimit, driverRows, preparedBy, preparedPer, unseenValue } from '../../db/prepared';
import type { Db } from '../../db/types';
import { cappedCount, nearerEndRows, nearerEndSource, searchTotalCap } from '../../lib/paging';
import { roles } from '../access/schema';
import { users } from '../identity/schema';
import { listCountOf } from '../workspaces/list-counts';
import { personSearch } from './person-search';
import { type MemberRow, type MemberStatus, members } from './schema';

// Queries of the members module. Other modules use service.ts, never this file. Accounts (identity's
// users table) are only read here, to show names next to memberships.

const roleColumns = { id: roles.id, name: roles.name, key: roles.key };
const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};
const memberColumns = { member: members, role: roleColumns, user: userColumns };
// A list shows no more of the membership than this: the pages read nothing else (fewer values to parse,
// no joining date to turn into a Date) on the hottest read of the settings screens.
const memberItemColumns = {
  member: { id: members.id, level: members.level, status: members.status },
  role: roleColumns,
  user: userColumns,
};

export interface MemberItemRow {
  member: Pick<MemberRow, 'id' | 'level' | 'status'>;
  role: { id: string; name: string; key: string } | null;
  user: { id: string; firstName: string | null; lastName: string | null; username: string | null };
}

export interface MemberListRow extends MemberItemRow {
  member: MemberRow;
}

const memberOrder = [sql`${members.level} desc nulls last`, asc(members.joinedDate), asc(members.id)];
// The same order read from the other end (the index workspace_members_page_idx backwards).
const memberOrderBackwards = [
  sql`${members.level} asc nulls first`,
  desc(members.joinedDate),
  desc(members.id),
];

/** Members with their accounts and roles (a member may have no role), in one of the selections below. */
function memberQuery(
  db: Db,
  columns: typeof memberColumns | typeof memberItemColumns | typeof firstPageColumns = memberColumns,
) {
  return db
    .select(columns)
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .leftJoin(roles, and(eq(roles.id, members.roleId), eq(roles.workspaceId, members.workspaceId)));
}

// The first page of the unsearched list, which every settings screen opens: one prepared statement
// (named on PostgreSQL, so it is parsed and planned once per connection) carrying the counted total.
// Its rows are taken as the driver gives them (driverRows), one object per row under these names, and
// shaped by hand: Drizzle's generic mapping of nested selections took 7 % of the API's busy time here.
const firstPageColumns = {
  id: sql`${members.id}`.as('id'),
  level: sql`${members.level}`.as('level'),
  status: sql`${members.status}`.as('status'),
  roleId: sql`${roles.id}`.as('role_id'),
  roleName: sql`${roles.name}`.as('role_name'),
  roleKey: sql`${roles.key}`.as('role_key'),
  userId: sql`${users.id}`.as('user_id'),
  firstName: sql`${users.firstName}`.as('first_name'),
  lastName: sql`${users.lastName}`.as('last_name'),
  username: sql`${users.username}`.as('username'),
  total: listCountOf(sql.placeholder('workspaceId'), 'members').as('total'),
};

// One statement per page size, the size written into it (constantLimit): see there why.
const firstPage = preparedPer((db: Db) =>
  preparedBy((pageSize: number) =>
    memberQuery(db, firstPageColumns)
      .where(eq(members.workspaceId, sql.placeholder('workspaceId')))
      .orderBy(...memberOrder)
      .limit(constantLimit(pageSize))
      .prepare(`members_first_page_${pageSize}`),
  ),
);

// A later page read from the nearer end in one statement (lib/paging.ts, nearerEndSource).
const laterPage = preparedPer((db: Db) =>
  preparedBy((pageSize: number) =>
    db
      .select({ ...firstPageColumns, total: sql.raw('c.total').as('total') })
      .from(
        nearerEndSource({
          total: firstPageColumns.total.sql,
          table: members,
          where: sql`${members.workspaceId} = ${unseenValue('workspaceId', 'text')}`,
          forwards: sql.join(memberOrder, sql`, `),
          backwards: sql.join(memberOrderBackwards, sql`, `),
          limit: pageSize,
        }),
      )
      .leftJoin(users, eq(users.id, members.userId))
      .leftJoin(roles, and(eq(roles.id, members.roleId), eq(roles.workspaceId, members.workspaceId)))
      .orderBy(...memberOrder)
      .prepare(`members_later_page_${pageSize}`),
  ),
);

/** A row of `firstPage` as the driver answers it (the total is a bigint: a string on node-postgres). */
interface FirstPageRow {
  id: string;
  level: MemberRow['level'];
  status: MemberStatus;
  role_id: string | null;
  role_name: string | null;
  role_key: string | null;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  total: string | number;
}

const memberItemOf = (row: FirstPageRow): MemberItemRow => ({
  member: { id: row.id, level: row.level, status: row.status },
  role: row.role_id === null ? null : { id: row.role_id, name: row.role_name!, key: row.role_key! },
  user: { id: row.user_id, firstName: row.first_name, lastName: row.last_name, username: row.username },
});

/**
 * A page of members and the total. Unsearched: the total is counted by triggers and the page is read
 * from the nearer end of the list (lib/paging.ts); searched: the kept search text (person-search.ts).
 */
export async function listMembers(
  db: Db,
  workspaceId: string,
  page: { offset: number; limit: number; search?: string | undefined },
): Promise<{ rows: MemberItemRow[]; total: number; capped?: boolean }> {
  if (!page.search) {
    if (page.offset === 0) {
      const rows = await driverRows<FirstPageRow>(firstPage(db)(page.limit), { workspaceId });
      return { rows: rows.map(memberItemOf), total: Number(rows[0]?.total ?? 0) };
    }
    const answer = await driverRows<FirstPageRow>(laterPage(db)(page.limit), {
      workspaceId,
      offset: page.offset,
    });
    const { rows, total } = nearerEndRows(answer, page);
    return { rows: rows.map(memberItemOf), total };
  }
  // The page and a total counted up to the cap, side by side: a search matching a tenth of 100,000
  // members reads one page and 101 matches, not all 10,000 (lib/paging.ts, searchTotalCap); both test
  // the membership's kept search text alone, so the walk reads no account row.
  const filter = and(eq(members.workspaceId, workspaceId), personSearch(page.search));
  const [rows, counted] = await Promise.all([
    memberQuery(db, memberItemColumns)
      .where(filter)
      .orderBy(...memberOrder)
      .limit(page.limit)
      .offset(page.offset) as Promise<MemberItemRow[]>,
    cappedCount(db, db.select({ one: sql`1` }).from(members).where(filter), searchTotalCap),
  ]);
  return { rows, ...counted };
}

export async function findMember(
  db: Db,
  workspaceId: string,
  memberId: string,
): Promise<MemberListRow | undefined> {
  const [row] = await memberQuery(db)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.id, memberId)))
    .limit(1);
  return row as MemberListRow | undefined;
}

export async function findMembershipOf(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.userId, userId)))
    .limit(1);
  return row;
}

export async function insertMember(db: Db, values: typeof members.$inferInsert): Promise<MemberRow> {
  const [row] = await db.insert(members).values(values).returning();
  return row!;
}

export async function updateMember(
  db: Db,
  workspaceId: string,
  memberId: string,
  patch: { roleId?: string | null; status?: MemberStatus },
): Promise<MemberRow | undefined> {
  const [row] = await db
    .update(members)
    .set(patch)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.id, memberId)))
    .returning();
  return row;
}

export async function setStatusOfUser(
  db: Db,
  workspaceId: string,
  userId: string,
  status: MemberStatus,
): Promise<void> {
  await db
    .update(members)
    .set({ status })
    .where(and(eq(members.workspaceId, workspaceId), eq(members.userId, userId)));
}

export async function deleteMember(db: Db, workspaceId: string, memberId: string): Promise<boolean> {
  const rows = await db
    .delete(members)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.id, memberId)))
    .returning({ id: members.id });
  return rows.length > 0;
}

// ---------- accounts

export async function findAccount(
  db: Db,
  by: { phone: string } | { nationalCode: string } | { username: string },
): Promise<{ id: string; phone: string } | undefined> {
  const where =
    'phone' in by
      ? eq(users.phone, by.phone)
      : 'nationalCode' in by
        ? eq(users.nationalCode, by.nationalCode)
        : sql`lower(${users.username}) = ${by.username.toLowerCase()}`;
  const [row] = await db.select({ id: users.id, phone: users.phone }).from(users).where(where).limit(1);
  return row;
}

/**
 * Locks memberships of a workspace and the roles they hold (plus `roleIds`) until the transaction
 * ends: a change of any of them waits for it, and what the transaction reads next is what it writes
 * against. Roles are locked before memberships, as deleting a role does (it then clears its members),
 * and each kind in id order, so two such transactions never wait on each other.
 */
export async function lockMemberships(
  tx: Db,
  workspaceId: string,
  memberIds: string[],
  roleIds: string[],
): Promise<void> {
  const ofMembers = and(eq(members.workspaceId, workspaceId), inArray(members.id, memberIds));
  const held = await tx.select({ roleId: members.roleId }).from(members).where(ofMembers);
  const ids = [...new Set([...roleIds, ...held.flatMap((row) => (row.roleId ? [row.roleId] : []))])];
  if (ids.length > 0)
    await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.workspaceId, workspaceId), inArray(roles.id, ids)))
      .orderBy(asc(roles.id))
      .for('share');
  await tx.select({ id: members.id }).from(members).where(ofMembers).orderBy(asc(members.id)).for('update');
}

export * from './invitations-repository';

import { and, asc, count, eq, getTableColumns, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { constantLimit, preparedBy, preparedPer } from '../../db/prepared';
import type { Db } from '../../db/types';
import { containsPattern } from '../../lib/search';
import { invitations, members } from '../members/schema';
import { workspaceListCounts } from '../workspaces/schema';
import { type RoleRow, rolePermissions, roles } from './schema';

// Queries of the access module. Other modules use service.ts, never this file.

export interface RoleWithPermissions extends RoleRow {
  permissionKeys: string[];
  totalMembers: number;
}

async function withDetails(db: Db, workspaceId: string, rows: RoleRow[]): Promise<RoleWithPermissions[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [perms, counts] = await Promise.all([
    db
      .select({ roleId: rolePermissions.roleId, key: rolePermissions.permissionKey })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.workspaceId, workspaceId), inArray(rolePermissions.roleId, ids))),
    // Counted by triggers (workspace_list_counts): a role of 100,000 members costs one row to read.
    db
      .select({ roleId: workspaceListCounts.key, value: workspaceListCounts.rows })
      .from(workspaceListCounts)
      .where(
        and(
          eq(workspaceListCounts.workspaceId, workspaceId),
          eq(workspaceListCounts.list, 'members-by-role'),
          inArray(workspaceListCounts.key, ids),
        ),
      ),
  ]);
  return rows.map((row) => ({
    ...row,
    permissionKeys: perms.filter((p) => p.roleId === row.id).map((p) => p.key),
    totalMembers: Number(counts.find((c) => c.roleId === row.id)?.value ?? 0),
  }));
}

// A page of roles with their permission keys, member counts (counted by triggers) and the total, in one
// statement: the unsearched first page is a named prepared statement per page size (db/prepared.ts).
const roleListColumns = {
  ...getTableColumns(roles),
  permissionKeys: sql<string[]>`coalesce((select array_agg(p.permission_key) from ${rolePermissions} p
    where p.workspace_id = ${roles.workspaceId} and p.role_id = ${roles.id}), '{}')`.as('permission_keys'),
  totalMembers: sql<number>`coalesce((select c.rows from ${workspaceListCounts} c
    where c.workspace_id = ${roles.workspaceId} and c.list = 'members-by-role' and c.key = ${roles.id}), 0)`
    .mapWith(Number)
    .as('total_members'),
  total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
};
const roleOrder = [asc(roles.createdDate), asc(roles.id)];

const firstRolePage = preparedPer((db: Db) =>
  preparedBy((pageSize: number) =>
    db
      .select(roleListColumns)
      .from(roles)
      .where(eq(roles.workspaceId, sql.placeholder('workspaceId')))
      .orderBy(...roleOrder)
      .limit(constantLimit(pageSize))
      .prepare(`roles_first_page_${pageSize}`),
  ),
);

type RoleListRow = RoleWithPermissions & { total: number };

export async function listRoles(
  db: Db,
  workspaceId: string,
  page: { offset: number; limit: number; search?: string | undefined },
): Promise<{ rows: RoleWithPermissions[]; total: number }> {
  let filter: SQL | undefined = eq(roles.workspaceId, workspaceId);
  if (page.search) filter = and(filter, ilike(roles.name, containsPattern(page.search)));
  const rows: RoleListRow[] =
    !page.search && page.offset === 0
      ? await firstRolePage(db)(page.limit).execute({ workspaceId })
      : await db
          .select(roleListColumns)
          .from(roles)
          .where(filter)
          .orderBy(...roleOrder)
          .limit(page.limit)
          .offset(page.offset);
  if (rows.length === 0 && page.offset > 0) {
    const [row] = await db.select({ value: count() }).from(roles).where(filter);
    return { rows: [], total: Number(row?.value ?? 0) };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/** A role of the workspace (never another workspace's) with its permissions and member count. */
export async function findRole(
  db: Db,
  workspaceId: string,
  roleId: string,
): Promise<RoleWithPermissions | undefined> {
  const rows = await db
    .select()
    .from(roles)
    .where(and(eq(roles.workspaceId, workspaceId), eq(roles.id, roleId)))
    .limit(1);
  const [role] = await withDetails(db, workspaceId, rows);
  return role;
}

export async function roleKeyTaken(db: Db, workspaceId: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.workspaceId, workspaceId), eq(roles.key, key)))
    .limit(1);
  return row !== undefined;
}

export async function insertRole(db: Db, values: typeof roles.$inferInsert): Promise<RoleRow> {
  const [row] = await db.insert(roles).values(values).returning();
  return row!;
}

/** Updates a role only when its lastChangeDate is still `expected`; undefined otherwise (a lost update avoided). */
export async function updateRoleIfUnchanged(
  db: Db,
  workspaceId: string,
  roleId: string,
  expected: Date,
  patch: { name: string; superAccess: boolean; lastChangeDate: Date },
): Promise<RoleRow | undefined> {
  const [row] = await db
    .update(roles)
    .set(patch)
    .where(
      and(
        eq(roles.workspaceId, workspaceId),
        eq(roles.id, roleId),
        // Compared in milliseconds: the API shows ISO dates with millisecond precision.
        sql`date_trunc('milliseconds', ${roles.lastChangeDate}) = ${expected.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row;
}

export async function setRolePermissions(
  db: Db,
  workspaceId: string,
  roleId: string,
  keys: string[],
): Promise<void> {
  await db
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.workspaceId, workspaceId), eq(rolePermissions.roleId, roleId)));
  if (keys.length > 0)
    await db
      .insert(rolePermissions)
      .values(keys.map((permissionKey) => ({ workspaceId, roleId, permissionKey })));
}

/** Deletes a role; its members and invitations keep going without a role. */
export async function deleteRole(db: Db, workspaceId: string, roleId: string): Promise<boolean> {
  await db
    .update(members)
    .set({ roleId: null })
    .where(and(eq(members.workspaceId, workspaceId), eq(members.roleId, roleId)));
  await db
    .update(invitations)
    .set({ roleId: null })
    .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.roleId, roleId)));
  const deleted = await db
    .delete(roles)
    .where(and(eq(roles.workspaceId, workspaceId), eq(roles.id, roleId)))
    .returning({ id: roles.id });
  return deleted.length > 0;
}

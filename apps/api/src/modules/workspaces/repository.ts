import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { roles } from '../access/schema';
import { members } from '../members/schema';
import { type WorkspaceProfileRow, type WorkspaceRow, workspaceProfiles, workspaces } from './schema';

// Queries of the workspaces module. Other modules use service.ts, never this file. Memberships and roles
// are read here only to list the caller's workspaces with its level and role in one query.

export interface MyWorkspaceRow {
  workspace: WorkspaceRow;
  level: 'owner' | 'member';
  role: { id: string; name: string; key: string } | null;
}

const mineColumns = {
  workspace: workspaces,
  level: members.level,
  role: { id: roles.id, name: roles.name, key: roles.key },
};

function mine(db: Db) {
  return db
    .select(mineColumns)
    .from(members)
    .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
    .leftJoin(roles, and(eq(roles.id, members.roleId), eq(roles.workspaceId, members.workspaceId)));
}

/** The workspaces where the user is an active member, oldest membership first. */
export async function listMine(db: Db, userId: string): Promise<MyWorkspaceRow[]> {
  const rows = await mine(db)
    .where(and(eq(members.userId, userId), eq(members.status, 'active'), eq(workspaces.status, 'active')))
    .orderBy(asc(members.joinedDate), asc(workspaces.id));
  return rows as MyWorkspaceRow[];
}

export async function findMine(
  db: Db,
  userId: string,
  workspaceId: string,
): Promise<MyWorkspaceRow | undefined> {
  const [row] = await mine(db)
    .where(and(eq(members.userId, userId), eq(members.workspaceId, workspaceId)))
    .limit(1);
  return row as MyWorkspaceRow | undefined;
}

export async function insertWorkspace(db: Db, values: typeof workspaces.$inferInsert): Promise<WorkspaceRow> {
  const [row] = await db.insert(workspaces).values(values).returning();
  return row!;
}

export async function updateWorkspace(
  db: Db,
  id: string,
  patch: Partial<Omit<typeof workspaces.$inferInsert, 'id'>>,
): Promise<WorkspaceRow | undefined> {
  const [row] = await db.update(workspaces).set(patch).where(eq(workspaces.id, id)).returning();
  return row;
}

export async function findWorkspace(db: Db, id: string): Promise<WorkspaceRow | undefined> {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, id)).limit(1);
  return row;
}

export async function insertProfile(db: Db, values: typeof workspaceProfiles.$inferInsert): Promise<void> {
  await db.insert(workspaceProfiles).values(values);
}

export async function findProfile(db: Db, workspaceId: string): Promise<WorkspaceProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(workspaceProfiles)
    .where(eq(workspaceProfiles.workspaceId, workspaceId))
    .limit(1);
  return row;
}

export async function updateProfile(
  db: Db,
  workspaceId: string,
  patch: Partial<Omit<typeof workspaceProfiles.$inferInsert, 'id' | 'workspaceId'>>,
): Promise<void> {
  await db.update(workspaceProfiles).set(patch).where(eq(workspaceProfiles.workspaceId, workspaceId));
}

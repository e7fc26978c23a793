import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { type ApplicationRow, applications } from './schema';

// Queries of the applications module. Other modules use service.ts, never this file.

export async function listApplications(db: Db, workspaceId: string): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(applications)
    .where(eq(applications.workspaceId, workspaceId))
    .orderBy(asc(applications.createdDate), asc(applications.id));
}

export async function findApplication(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.workspaceId, workspaceId), eq(applications.id, id)))
    .limit(1);
  return row;
}

export async function findApplicationByKey(
  db: Db,
  workspaceId: string,
  key: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.workspaceId, workspaceId), eq(applications.key, key)))
    .limit(1);
  return row;
}

export async function insertApplication(
  db: Db,
  values: typeof applications.$inferInsert,
): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values(values).returning();
  return row!;
}

export async function updateApplication(
  db: Db,
  workspaceId: string,
  id: string,
  patch: Partial<Omit<typeof applications.$inferInsert, 'id' | 'workspaceId'>>,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(applications)
    .set(patch)
    .where(and(eq(applications.workspaceId, workspaceId), eq(applications.id, id)))
    .returning();
  return row;
}

export async function deleteApplication(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(applications)
    .where(and(eq(applications.workspaceId, workspaceId), eq(applications.id, id)))
    .returning({ id: applications.id });
  return rows.length > 0;
}

import { and, asc, eq, sql } from 'drizzle-orm';
import { driverRows, preparedPer } from '../../db/prepared';
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

// The list the profile screen reads: one named prepared statement, its rows taken as the driver gives
// them (driverRows) and shaped by hand in service.ts, as the members first page (docs/performance.md).
const listed = preparedPer((db: Db) =>
  db
    .select({
      id: applications.id,
      key: applications.key,
      name: applications.name,
      title: applications.title,
      slogan: applications.slogan,
      description: applications.description,
      keywords: applications.keywords,
      version: applications.version,
      socialNetworks: applications.socialNetworks,
      builtIn: applications.builtIn,
      createdDate: applications.createdDate,
    })
    .from(applications)
    .where(eq(applications.workspaceId, sql.placeholder('workspaceId')))
    .orderBy(asc(applications.createdDate), asc(applications.id))
    .prepare('applications_list'),
);

/** A row of `listed` as the driver answers it: the column names, a timestamptz as text. */
export interface ListedApplication {
  id: string;
  key: string;
  name: string;
  title: string | null;
  slogan: string | null;
  description: string | null;
  keywords: string[];
  version: ApplicationRow['version'];
  social_networks: ApplicationRow['socialNetworks'];
  built_in: boolean;
  created_date: string;
}

/** A workspace's applications in the order they were made, as the driver answers them. */
export function listedApplications(db: Db, workspaceId: string): Promise<ListedApplication[]> {
  return driverRows<ListedApplication>(listed(db), { workspaceId });
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

import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { users } from '../identity/schema';
import { type ApiKeyRow, apiKeys } from './schema';

// Queries of the API keys; every one of a workspace's rows filters on workspace_id.

export async function insertKey(db: Db, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [inserted] = await db.insert(apiKeys).values(row).returning();
  return inserted!;
}

export interface ListedKey extends ApiKeyRow {
  creator: { id: string; firstName: string | null; lastName: string | null } | null;
}

/** A page of a workspace's keys, newest first, with their creators' names. */
export async function listKeys(
  db: Db,
  workspaceId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: ListedKey[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ key: apiKeys, id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
      .where(eq(apiKeys.workspaceId, workspaceId))
      .orderBy(desc(apiKeys.createdDate), desc(apiKeys.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.workspaceId, workspaceId)),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r.key,
      creator: r.id !== null ? { id: r.id, firstName: r.firstName, lastName: r.lastName } : null,
    })),
    total: total?.n ?? 0,
  };
}

/** Deletes one key of the workspace; answers its row (undefined: none such). */
export async function deleteKey(db: Db, workspaceId: string, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id)))
    .returning();
  return row;
}

/** The key of this hash, whatever its expiry (the caller decides). */
export async function keyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).limit(1);
  return row;
}

/** Marks keys as used at `date` (never moving a later date back). */
export async function markUsed(db: Db, ids: string[], date: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(apiKeys)
    .set({ lastUsedDate: sql`greatest(${apiKeys.lastUsedDate}, ${date.toISOString()}::timestamptz)` })
    .where(inArray(apiKeys.id, ids));
}

/** The names of the person making a key, for its answer. */
export async function personName(
  db: Db,
  userId: string,
): Promise<{ firstName: string | null; lastName: string | null }> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? { firstName: null, lastName: null };
}

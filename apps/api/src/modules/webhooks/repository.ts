import type { WebhookDeliveryQuery } from '@wsm/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { pageSlice, rowsWithTotal } from '../../lib/paging';
import { type WebhookDeliveryRow, type WebhookRow, webhookDeliveries, webhooks } from './schema';

// The queries of the webhooks module; every one of a workspace's rows filters on workspace_id.

export function listWebhooks(db: Db, workspaceId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.workspaceId, workspaceId))
    .orderBy(webhooks.createdDate);
}

export async function countWebhooks(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(webhooks)
    .where(eq(webhooks.workspaceId, workspaceId));
  return Number(row?.value ?? 0);
}

export async function getWebhook(db: Db, workspaceId: string, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.id, id)))
    .limit(1);
  return row;
}

export async function insertWebhook(db: Db, row: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  const [inserted] = await db.insert(webhooks).values(row).returning();
  return inserted!;
}

export async function updateWebhook(
  db: Db,
  workspaceId: string,
  id: string,
  values: Partial<typeof webhooks.$inferInsert>,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set(values)
    .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.id, id)))
    .returning();
  return row;
}

export async function deleteWebhook(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.id, id)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

export function listDeliveries(
  db: Db,
  workspaceId: string,
  query: WebhookDeliveryQuery,
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const filters: SQL[] = [eq(webhookDeliveries.workspaceId, workspaceId)];
  if (query.webhookId) filters.push(eq(webhookDeliveries.webhookId, query.webhookId));
  if (query.status) filters.push(eq(webhookDeliveries.status, query.status));
  const where = and(...filters);
  const { offset, limit } = pageSlice(query);
  return rowsWithTotal(
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdDate), desc(webhookDeliveries.id))
      .offset(offset)
      .limit(limit),
    db.select({ value: count() }).from(webhookDeliveries).where(where),
  );
}

export async function getDelivery(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.workspaceId, workspaceId), eq(webhookDeliveries.id, id)))
    .limit(1);
  return row;
}

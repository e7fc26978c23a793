import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/types';
import { webhookDeliveries, webhooks } from './schema';

// Writing deliveries into the queue, inside the transaction of the change they announce: a change that
// rolls back queues nothing, and one that commits has its deliveries stored before anyone is told.
// The NOTIFY is sent on commit, waking the workers of every process (delivery.ts); its payload is
// the endpoint ids, comma-separated, or empty for "look anyway".

/** The NOTIFY channel of new deliveries. */
export const webhookChannel = 'webhook_deliveries';

export interface WebhookEvent {
  workspaceId: string;
  type: string;
  timestamp: Date;
  data: Record<string, unknown>;
}

/** The ids of a workspace's enabled endpoints that want an event type. */
export async function endpointsFor(tx: Db, workspaceId: string, type: string): Promise<string[]> {
  const rows = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.workspaceId, workspaceId),
        eq(webhooks.enabled, true),
        sql`(${webhooks.events} @> '["*"]'::jsonb or ${webhooks.events} @> jsonb_build_array(${type}::text))`,
      ),
    );
  return rows.map((row) => row.id);
}

/** The body every attempt sends, byte for byte (docs/webhooks.md). */
export function payloadOf(event: WebhookEvent): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.timestamp.toISOString(),
    workspaceId: event.workspaceId,
    data: event.data,
  });
}

/** Queues one delivery of the event per endpoint; answers their ids. */
export async function enqueueDeliveries(
  tx: Db,
  endpointIds: string[],
  event: WebhookEvent,
  now = new Date(),
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const payload = payloadOf(event);
  const rows = endpointIds.map((webhookId) => ({
    id: uuidv7(),
    workspaceId: event.workspaceId,
    webhookId,
    eventType: event.type,
    payload,
    nextAttemptDate: now,
    createdDate: now,
  }));
  await tx.insert(webhookDeliveries).values(rows);
  // The payload names the endpoints, so a worker whose calls to them are all busy need not look.
  const named = endpointIds.join(',');
  await tx.execute(sql`select pg_notify(${webhookChannel}, ${named.length < 7000 ? named : ''})`);
  return rows.map((row) => row.id);
}

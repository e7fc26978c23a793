import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { type WebhookDeliveryRow, type WebhookRow, webhookDeliveries, webhooks } from './schema';

// Claiming due deliveries (delivery.ts): one statement takes the earliest due rows of enabled
// endpoints, at most `room` more per endpoint, locks them with FOR UPDATE SKIP LOCKED (two processes
// never take the same row) and pushes their nextAttemptDate to the lease's end. Endpoints already at
// their cap in this process are left out of the scan, so a hanging endpoint's backlog never fills
// the claim ahead of another endpoint's rows.

export interface ClaimRequest {
  now: Date;
  leaseUntil: Date;
  /** Rows to claim at most. */
  free: number;
  /** Calls one endpoint may have open in this process. */
  perEndpoint: number;
  /** Calls open now, per endpoint id. */
  busy: ReadonlyMap<string, number>;
}

export async function claimDue(db: Db, request: ClaimRequest): Promise<WebhookDeliveryRow[]> {
  const { now, free, perEndpoint, busy } = request;
  const full = JSON.stringify([...busy].filter(([, open]) => open >= perEndpoint).map(([id]) => id));
  const open = JSON.stringify(Object.fromEntries(busy));
  const due = sql`${now.toISOString()}::timestamptz`;
  // The head is a few times `free` so one endpoint's backlog below its cap leaves room for others.
  const chosen = sql`(
    with head as (
      select d.id, d.webhook_id, d.next_attempt_date from ${webhookDeliveries} d
      where d.status = 'pending' and d.next_attempt_date <= ${due}
        and not (${full}::jsonb ? d.webhook_id)
        and exists (select 1 from ${webhooks} w where w.id = d.webhook_id and w.enabled)
      order by d.next_attempt_date limit ${free * 4}
    ), ranked as (
      select id, next_attempt_date,
        row_number() over (partition by webhook_id order by next_attempt_date, id) as rank,
        ${perEndpoint} - coalesce((${open}::jsonb ->> webhook_id)::int, 0) as room
      from head
    ), chosen as (
      select id from ranked where rank <= room order by next_attempt_date, id limit ${free}
    )
    select d.id from ${webhookDeliveries} d
    where d.id in (select id from chosen) and d.status = 'pending' and d.next_attempt_date <= ${due}
    for update skip locked
  )`;
  return db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptDate: request.leaseUntil })
    .where(inArray(webhookDeliveries.id, chosen))
    .returning();
}

/** The endpoints of claimed rows, read once per claim rather than once per call. */
export async function endpointsOf(db: Db, rows: WebhookDeliveryRow[]): Promise<Map<string, WebhookRow>> {
  const ids = [...new Set(rows.map((row) => row.webhookId))];
  if (ids.length === 0) return new Map();
  const found = await db.select().from(webhooks).where(inArray(webhooks.id, ids));
  return new Map(found.map((row) => [row.id, row]));
}

import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A workspace's webhook endpoints (docs/webhooks.md). The signing secrets are sealed (lib/secret-box.ts,
 * bound to the endpoint's id): the server must read them back to sign, so they cannot be hashed.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Event keys, or ['*'] for every event. */
    events: jsonb('events').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    description: text('description'),
    secretSealed: text('secret_sealed').notNull(),
    /** The secret before the last rotation: it signs beside the new one until previousSecretUntil. */
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretUntil: timestamptz('previous_secret_until'),
    /** The first failed attempt since the last success; null while the endpoint answers. */
    failingSince: timestamptz('failing_since'),
    /** 'failing' when it was turned off for failing every delivery for days. */
    disabledReason: text('disabled_reason'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    updatedDate: timestamptz('updated_date').notNull().defaultNow(),
  },
  (t) => [index('webhooks_workspace_idx').on(t.workspaceId)],
);

/** One answer (or its absence) to one attempt at a delivery. */
export interface WebhookAttemptRecord {
  date: string;
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

/**
 * The delivery queue and its log in one: a row per event per endpoint, written in the transaction of the
 * change (modules/audit/record.ts), claimed by the workers of every process (delivery.ts). While pending,
 * nextAttemptDate is when it is due; a claim pushes it a lease ahead, so a process that dies mid-send
 * leaves a row another process takes again once the lease ends.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The body, exactly as signed and sent on every attempt. */
    payload: text('payload').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Failed attempts since it was last queued (a redelivery starts the schedule again). */
    scheduleStep: integer('schedule_step').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    nextAttemptDate: timestamptz('next_attempt_date'),
    attemptLog: jsonb('attempt_log').$type<WebhookAttemptRecord[]>().notNull().default([]),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptDate).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_workspace_idx').on(t.workspaceId, t.createdDate),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdDate),
    // Housekeeping's retention delete of finished rows (housekeeping.ts), without a scan of the queue.
    index('webhook_deliveries_finished_idx')
      .on(t.createdDate)
      .where(sql`${t.status} in ('succeeded', 'failed')`),
  ],
);

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

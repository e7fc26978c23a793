import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { recordAudit } from '../audit/record';
import { members } from '../members/schema';
import type { NotificationType } from '../notifications/catalogue';
import { notify } from '../notifications/service';
import { type WebhookAttemptRecord, type WebhookDeliveryRow, webhookDeliveries, webhooks } from './schema';
import type { SendResult } from './sender';

// Storing what an attempt gave (docs/webhooks.md): successes in batches, one statement for many
// deliveries; a failure row by row, with its retry, the endpoint's failing streak, the 5-day disable
// and the owner's notifications.

export const outcomeLimits = {
  /** An endpoint that failed everything for this long is disabled. */
  disableAfterDays: 5,
  /** Answers kept per delivery in its log. */
  attemptLogSize: 30,
};

function attemptOf(result: SendResult, now: Date): WebhookAttemptRecord {
  return {
    date: now.toISOString(),
    statusCode: result.statusCode,
    responseBody: result.responseBody,
    error: result.error,
    durationMs: result.durationMs,
  };
}

/** The attempt log with `attempts` appended, its oldest entry dropped once full. */
function appendedLog(attempts: SQL) {
  return sql`(case when jsonb_array_length(${webhookDeliveries.attemptLog}) >= ${outcomeLimits.attemptLogSize}
    then ${webhookDeliveries.attemptLog} - 0 else ${webhookDeliveries.attemptLog} end) || ${attempts}`;
}

export interface Success {
  row: WebhookDeliveryRow;
  result: SendResult;
  at: Date;
}

/** Stores many successful attempts in one statement, and ends their endpoints' failing streaks. */
export async function recordSuccesses(db: Db, done: Success[]): Promise<void> {
  if (done.length === 0) return;
  const values = JSON.stringify(
    done.map(({ row, result, at }) => ({
      id: row.id,
      code: result.statusCode,
      attempt: attemptOf(result, at),
    })),
  );
  await db.execute(sql`
    update ${webhookDeliveries} set status = 'succeeded', next_attempt_date = null,
      last_status_code = v.code, attempt_log = ${appendedLog(sql`jsonb_build_array(v.attempt)`)}
    from jsonb_to_recordset(${values}::jsonb) as v(id text, code int, attempt jsonb)
    where ${webhookDeliveries.id} = v.id`);
  const endpoints = [...new Set(done.map(({ row }) => row.webhookId))];
  await db
    .update(webhooks)
    .set({ failingSince: null })
    .where(and(inArray(webhooks.id, endpoints), isNotNull(webhooks.failingSince)));
}

/** Notifies the workspace's owner (best effort: the delivery's outcome is already stored). */
async function notifyOwner(
  db: Db,
  workspaceId: string,
  type: NotificationType,
  params: Record<string, string>,
) {
  const owners = await db
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.level, 'owner')));
  for (const owner of owners) await notify(db, owner.userId, type, params);
}

/** Stores a failed attempt: the next retry, or failed for good (the owner is told). */
export async function recordFailure(
  db: Db,
  schedule: readonly number[],
  row: WebhookDeliveryRow,
  result: SendResult,
  now: Date,
): Promise<void> {
  const log = appendedLog(sql`${JSON.stringify([attemptOf(result, now)])}::jsonb`);
  const step = row.scheduleStep + 1;
  const wait = schedule[step - 1];
  const failed = wait === undefined;
  await db
    .update(webhookDeliveries)
    .set({
      status: failed ? 'failed' : 'pending',
      scheduleStep: step,
      nextAttemptDate: failed ? null : new Date(now.getTime() + wait * 1000),
      lastStatusCode: result.statusCode,
      attemptLog: log,
    })
    .where(eq(webhookDeliveries.id, row.id));
  const [endpoint] = await db
    .update(webhooks)
    .set({ failingSince: sql`coalesce(${webhooks.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhooks.id, row.webhookId))
    .returning();
  if (!endpoint) return;
  if (failed)
    await notifyOwner(db, row.workspaceId, 'webhook.failed', { url: endpoint.url, eventType: row.eventType });
  const cutoff = new Date(now.getTime() - outcomeLimits.disableAfterDays * 86_400_000);
  if (endpoint.enabled && endpoint.failingSince && endpoint.failingSince <= cutoff)
    await disable(db, endpoint.id);
}

/** Turns off an endpoint that failed everything for days; its owner is told, the audit log records it. */
async function disable(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhooks)
      .set({ enabled: false, disabledReason: 'failing', updatedDate: new Date() })
      .where(and(eq(webhooks.id, id), eq(webhooks.enabled, true)))
      .returning();
    if (!row) return;
    await recordAudit(tx, {
      workspaceId: row.workspaceId,
      actorUserId: null,
      action: 'webhook.updated',
      subject: { webhookId: row.id, url: row.url, before: { enabled: true }, after: { enabled: false } },
    });
    await notifyOwner(tx, row.workspaceId, 'webhook.disabled', { url: row.url });
  });
}

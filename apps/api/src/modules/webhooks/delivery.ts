import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/record';
import { members } from '../members/schema';
import type { NotificationType } from '../notifications/catalogue';
import { notify } from '../notifications/service';
import { webhookChannel } from './queue';
import { policyOf, runtimeOf, signingSecrets } from './runtime';
import { type WebhookAttemptRecord, type WebhookDeliveryRow, webhookDeliveries, webhooks } from './schema';
import { type SendResult, send } from './sender';

// Sending what the queue holds (docs/webhooks.md). Every process runs a worker: it claims due rows
// with FOR UPDATE SKIP LOCKED, so two processes never take the same row, and pushes a claimed row's
// nextAttemptDate a lease ahead: a process that dies mid-send leaves a row that becomes due again when
// the lease ends (at least once, with the same webhook-id). A slow endpoint holds at most
// perEndpoint of the inFlight slots, and every call ends within the sender's 10 s timeout.

export const webhookTiming = {
  /** How long a claim holds: well above the 10 s timeout, so a live sender is never raced. */
  leaseSeconds: 60,
  /** Deliveries in flight at once in one process, and to one endpoint. */
  inFlight: 64,
  perEndpoint: 16,
  /** How often the worker looks for due rows besides being woken (retries, lapsed leases). */
  pollMs: 2000,
  /** An endpoint that failed everything for this long is disabled. */
  disableAfterDays: 5,
  /** Answers kept per delivery in its log. */
  attemptLogSize: 30,
};

type Deps = Pick<AppDeps, 'config' | 'database' | 'webhookRuntime'>;

export interface WorkerLog {
  warn(object: unknown, message: string): void;
  error(object: unknown, message: string): void;
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

/** Stores an attempt's outcome; answers whether the delivery has now failed for good. */
async function recordOutcome(
  deps: Deps,
  row: WebhookDeliveryRow,
  result: SendResult,
  now: Date,
): Promise<void> {
  const db = deps.database.db;
  const schedule = deps.config.webhooks.retrySchedule;
  const attempt: WebhookAttemptRecord = {
    date: now.toISOString(),
    statusCode: result.statusCode,
    responseBody: result.responseBody,
    error: result.error,
    durationMs: result.durationMs,
  };
  const log = sql`(case when jsonb_array_length(${webhookDeliveries.attemptLog}) >= ${webhookTiming.attemptLogSize}
    then ${webhookDeliveries.attemptLog} - 0 else ${webhookDeliveries.attemptLog} end) || ${JSON.stringify([attempt])}::jsonb`;
  if (result.ok) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'succeeded', nextAttemptDate: null, lastStatusCode: result.statusCode, attemptLog: log })
      .where(eq(webhookDeliveries.id, row.id));
    await db
      .update(webhooks)
      .set({ failingSince: null })
      .where(and(eq(webhooks.id, row.webhookId), isNotNull(webhooks.failingSince)));
    return;
  }
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
  const cutoff = new Date(now.getTime() - webhookTiming.disableAfterDays * 86_400_000);
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

/** The worker of one process: woken by NOTIFY and a timer, it keeps up to inFlight calls going. */
export class DeliveryWorker {
  private readonly perEndpoint = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  private inFlight = 0;
  private filling: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly deps: Deps,
    private readonly log: WorkerLog,
  ) {}

  /** Looks for due rows now (or right after the current look). */
  wake(): void {
    if (this.closed) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    this.filling = this.fill()
      .catch((error: unknown) => this.log.error({ err: error }, 'webhooks: claiming deliveries failed'))
      .finally(() => {
        this.filling = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Wakes once after `ms` (a retry due before the next poll). */
  wakeIn(ms: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.wake();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** Stops claiming; waits a little for calls in flight (an unfinished one is sent again after its lease). */
  async close(graceMs = 3000): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    await this.filling;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.all(this.running), grace]);
    clearTimeout(timer);
  }

  /** Resolves once no call is in flight (tests). */
  async idle(): Promise<void> {
    while (this.filling || this.running.size > 0) await Promise.all([this.filling, ...this.running]);
  }

  private async fill(): Promise<void> {
    while (!this.closed) {
      const free = webhookTiming.inFlight - this.inFlight;
      if (free <= 0) return;
      const claimed = await this.claim(free);
      for (const row of claimed) this.start(row);
      if (claimed.length === 0) return;
    }
  }

  /** Claims up to `free` due rows, no endpoint beyond its share. */
  private async claim(free: number): Promise<WebhookDeliveryRow[]> {
    const db = this.deps.database.db;
    const now = runtimeOf(this.deps).now();
    const { perEndpoint } = webhookTiming;
    const candidates = (await db.execute(sql`
      select id, webhook_id from (
        select d.id, d.webhook_id, d.next_attempt_date,
          row_number() over (partition by d.webhook_id order by d.next_attempt_date, d.id) as rank
        from ${webhookDeliveries} d join ${webhooks} w on w.id = d.webhook_id and w.enabled
        where d.status = 'pending' and d.next_attempt_date <= ${now.toISOString()}::timestamptz
      ) due where rank <= ${perEndpoint} order by next_attempt_date limit ${free * 4}`)) as unknown as {
      rows: { id: string; webhook_id: string }[];
    };
    const chosen: string[] = [];
    const taken = new Map<string, number>();
    for (const { id, webhook_id: endpoint } of candidates.rows) {
      const busy = (this.perEndpoint.get(endpoint) ?? 0) + (taken.get(endpoint) ?? 0);
      if (busy >= perEndpoint) continue;
      taken.set(endpoint, (taken.get(endpoint) ?? 0) + 1);
      chosen.push(id);
      if (chosen.length >= free) break;
    }
    if (chosen.length === 0) return [];
    const lockable = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.id, chosen),
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptDate, now),
        ),
      )
      .for('update', { skipLocked: true });
    return db
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptDate: new Date(now.getTime() + webhookTiming.leaseSeconds * 1000),
      })
      .where(inArray(webhookDeliveries.id, lockable))
      .returning();
  }

  private start(row: WebhookDeliveryRow): void {
    this.inFlight++;
    this.perEndpoint.set(row.webhookId, (this.perEndpoint.get(row.webhookId) ?? 0) + 1);
    const task = this.attempt(row)
      .catch((error: unknown) =>
        this.log.error({ err: error, deliveryId: row.id }, 'webhooks: a delivery could not be recorded'),
      )
      .finally(() => {
        this.running.delete(task);
        this.inFlight--;
        const left = (this.perEndpoint.get(row.webhookId) ?? 1) - 1;
        if (left > 0) this.perEndpoint.set(row.webhookId, left);
        else this.perEndpoint.delete(row.webhookId);
        this.wake();
      });
    this.running.add(task);
  }

  private async attempt(row: WebhookDeliveryRow): Promise<void> {
    const db = this.deps.database.db;
    const runtime = runtimeOf(this.deps);
    const [endpoint] = await db.select().from(webhooks).where(eq(webhooks.id, row.webhookId)).limit(1);
    if (!endpoint) return;
    const now = runtime.now();
    let secrets: string[] | undefined;
    try {
      secrets = signingSecrets(this.deps, endpoint, now);
    } catch (error) {
      // Sealed under another key (TOTP_ENCRYPTION_KEY changed): a failed attempt the log shows.
      this.log.error({ err: error, webhookId: endpoint.id }, 'webhooks: the signing secret does not open');
    }
    const result: SendResult = secrets
      ? await send(
          { url: endpoint.url, id: row.id, body: row.payload, secrets, now },
          policyOf(this.deps),
          runtime.resolve,
        )
      : { ok: false, statusCode: null, responseBody: null, error: 'the secret does not open', durationMs: 0 };
    await recordOutcome(this.deps, row, result, runtime.now());
    const wait = this.deps.config.webhooks.retrySchedule[row.scheduleStep];
    if (!result.ok && wait !== undefined && wait * 1000 < webhookTiming.pollMs) this.wakeIn(wait * 1000);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's webhook worker (tests wait on it). */
    webhookWorker: DeliveryWorker;
  }
}

/**
 * Runs the worker in this API process: woken by the NOTIFY of every committed delivery (from any
 * process) and every pollMs; stopped when the app closes.
 */
export function registerWebhookWorker(app: FastifyInstance): void {
  const worker = new DeliveryWorker(app.deps, app.log);
  app.decorate('webhookWorker', worker);
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopListening = await app.deps.database.listen(webhookChannel, {
      onMessage: () => worker.wake(),
      onUp: () => worker.wake(),
      onDown: (error) =>
        app.log.warn({ err: error }, 'webhooks: not woken by new deliveries until the database is back'),
    });
    timer = setInterval(() => worker.wake(), webhookTiming.pollMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await stopListening?.();
    await worker.close();
  });
}

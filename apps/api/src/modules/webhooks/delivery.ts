import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { claimDue, endpointsOf } from './claim';
import { recordFailure, recordSuccesses, type Success } from './outcome';
import { webhookChannel } from './queue';
import { policyOf, runtimeOf, signingSecrets } from './runtime';
import type { WebhookDeliveryRow, WebhookRow } from './schema';
import { type SendResult, send } from './sender';

// Sending what the queue holds (docs/webhooks.md). Every process runs a worker: it claims due rows
// in batches (claim.ts), so two processes never take the same row, and pushes a claimed row's
// nextAttemptDate a lease ahead: a process that dies mid-send leaves a row that becomes due again when
// the lease ends (at least once, with the same webhook-id). A slow endpoint holds at most
// perEndpoint of the inFlight slots, and every call ends within the sender's 10 s timeout. Successes
// are stored in batches (outcome.ts); until stored, a row keeps its lease.

export const webhookTiming = {
  /** How long a claim holds: well above the 10 s timeout, so a live sender is never raced. */
  leaseSeconds: 60,
  /** Deliveries in flight at once in one process, and to one endpoint. */
  inFlight: 64,
  perEndpoint: 16,
  /** How often the worker looks for due rows besides being woken (retries, lapsed leases). */
  pollMs: 2000,
  /** Successes stored in one statement once this many are waiting (or when nothing is in flight). */
  flushBatch: 32,
  /**
   * On the embedded database, with nothing left behind at the last look, how long a wake waits so one
   * look takes what came meanwhile: there the worker's statements share the one connection with every
   * request's, and a look per change cost the requests half their rate (docs/performance.md, "Webhooks").
   */
  embeddedGatherMs: 50,
};

type Deps = Pick<AppDeps, 'config' | 'database' | 'webhookRuntime'>;

export interface WorkerLog {
  warn(object: unknown, message: string): void;
  error(object: unknown, message: string): void;
}

/** Runs `job` now, or once more right after the run in progress: calls while it runs coalesce. */
class Coalesced {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly job: () => Promise<void>) {}

  run(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.job().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.run();
      }
    });
  }

  get current(): Promise<void> | undefined {
    return this.running;
  }
}

/** The worker of one process: woken by NOTIFY and a timer, it keeps up to inFlight calls going. */
export class DeliveryWorker {
  private readonly perEndpoint = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  private inFlight = 0;
  private closed = false;
  private timers = new Set<NodeJS.Timeout>();
  private succeeded: Success[] = [];
  private readonly filler = new Coalesced(() =>
    this.fill().catch((error: unknown) =>
      this.log.error({ err: error }, 'webhooks: claiming deliveries failed'),
    ),
  );
  private readonly flusher = new Coalesced(() => this.flush());
  /** The last look left due rows behind: every call slot, or an endpoint's, was taken. */
  private leftBehind = false;
  /** A wake waiting embeddedGatherMs before its look. */
  private gathering: Promise<void> | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly log: WorkerLog,
  ) {}

  /**
   * Looks for due rows now (or right after the current look); on the embedded database, once the due
   * rows came in a trickle, after embeddedGatherMs.
   */
  wake(): void {
    if (this.closed) return;
    if (this.leftBehind || this.deps.database.kind !== 'pglite') {
      this.filler.run();
      return;
    }
    if (this.gathering) return;
    this.gathering = new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.gathering = undefined;
        resolve();
        if (!this.closed) this.filler.run();
      }, webhookTiming.embeddedGatherMs);
      timer.unref();
      this.timers.add(timer);
    });
  }

  /**
   * A NOTIFY of new deliveries to the endpoints named in `payload` (empty: any): no look when every
   * one of them already has all its calls open here, since one ending half of them refills it.
   */
  notified(payload: string): void {
    const { perEndpoint } = webhookTiming;
    const ids = payload === '' ? [] : payload.split(',');
    if (ids.length === 0 || ids.some((id) => (this.perEndpoint.get(id) ?? 0) < perEndpoint)) this.wake();
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
    this.gathering = undefined;
    await this.filler.current;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.all(this.running), grace]);
    clearTimeout(timer);
    await this.flusher.current;
    await this.flush();
  }

  /** Resolves once no look is pending, no call is in flight and every outcome is stored (tests). */
  async idle(): Promise<void> {
    while (
      this.gathering ||
      this.filler.current ||
      this.flusher.current ||
      this.running.size > 0 ||
      this.succeeded.length > 0
    ) {
      if (this.succeeded.length > 0 && !this.flusher.current) this.flusher.run();
      await Promise.all([this.gathering, this.filler.current, this.flusher.current, ...this.running]);
    }
  }

  private async fill(): Promise<void> {
    const { perEndpoint } = webhookTiming;
    try {
      await this.claimWhileDue();
    } finally {
      this.leftBehind =
        this.inFlight >= webhookTiming.inFlight ||
        [...this.perEndpoint.values()].some((n) => n >= perEndpoint);
    }
  }

  private async claimWhileDue(): Promise<void> {
    const { perEndpoint, leaseSeconds } = webhookTiming;
    if (this.succeeded.length > 0) this.flusher.run();
    while (!this.closed) {
      const free = webhookTiming.inFlight - this.inFlight;
      if (free <= 0) return;
      const now = runtimeOf(this.deps).now();
      const db = this.deps.database.workerDb;
      const rows = await claimDue(db, {
        now,
        leaseUntil: new Date(now.getTime() + leaseSeconds * 1000),
        free,
        perEndpoint,
        busy: this.perEndpoint,
      });
      if (rows.length === 0) return;
      const endpoints = await endpointsOf(db, rows);
      const secrets = new Map<string, string[] | undefined>();
      for (const row of rows) {
        const endpoint = endpoints.get(row.webhookId);
        if (endpoint && !secrets.has(endpoint.id)) secrets.set(endpoint.id, this.secretsOf(endpoint));
        this.start(row, endpoint, secrets.get(row.webhookId));
      }
      // Fewer rows than asked, and no endpoint newly at its cap: nothing more is due now.
      const capped = rows.some((row) => (this.perEndpoint.get(row.webhookId) ?? 0) >= perEndpoint);
      if (rows.length < free && !capped) return;
    }
  }

  private secretsOf(endpoint: WebhookRow): string[] | undefined {
    try {
      return signingSecrets(this.deps, endpoint, runtimeOf(this.deps).now());
    } catch (error) {
      // Sealed under another key (TOTP_ENCRYPTION_KEY changed): a failed attempt the log shows.
      this.log.error({ err: error, webhookId: endpoint.id }, 'webhooks: the signing secret does not open');
      return undefined;
    }
  }

  private start(
    row: WebhookDeliveryRow,
    endpoint: WebhookRow | undefined,
    secrets: string[] | undefined,
  ): void {
    this.inFlight++;
    this.perEndpoint.set(row.webhookId, (this.perEndpoint.get(row.webhookId) ?? 0) + 1);
    const task = (endpoint ? this.attempt(row, endpoint, secrets) : Promise.resolve())
      .catch((error: unknown) =>
        this.log.error({ err: error, deliveryId: row.id }, 'webhooks: a delivery could not be recorded'),
      )
      .finally(() => {
        this.running.delete(task);
        const wasFull = this.inFlight >= webhookTiming.inFlight;
        this.inFlight--;
        const left = (this.perEndpoint.get(row.webhookId) ?? 1) - 1;
        if (left > 0) this.perEndpoint.set(row.webhookId, left);
        else this.perEndpoint.delete(row.webhookId);
        if (this.running.size === 0) this.flusher.run();
        // An endpoint at its cap is refilled once half its calls ended, so one claim takes several
        // rows instead of one claim per answer; a worker at its overall cap looks at once.
        if (wasFull || left <= webhookTiming.perEndpoint / 2) this.wake();
      });
    this.running.add(task);
  }

  private async attempt(row: WebhookDeliveryRow, endpoint: WebhookRow, secrets: string[] | undefined) {
    const runtime = runtimeOf(this.deps);
    const result: SendResult = secrets
      ? await send(
          { url: endpoint.url, id: row.id, body: row.payload, secrets, now: runtime.now() },
          policyOf(this.deps),
          runtime.resolve,
        )
      : { ok: false, statusCode: null, responseBody: null, error: 'the secret does not open', durationMs: 0 };
    if (result.ok) {
      this.succeeded.push({ row, result, at: runtime.now() });
      if (this.succeeded.length >= webhookTiming.flushBatch) this.flusher.run();
      return;
    }
    const schedule = this.deps.config.webhooks.retrySchedule;
    await recordFailure(this.deps.database.workerDb, schedule, row, result, runtime.now());
    const wait = schedule[row.scheduleStep];
    if (wait !== undefined && wait * 1000 < webhookTiming.pollMs) this.wakeIn(wait * 1000);
  }

  /** Stores the successes gathered since the last flush in one go. */
  private async flush(): Promise<void> {
    const batch = this.succeeded;
    this.succeeded = [];
    try {
      await recordSuccesses(this.deps.database.workerDb, batch);
    } catch (error) {
      // Left leased: the deliveries are sent again once the lease ends (at least once).
      this.log.error(
        { err: error, count: batch.length },
        'webhooks: successful deliveries could not be recorded',
      );
    }
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
      onMessage: (payload) => worker.notified(payload),
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

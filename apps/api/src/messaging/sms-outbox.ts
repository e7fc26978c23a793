import { maskPhone } from '@wsm/contracts';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../db/types';
import type { AppDeps } from '../deps';
import { type SmsOutboxRow, smsOutbox } from './schema';

// Text messages that announce a change (an invitation) are written to the outbox in the change's own
// transaction and sent after it commits: a network call of up to 10 s never holds a transaction open,
// a rolled-back change texts nobody, and a crash after the commit loses nothing. Delivery is at least
// once: a process killed after the provider accepted a message but before deleting its row sends it
// again when the claim lapses.

export const smsOutboxTiming = {
  /** How long a sender's claim on a row holds (well above the provider's 10 s timeout). */
  claimSeconds: 120,
  /** Back-off after a failed attempt: doubling from this, capped at maxDelaySeconds. */
  firstRetrySeconds: 60,
  maxDelaySeconds: 3600,
  /** After this many failed attempts (about 7 hours) the message is given up and logged as an error. */
  maxAttempts: 12,
  /** How often every API process looks for due messages (crashed claims, back-offs that ended). */
  pollSeconds: 30,
  batchSize: 20,
};

/** Where delivery problems are reported (a request's or the app's logger). */
export interface OutboxLog {
  warn(object: unknown, message: string): void;
  error(object: unknown, message: string): void;
}

type SenderDeps = Pick<AppDeps, 'database' | 'messaging'>;

const later = (t: Date, seconds: number) => new Date(t.getTime() + seconds * 1000);

/** The wait after the attempts-th failed attempt. */
export function retryDelaySeconds(attempts: number): number {
  const { firstRetrySeconds, maxDelaySeconds } = smsOutboxTiming;
  return Math.min(firstRetrySeconds * 2 ** Math.max(0, attempts - 1), maxDelaySeconds);
}

/**
 * Writes a text message to the outbox inside the caller's transaction and answers its id; call
 * deliverSms with it once the transaction has committed. Until then (or if this process dies first) the
 * row is reserved for the committing process, so no other sender races it.
 */
export async function queueSms(
  tx: Db,
  message: { to: string; text: string },
  t = new Date(),
): Promise<string> {
  const id = uuidv7();
  await tx.insert(smsOutbox).values({
    id,
    recipient: message.to,
    body: message.text,
    nextAttemptDate: later(t, smsOutboxTiming.claimSeconds),
    createdDate: t,
  });
  return id;
}

async function attempt(deps: SenderDeps, row: SmsOutboxRow, log: OutboxLog, t: Date): Promise<boolean> {
  const db = deps.database.db;
  try {
    await deps.messaging.sms.send({ to: row.recipient, text: row.body });
  } catch (error) {
    const givenUp = row.attempts >= smsOutboxTiming.maxAttempts;
    const where = { err: error, smsId: row.id, to: maskPhone(row.recipient), attempts: row.attempts };
    if (givenUp) log.error(where, 'SMS given up after repeated provider failures');
    else log.warn(where, 'SMS not accepted by the provider; it will be retried');
    await db
      .update(smsOutbox)
      .set({
        nextAttemptDate: later(t, retryDelaySeconds(row.attempts)),
        lastError: String((error as Error)?.message ?? error).slice(0, 500),
        ...(givenUp ? { failedDate: t } : {}),
      })
      .where(eq(smsOutbox.id, row.id));
    return false;
  }
  await db.delete(smsOutbox).where(eq(smsOutbox.id, row.id));
  return true;
}

/**
 * The first attempt at a queued message, right after its transaction committed. Never rejects: a failure
 * is logged and the row is retried by the periodic sender.
 */
export async function deliverSms(
  deps: SenderDeps,
  id: string,
  log: OutboxLog,
  t = new Date(),
): Promise<void> {
  try {
    const [claimed] = await deps.database.db
      .update(smsOutbox)
      .set({
        attempts: sql`${smsOutbox.attempts} + 1`,
        nextAttemptDate: later(t, smsOutboxTiming.claimSeconds),
      })
      .where(and(eq(smsOutbox.id, id), eq(smsOutbox.attempts, 0), isNull(smsOutbox.failedDate)))
      .returning();
    if (claimed) await attempt(deps, claimed, log, t);
  } catch (error) {
    log.error({ err: error, smsId: id }, 'SMS outbox: delivery could not be recorded; it will be retried');
  }
}

/**
 * Sends every message due at `t` (crashed claims, ended back-offs), a batch at a time. Each batch is
 * claimed in one statement with FOR UPDATE SKIP LOCKED, so several processes never take the same row.
 * Answers how many were sent.
 */
export async function deliverDueSms(deps: SenderDeps, log: OutboxLog, t = new Date()): Promise<number> {
  const db = deps.database.db;
  let sent = 0;
  for (let batch = 0; batch < 10; batch++) {
    const due = db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(and(isNull(smsOutbox.failedDate), lte(smsOutbox.nextAttemptDate, t)))
      .orderBy(smsOutbox.nextAttemptDate)
      .limit(smsOutboxTiming.batchSize)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(smsOutbox)
      .set({
        attempts: sql`${smsOutbox.attempts} + 1`,
        nextAttemptDate: later(t, smsOutboxTiming.claimSeconds),
      })
      .where(inArray(smsOutbox.id, due))
      .returning();
    for (const row of claimed) if (await attempt(deps, row, log, t)) sent++;
    if (claimed.length < smsOutboxTiming.batchSize) break;
  }
  return sent;
}

/**
 * Runs the sender in this API process: once when the app is ready (what a crashed process left), then
 * every pollSeconds; stopped, and its current run awaited, when the app closes.
 */
export function registerSmsOutbox(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const run = () => {
    if (running || closed) return;
    running = deliverDueSms(app.deps, app.log)
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, 'SMS outbox: a delivery run failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, smsOutboxTiming.pollSeconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}

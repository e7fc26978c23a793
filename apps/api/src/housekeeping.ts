import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps';
import { rotateOldKeys } from './modules/oidc/keys';

// Rows whose use is over are removed after a retention (docs/operations.md, "Housekeeping"): dead code challenges,
// dead sessions with their rotated refresh tokens, old read notifications, long-expired invitations,
// finished webhook deliveries and texts the outbox gave up on. Every API process runs the job; a PostgreSQL advisory lock lets one run
// at a time. Each statement deletes one batch (LIMIT in a subquery) in its own short transaction, so no
// run holds locks on many rows or keeps a transaction open while it works.

const day = 86_400;

/** How long each kind of row is kept once its use is over, in seconds (docs/operations.md says why). */
export const retention = {
  /** Code challenges, from their end (expiry; a consumed one ends within minutes too). */
  challenges: 7 * day,
  /** Sessions, from their absolute end (expires_date, 30 days after login, revoked or not). */
  sessions: 90 * day,
  /** Read notifications, from their creation. */
  readNotifications: 180 * day,
  /** Invitations never answered, from their expiry. */
  expiredInvitations: 90 * day,
  /** Texts the outbox gave up on, from the give-up (texts that were sent are deleted at once). */
  failedSms: 30 * day,
  /** Webhook deliveries that succeeded or failed, from their creation (pending ones stay). */
  finishedWebhookDeliveries: 30 * day,
};

export interface HousekeepingTiming {
  /** After start-up, so a starting process serves first and processes started together spread out. */
  startDelaySeconds: number;
  intervalMinutes: number;
  batchSize: number;
  /** Batches per table and run: a large backlog is worked off over several runs. */
  maxBatches: number;
}

export const housekeepingTiming: Readonly<HousekeepingTiming> = Object.freeze({
  startDelaySeconds: 60,
  intervalMinutes: 60,
  batchSize: 1000,
  maxBatches: 100,
});

/** The advisory lock key every process takes (an arbitrary constant: "wsm housekeeping"). */
export const housekeepingLockKey = 0x77_73_6d_68;

type Deps = Pick<AppDeps, 'database' | 'metrics'> & Partial<Pick<AppDeps, 'config'>>;

interface Step {
  table: string;
  /** One batch: a delete whose subquery picks at most `limit` rows older than their cutoff. */
  batch(t: Date, limit: number): SQL;
}

const before = (t: Date, seconds: number) => new Date(t.getTime() - seconds * 1000);

// Each step's subquery filters on an indexed column (expires_date, the partial created_date index of read
// notifications) or a small table (invitations, the outbox), so a batch finds its rows without a full scan.
const steps: Step[] = [
  {
    table: 'auth_challenges',
    batch: (t, limit) => sql`delete from auth_challenges where id in (
      select id from auth_challenges where expires_date < ${before(t, retention.challenges)} limit ${limit})`,
  },
  // WebAuthn challenges nobody answered (they live 5 minutes; an answered one is deleted at once).
  {
    table: 'user_passkey_challenges',
    batch: (t, limit) => sql`delete from user_passkey_challenges where id in (
      select id from user_passkey_challenges where expires_date < ${t} limit ${limit})`,
  },
  // The rotated tokens of dead sessions first, a batch at a time: a month-long session leaves thousands,
  // which a cascade from the session row would delete in one statement.
  {
    table: 'user_session_rotated_tokens',
    batch: (t, limit) => sql`delete from user_session_rotated_tokens where token_hash in (
      select r.token_hash from user_session_rotated_tokens r
      join user_sessions s on s.id = r.session_id
      where s.expires_date < ${before(t, retention.sessions)} limit ${limit})`,
  },
  {
    table: 'user_sessions',
    batch: (t, limit) => sql`delete from user_sessions where id in (
      select id from user_sessions where expires_date < ${before(t, retention.sessions)} limit ${limit})`,
  },
  {
    table: 'notifications',
    batch: (t, limit) => sql`delete from notifications where id in (
      select id from notifications
      where read_date is not null and created_date < ${before(t, retention.readNotifications)} limit ${limit})`,
  },
  // Accepted, declined and withdrawn invitations stay: they are the workspace's history of who joined.
  {
    table: 'workspace_invitations',
    batch: (t, limit) => sql`delete from workspace_invitations where id in (
      select id from workspace_invitations
      where status in ('pending', 'expired') and expires_date < ${before(t, retention.expiredInvitations)}
      limit ${limit})`,
  },
  // The OpenID Connect provider's codes, tokens, sessions and grants, once expired (a consumed refresh
  // token is kept until then, so its reuse is still recognised).
  {
    table: 'oidc_payloads',
    batch: (t, limit) => sql`delete from oidc_payloads where (model, id) in (
      select model, id from oidc_payloads where expires_at < ${t} limit ${limit})`,
  },
  // Links of grants the provider no longer holds (expired above, or revoked).
  {
    table: 'oidc_grants',
    batch: (_t, limit) => sql`delete from oidc_grants where grant_id in (
      select g.grant_id from oidc_grants g where not exists (
        select 1 from oidc_payloads p where p.model = 'Grant' and p.id = g.grant_id) limit ${limit})`,
  },
  // The deliveries log of the integrations screen: a month covers looking into a receiver's outage.
  {
    table: 'webhook_deliveries',
    batch: (t, limit) => sql`delete from webhook_deliveries where id in (
      select id from webhook_deliveries
      where status in ('succeeded', 'failed')
        and created_date < ${before(t, retention.finishedWebhookDeliveries)} limit ${limit})`,
  },
  {
    table: 'sms_outbox',
    batch: (t, limit) => sql`delete from sms_outbox where id in (
      select id from sms_outbox where failed_date < ${before(t, retention.failedSms)} limit ${limit})`,
  },
];

/** Rows removed per table by one run. */
export type HousekeepingReport = Record<string, number>;

/**
 * Removes the rows past their retention at `t`, batch by batch, unless another process is running the
 * job (then answers undefined). `stopped` is asked between batches, so a shutdown does not wait for a
 * long backlog.
 */
export async function runHousekeeping(
  deps: Deps,
  t = new Date(),
  stopped: () => boolean = () => false,
  timing: Pick<HousekeepingTiming, 'batchSize' | 'maxBatches'> = housekeepingTiming,
): Promise<HousekeepingReport | undefined> {
  const report: HousekeepingReport = {};
  const ran = await deps.database.runExclusive(housekeepingLockKey, async () => {
    for (const step of steps) {
      let removed = 0;
      for (let batch = 0; batch < timing.maxBatches && !stopped(); batch++) {
        const counted = sql`with gone as (${step.batch(t, timing.batchSize)} returning 1)
          select count(*)::int as n from gone`;
        const result = (await deps.database.db.execute(counted)) as unknown as { rows: { n: number }[] };
        const n = result.rows[0]?.n ?? 0;
        removed += n;
        if (n < timing.batchSize) break;
      }
      report[step.table] = removed;
      deps.metrics.housekeepingDeleted(step.table, removed);
    }
    // The provider's signing keys: rotated after 90 days, retired ones dropped once their tokens expired.
    if (deps.config && !stopped())
      report.oidc_signing_keys = await rotateOldKeys(deps.database.db, deps.config.totpEncryptionKey, t);
  });
  return ran ? report : undefined;
}

/**
 * Runs the job in this API process: startDelaySeconds after the app is ready, then every intervalMinutes;
 * stopped, and its current run finished at the next batch, when the app closes (as the SMS outbox's sender).
 * The test app passes false: its tests share one database, make old rows on purpose and run the job
 * themselves.
 */
export function registerHousekeeping(app: FastifyInstance, timing: HousekeepingTiming | false): void {
  if (timing === false) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const run = () => {
    if (running || closed) return;
    running = runHousekeeping(app.deps, new Date(), () => closed, timing)
      .then(
        (report) => {
          const removed = Object.values(report ?? {}).reduce((sum, n) => sum + n, 0);
          if (removed > 0) app.log.info({ housekeeping: report }, 'housekeeping removed old rows');
        },
        (error: unknown) => app.log.error({ err: error }, 'housekeeping: a run failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(() => {
      run();
      timer = setInterval(run, timing.intervalMinutes * 60_000);
      timer.unref();
    }, timing.startDelaySeconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    clearInterval(timer);
    await running;
  });
}

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { uuidv7 } from 'uuidv7';
import { describe, expect, inject, it } from 'vitest';
import { createWorkspace, quickUser, randomPhone } from '../test/fixtures';
import { appForFile, startTestApp, testConfig } from '../test/test-app';
import { housekeepingLockKey, housekeepingTiming, retention, runHousekeeping } from './housekeeping';
import { smsOutbox } from './messaging/schema';
import { challenges, rotatedRefreshTokens, sessions, users } from './modules/identity/schema';
import { invitations } from './modules/members/schema';
import { notifications } from './modules/notifications/schema';
import { webhookDeliveries, webhooks } from './modules/webhooks/schema';
import { workspaces } from './modules/workspaces/schema';

const api = appForFile();

const day = 86_400_000;
/** A retention in days. */
const days = (seconds: number) => seconds / 86_400;
const ago = (t: Date, days: number) => new Date(t.getTime() - days * day);
const db = () => api.deps.database.db;

async function exists(
  table: 'challenge' | 'session' | 'rotated' | 'notification' | 'invitation' | 'sms',
  id: string,
) {
  const rows =
    table === 'challenge'
      ? await db().select({ id: challenges.id }).from(challenges).where(eq(challenges.id, id))
      : table === 'session'
        ? await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.id, id))
        : table === 'rotated'
          ? await db()
              .select({ id: rotatedRefreshTokens.tokenHash })
              .from(rotatedRefreshTokens)
              .where(eq(rotatedRefreshTokens.tokenHash, id))
          : table === 'notification'
            ? await db().select({ id: notifications.id }).from(notifications).where(eq(notifications.id, id))
            : table === 'invitation'
              ? await db().select({ id: invitations.id }).from(invitations).where(eq(invitations.id, id))
              : await db().select({ id: smsOutbox.id }).from(smsOutbox).where(eq(smsOutbox.id, id));
  return rows.length === 1;
}

/** Inserts a row with a new id into `table` and answers the id. */
async function insertRow<T extends PgTable>(
  table: T,
  values: Omit<T['$inferInsert'], 'id'>,
): Promise<string> {
  const id = uuidv7();
  await db()
    .insert(table)
    .values({ id, ...values } as PgInsertValue<T>);
  return id;
}

async function challenge(t: Date, expiresDaysAgo: number): Promise<string> {
  return insertRow(challenges, {
    purpose: 'signup',
    tokenHash: randomBytes(32).toString('hex'),
    phone: randomPhone(),
    expiresDate: ago(t, expiresDaysAgo),
    createdDate: ago(t, expiresDaysAgo + 1),
  });
}

async function session(t: Date, userId: string, expiresDaysAgo: number) {
  const rotated = randomBytes(32).toString('hex');
  const id = await insertRow(sessions, {
    userId,
    ipAddress: '127.0.0.1',
    agent: 'test',
    platform: 'test',
    refreshTokenHash: randomBytes(32).toString('hex'),
    createdDate: ago(t, expiresDaysAgo + 30),
    lastSeenDate: ago(t, expiresDaysAgo + 1),
    expiresDate: ago(t, expiresDaysAgo),
    revokedDate: ago(t, expiresDaysAgo + 2),
    revokedReason: 'logout',
  });
  await db()
    .insert(rotatedRefreshTokens)
    .values({ tokenHash: rotated, sessionId: id, rotatedDate: ago(t, expiresDaysAgo + 3) });
  return { id, rotated };
}

async function notification(t: Date, userId: string, createdDaysAgo: number, read: boolean): Promise<string> {
  return insertRow(notifications, {
    userId,
    type: 'password.changed',
    createdDate: ago(t, createdDaysAgo),
    readDate: read ? ago(t, createdDaysAgo - 1) : null,
  });
}

async function invitation(
  t: Date,
  workspaceId: string,
  expiresDaysAgo: number,
  status: 'pending' | 'expired' | 'accepted',
): Promise<string> {
  return insertRow(invitations, {
    workspaceId,
    inviteePhone: randomPhone(),
    token: randomBytes(16).toString('hex'),
    status,
    createdDate: ago(t, expiresDaysAgo + 7),
    expiresDate: ago(t, expiresDaysAgo),
    answeredDate: status === 'accepted' ? ago(t, expiresDaysAgo + 1) : null,
  });
}

async function sms(t: Date, failedDaysAgo: number | null): Promise<string> {
  return insertRow(smsOutbox, {
    recipient: randomPhone(),
    body: 'test',
    attempts: 12,
    // Never due, so no test app's sender picks a row of this test.
    nextAttemptDate: new Date(t.getTime() + day),
    failedDate: failedDaysAgo === null ? null : ago(t, failedDaysAgo),
    createdDate: ago(t, (failedDaysAgo ?? 60) + 1),
  });
}

describe('housekeeping', () => {
  it('removes rows past their retention, keeps recent ones and touches nothing else', async () => {
    const t = new Date();
    const owner = await quickUser(api);
    const workspace = await createWorkspace(api, owner);
    const oldChallenge = await challenge(t, days(retention.challenges) + 1);
    const recentChallenge = await challenge(t, days(retention.challenges) - 1);
    const oldSession = await session(t, owner.id, days(retention.sessions) + 1);
    const recentSession = await session(t, owner.id, days(retention.sessions) - 1);
    const oldRead = await notification(t, owner.id, days(retention.readNotifications) + 1, true);
    const oldUnread = await notification(t, owner.id, days(retention.readNotifications) + 1, false);
    const recentRead = await notification(t, owner.id, days(retention.readNotifications) - 1, true);
    const oldPending = await invitation(t, workspace.id, days(retention.expiredInvitations) + 1, 'pending');
    const oldExpired = await invitation(t, workspace.id, days(retention.expiredInvitations) + 1, 'expired');
    const oldAccepted = await invitation(t, workspace.id, days(retention.expiredInvitations) + 1, 'accepted');
    const recentExpired = await invitation(
      t,
      workspace.id,
      days(retention.expiredInvitations) - 1,
      'expired',
    );
    const oldFailedSms = await sms(t, days(retention.failedSms) + 1);
    const recentFailedSms = await sms(t, days(retention.failedSms) - 1);
    const waitingSms = await sms(t, null);

    const report = await runHousekeeping(api.deps, t);
    expect(report).toBeDefined();

    expect(await exists('challenge', oldChallenge)).toBe(false);
    expect(await exists('challenge', recentChallenge)).toBe(true);
    expect(await exists('session', oldSession.id)).toBe(false);
    expect(await exists('rotated', oldSession.rotated)).toBe(false);
    expect(await exists('session', recentSession.id)).toBe(true);
    expect(await exists('rotated', recentSession.rotated)).toBe(true);
    expect(await exists('notification', oldRead)).toBe(false);
    expect(await exists('notification', oldUnread)).toBe(true);
    expect(await exists('notification', recentRead)).toBe(true);
    expect(await exists('invitation', oldPending)).toBe(false);
    expect(await exists('invitation', oldExpired)).toBe(false);
    expect(await exists('invitation', oldAccepted)).toBe(true);
    expect(await exists('invitation', recentExpired)).toBe(true);
    expect(await exists('sms', oldFailedSms)).toBe(false);
    expect(await exists('sms', recentFailedSms)).toBe(true);
    expect(await exists('sms', waitingSms)).toBe(true);

    // The person, the live session, the workspace: untouched.
    expect(await db().select().from(users).where(eq(users.id, owner.id))).toHaveLength(1);
    expect(await db().select().from(workspaces).where(eq(workspaces.id, workspace.id))).toHaveLength(1);
    const live = await db().select().from(sessions).where(eq(sessions.userId, owner.id));
    expect(live.map((row) => row.id).sort()).toHaveLength(2);
    // Other tests' rows may be counted too (the database is shared), never fewer than these.
    expect(report!.auth_challenges).toBeGreaterThanOrEqual(1);
    expect(report!.notifications).toBeGreaterThanOrEqual(1);
    expect(report!.workspace_invitations).toBeGreaterThanOrEqual(2);
  });

  it('removes finished webhook deliveries past their retention, never pending ones', async () => {
    const t = new Date();
    const ws = await createWorkspace(api, await quickUser(api));
    const webhookId = await insertRow(webhooks, {
      workspaceId: ws.id,
      url: 'http://127.0.0.1:1/x',
      events: ['*'],
      secretSealed: 'not used: no worker runs here',
    });
    const delivery = (status: 'pending' | 'succeeded' | 'failed', daysAgo: number) =>
      insertRow(webhookDeliveries, {
        workspaceId: ws.id,
        webhookId,
        eventType: 'webhook.test',
        payload: '{}',
        status,
        createdDate: ago(t, daysAgo),
      });
    const old = days(retention.finishedWebhookDeliveries) + 1;
    const recent = days(retention.finishedWebhookDeliveries) - 1;
    const gone = [await delivery('succeeded', old), await delivery('failed', old)];
    const kept = [
      await delivery('pending', old),
      await delivery('succeeded', recent),
      await delivery('failed', recent),
    ];
    const report = await runHousekeeping(api.deps, t);
    expect(report?.webhook_deliveries).toBeGreaterThanOrEqual(2);
    const left = await db()
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId));
    expect(left.map((row) => row.id).sort()).toEqual(kept.sort());
    expect(gone.some((id) => left.some((row) => row.id === id))).toBe(false);
  });

  it('deletes in batches: a backlog larger than one batch goes in one run', async () => {
    const t = new Date();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await challenge(t, days(retention.challenges) + 2));
    await runHousekeeping(api.deps, t, undefined, { ...housekeepingTiming, batchSize: 2 });
    for (const id of ids) expect(await exists('challenge', id)).toBe(false);
  });

  // Several API processes run the job; on PostgreSQL one runs while the others skip their turn. PGlite
  // belongs to one process, so there every run just runs.
  it('runs in one process at a time on PostgreSQL (an advisory lock); on PGlite it just runs', async () => {
    const t = new Date();
    const old = await challenge(t, days(retention.challenges) + 1);
    if (api.deps.database.kind === 'postgres') {
      const other = new pg.Client({ connectionString: inject('testDirectDatabaseUrl') });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock($1)', [housekeepingLockKey]);
        expect(await runHousekeeping(api.deps, t)).toBeUndefined();
        expect(await exists('challenge', old)).toBe(true);
        await other.query('select pg_advisory_unlock($1)', [housekeepingLockKey]);
      } finally {
        await other.end();
      }
      // The other process is done: this one runs, and gives the lock back after.
      expect(await runHousekeeping(api.deps, t)).toBeDefined();
      expect(await exists('challenge', old)).toBe(false);
      expect(await runHousekeeping(api.deps, t)).toBeDefined();
    } else {
      const [first, second] = await Promise.all([runHousekeeping(api.deps, t), runHousekeeping(api.deps, t)]);
      expect(first).toBeDefined();
      expect(second).toBeDefined();
      expect(await exists('challenge', old)).toBe(false);
    }
  });

  it('runs by itself in a served app after the start-up delay, and stops when the app closes', async () => {
    const old = await challenge(new Date(), days(retention.challenges) + 1);
    let removed = () => {};
    const ran = new Promise<void>((resolve) => {
      removed = resolve;
    });
    const served = await startTestApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      housekeeping: { startDelaySeconds: 0 },
      logStream: {
        write: (line) => {
          if (line.includes('housekeeping removed old rows')) removed();
        },
      },
    });
    try {
      await ran;
      expect(await exists('challenge', old)).toBe(false);
      const counted = await served.deps.metrics.registry.getSingleMetricAsString(
        'housekeeping_deleted_rows_total',
      );
      expect(counted).toMatch(/housekeeping_deleted_rows_total\{table="auth_challenges"\} [1-9]/);
    } finally {
      await served.close();
    }
  });
});

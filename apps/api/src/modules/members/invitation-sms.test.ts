import type { Invitation } from '@wsm/contracts';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { literal, refuseWrites } from '../../../test/fault-triggers';
import { createWorkspace, newClient, quickUser, randomPhone } from '../../../test/fixtures';
import { startTestApp, type TestApp, testDatabase } from '../../../test/test-app';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import type { Messaging } from '../../messaging/messaging';
import { smsOutbox } from '../../messaging/schema';
import {
  deliverDueSms,
  type OutboxLog,
  queueSms,
  retryDelaySeconds,
  smsOutboxTiming,
} from '../../messaging/sms-outbox';
import type { SmsMessage } from '../../messaging/sms-sender';

// An invitation's SMS is written in the invitation's transaction and sent after the commit. These tests
// run senders on purpose, so on PostgreSQL (shared by every test worker) they get a database of their
// own: another worker's sender must not take their messages, and theirs must not take another's.

let database: DatabaseHandle;
let dropDatabase = async () => {};
beforeAll(async () => {
  if (process.env.TEST_DB !== 'pg') {
    database = await testDatabase();
    return;
  }
  const url = new URL(inject('testDirectDatabaseUrl'));
  const name = `${url.pathname.slice(1)}_sms`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await runMigrations(database);
  dropDatabase = async () => {
    await database.close();
    const again = new pg.Client({ connectionString: inject('testDirectDatabaseUrl') });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  };
});
afterAll(() => dropDatabase());

/** An SMS provider the test controls: it records what it accepted, and can refuse or never answer. */
function provider(mode: { state: 'up' | 'down' | 'hung' } = { state: 'up' }) {
  const accepted: SmsMessage[] = [];
  const messaging: Messaging = {
    sms: {
      send: async (message) => {
        if (mode.state === 'down') throw new Error('gateway down');
        if (mode.state === 'hung') return new Promise<void>(() => {});
        accepted.push(message);
      },
    },
    email: { send: async () => {} },
    outbox: undefined,
  };
  return { accepted, messaging, mode, to: (phone: string) => accepted.filter((m) => m.to === phone) };
}

function recordingLog(): OutboxLog & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    warn: (_o, message) => void lines.push(message),
    error: (_o, message) => void lines.push(message),
  };
}

async function rowsTo(phone: string) {
  return database.db.select().from(smsOutbox).where(eq(smsOutbox.recipient, phone));
}

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function inviteByPhone(api: TestApp, phone: string, lang = 'fa') {
  const owner = await quickUser(api);
  const ws = await createWorkspace(api, owner, { name: 'Acme' });
  const answer = await newClient(api).call<Invitation>(
    'POST',
    '/v1/workspaces/members/identity/invitations/',
    {
      token: owner.tokens.accessToken,
      body: { workspaceId: ws.id, phone },
      headers: { 'accept-language': lang },
    },
  );
  return { answer, ws, owner };
}

async function withApp<T>(messaging: Messaging, work: (api: TestApp) => Promise<T>): Promise<T> {
  const api = await startTestApp({ database, messaging });
  try {
    return await work(api);
  } finally {
    await api.close();
  }
}

describe('the invitation SMS', () => {
  it('goes out after the commit, in the inviter’s language (English here), and leaves no row behind', async () => {
    const sms = provider();
    await withApp(sms.messaging, async (api) => {
      const phone = randomPhone();
      const { answer } = await inviteByPhone(api, phone, 'en');
      expect(answer.status).toBe(200);
      await vi.waitFor(() => expect(sms.to(phone)).toHaveLength(1));
      const [text] = sms.to(phone);
      expect(text!.text).toContain('You have been invited to the workspace "Acme"');
      expect(text!.text).toContain('/en/signup');
      await vi.waitFor(async () => expect(await rowsTo(phone)).toEqual([]));
    });
  });

  it('is never sent when the commit fails', async () => {
    const sms = provider();
    await withApp(sms.messaging, async (api) => {
      const owner = await quickUser(api);
      const ws = await createWorkspace(api, owner);
      const phone = randomPhone();
      // Every write succeeds; the commit itself is refused.
      const allowCommits = await refuseWrites(database.db, {
        table: 'workspace_invitations',
        operation: 'INSERT',
        when: `NEW.workspace_id = ${literal(ws.id)}`,
        atCommit: true,
      });
      try {
        const answer = await newClient(api).call('POST', '/v1/workspaces/members/identity/invitations/', {
          token: owner.tokens.accessToken,
          body: { workspaceId: ws.id, phone },
        });
        expect(answer.status).toBe(500);
      } finally {
        await allowCommits();
      }
      expect(await rowsTo(phone)).toEqual([]);
      // Not later either: no sender has anything to send to that phone.
      await deliverDueSms({ database, messaging: sms.messaging }, recordingLog(), inSeconds(3600));
      expect(sms.to(phone)).toEqual([]);
    });
  });

  it('is retried with back-off when the provider refuses it, and delivered once it accepts', async () => {
    const sms = provider({ state: 'down' });
    await withApp(sms.messaging, async (api) => {
      const phone = randomPhone();
      const { answer } = await inviteByPhone(api, phone);
      // The invitation stands: the text is the outbox's business now.
      expect(answer.status).toBe(200);
      await vi.waitFor(async () => expect((await rowsTo(phone))[0]?.lastError).toBe('gateway down'));
      const [row] = await rowsTo(phone);
      expect(row!.attempts).toBe(1);
      expect(row!.nextAttemptDate.getTime()).toBeGreaterThan(Date.now() + 50_000);

      const log = recordingLog();
      const deps = { database, messaging: sms.messaging };
      // Before the back-off ends nothing is tried; after it, the provider is still down: tried again.
      await deliverDueSms(deps, log, inSeconds(30));
      expect((await rowsTo(phone))[0]!.attempts).toBe(1);
      await deliverDueSms(deps, log, inSeconds(61));
      expect((await rowsTo(phone))[0]!.attempts).toBe(2);
      expect(log.lines).toEqual(['SMS not accepted by the provider; it will be retried']);

      sms.mode.state = 'up';
      await deliverDueSms(deps, log, inSeconds(61 + retryDelaySeconds(2) + 1));
      expect(sms.to(phone)).toHaveLength(1);
      expect(sms.to(phone)[0]!.text).toContain('Acme');
      expect(await rowsTo(phone)).toEqual([]);
    });
  });

  it('survives a process that dies between the commit and the send: a fresh sender delivers it', async () => {
    // The first process commits the invitation, takes the message and never finishes sending it.
    const dying = provider({ state: 'hung' });
    const phone = randomPhone();
    await withApp(dying.messaging, async (api) => {
      const { answer } = await inviteByPhone(api, phone);
      expect(answer.status).toBe(200);
      await vi.waitFor(async () => expect((await rowsTo(phone))[0]?.attempts).toBe(1));
    });
    expect(dying.to(phone)).toEqual([]);
    // Another process, once the dead one's claim has lapsed.
    const fresh = provider();
    const log = recordingLog();
    await deliverDueSms(
      { database, messaging: fresh.messaging },
      log,
      inSeconds(smsOutboxTiming.claimSeconds - 5),
    );
    expect(fresh.to(phone)).toEqual([]);
    await deliverDueSms(
      { database, messaging: fresh.messaging },
      log,
      inSeconds(smsOutboxTiming.claimSeconds + 1),
    );
    expect(fresh.to(phone)).toHaveLength(1);
    expect(await rowsTo(phone)).toEqual([]);
  });
});

describe('the SMS outbox sender', () => {
  it('picks up at start-up what a crashed process left', async () => {
    const phone = randomPhone();
    await database.db.transaction((tx) =>
      queueSms(tx, { to: phone, text: 'left behind' }, new Date(Date.now() - 3_600_000)),
    );
    const sms = provider();
    await withApp(sms.messaging, async () => {
      await vi.waitFor(() => expect(sms.to(phone)).toEqual([{ to: phone, text: 'left behind' }]));
    });
    expect(await rowsTo(phone)).toEqual([]);
  });

  it('never sends one message twice when several processes run at once', async () => {
    const phones = Array.from({ length: 6 }, () => randomPhone());
    const past = new Date(Date.now() - 3_600_000);
    await database.db.transaction(async (tx) => {
      for (const phone of phones) await queueSms(tx, { to: phone, text: 'once' }, past);
    });
    const first = provider();
    const second = provider();
    const log = recordingLog();
    const sent = await Promise.all([
      deliverDueSms({ database, messaging: first.messaging }, log, new Date()),
      deliverDueSms({ database, messaging: second.messaging }, log, new Date()),
    ]);
    const delivered = [...first.accepted, ...second.accepted]
      .map((m) => m.to)
      .filter((to) => phones.includes(to));
    expect(delivered.sort()).toEqual([...phones].sort());
    expect(sent[0] + sent[1]).toBeGreaterThanOrEqual(phones.length);
  });

  it('gives a message up after the last attempt, logged as an error, and keeps it for an operator', async () => {
    const phone = randomPhone();
    const id = await database.db.transaction((tx) =>
      queueSms(tx, { to: phone, text: 'unlucky' }, new Date(Date.now() - 3_600_000)),
    );
    await database.db
      .update(smsOutbox)
      .set({ attempts: smsOutboxTiming.maxAttempts - 1 })
      .where(eq(smsOutbox.id, id));
    const log = recordingLog();
    const down = provider({ state: 'down' });
    await deliverDueSms({ database, messaging: down.messaging }, log, new Date());
    expect(log.lines).toEqual(['SMS given up after repeated provider failures']);
    const [row] = await rowsTo(phone);
    expect(row!.failedDate).not.toBeNull();
    // A given-up message is not tried again.
    await deliverDueSms({ database, messaging: provider().messaging }, log, inSeconds(10 * 86_400));
    expect((await rowsTo(phone))[0]!.attempts).toBe(smsOutboxTiming.maxAttempts);
    await database.db.execute(sql`delete from sms_outbox where id = ${id}`);
  });

  it('backs off by doubling from a minute up to an hour', () => {
    expect([1, 2, 3, 6, 7, 12].map(retryDelaySeconds)).toEqual([60, 120, 240, 1920, 3600, 3600]);
  });
});

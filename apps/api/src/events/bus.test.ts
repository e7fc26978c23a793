import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/test-app';
import type { Db } from '../db/types';
import { type EventLog, emit, inTransaction, on } from './bus';

const unsubscribers: (() => void)[] = [];
afterEach(() => {
  for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
});

function recordingLog(): EventLog & { errors: { object: unknown; message: string }[] } {
  const errors: { object: unknown; message: string }[] = [];
  return { errors, error: (object, message) => void errors.push({ object, message }) };
}

const payload = { userId: 'u-1' };
// The handlers wired at start-up (notifications) run too; these tests look only at their own.
let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
});

describe('event bus', () => {
  it('hands a payload to every handler of its event, in order, and to no other event', async () => {
    const seen: string[] = [];
    unsubscribers.push(on('password.changed', (p) => void seen.push(`first ${p.userId}`)));
    unsubscribers.push(on('password.changed', async (p) => void seen.push(`second ${p.userId}`)));
    unsubscribers.push(on('email.changed', () => void seen.push('email')));
    await emit('password.changed', payload, { db, log: recordingLog() });
    expect(seen).toEqual(['first u-1', 'second u-1']);
  });

  it('logs a failing handler with its event, runs the others, and never rejects', async () => {
    const log = recordingLog();
    const failure = new Error('handler broke');
    const seen: string[] = [];
    unsubscribers.push(
      on('password.changed', () => {
        throw failure;
      }),
    );
    unsubscribers.push(on('password.changed', () => void seen.push('ran')));
    await expect(emit('password.changed', payload, { db, log })).resolves.toBeUndefined();
    expect(seen).toEqual(['ran']);
    expect(log.errors).toContainEqual({
      object: { err: failure, event: 'password.changed' },
      message: 'event handler failed',
    });
  });

  it('stops calling a handler once unsubscribed', async () => {
    const seen: string[] = [];
    const off = on('password.changed', () => void seen.push('ran'));
    off();
    await emit('password.changed', payload, { db, log: recordingLog() });
    expect(seen).toEqual([]);
  });

  it('inTransaction hands queued events over after the commit, and none after a rollback', async () => {
    const log = recordingLog();
    const seen: { userId: string; committed: boolean }[] = [];
    const marker = `bus-${Date.now()}-${Math.random()}`;
    // A handler sees what the transaction wrote: it runs after the commit, outside the transaction.
    unsubscribers.push(
      on('password.changed', async (p, context) => {
        const rows = await context.db.execute(sql`select 1 from bus_probe where marker = ${p.userId}`);
        seen.push({ userId: p.userId, committed: (rows as { rows?: unknown[] }).rows?.length === 1 });
      }),
    );
    await db.execute(sql`create table if not exists bus_probe (marker text primary key)`);
    await inTransaction({ db, log }, async (tx, events) => {
      await tx.execute(sql`insert into bus_probe values (${marker})`);
      events.emit('password.changed', { userId: marker });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([{ userId: marker, committed: true }]);

    const failing = inTransaction({ db, log }, async (_tx, events) => {
      events.emit('password.changed', { userId: 'rolled-back' });
      throw new Error('the work failed');
    });
    await expect(failing).rejects.toThrow('the work failed');
    expect(seen).toHaveLength(1);
  });
});

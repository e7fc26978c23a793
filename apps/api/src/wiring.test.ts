import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createWorkspace, quickUser } from '../test/fixtures';
import { appForFile } from '../test/test-app';
import type { Db } from './db/types';
import { type EventLog, emit } from './events/bus';
import { notifications } from './modules/notifications/schema';
import { workspaceNameOf } from './wiring';

const api = appForFile();

/** The app's database, except that every read fails (a connection lost mid-request). */
function failingReads(db: Db): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'select')
        return () => {
          throw new Error('connection lost');
        };
      return Reflect.get(target, property, receiver);
    },
  });
}

describe('wiring: notifications of members events', () => {
  it('names a workspace that is gone with an empty name', async () => {
    expect(await workspaceNameOf(api.deps.database.db, 'no-such-workspace')).toBe('');
  });

  it('a workspace name that cannot be read is a logged failure, never a notification with an empty name', async () => {
    const owner = await quickUser(api);
    const removed = await quickUser(api);
    const ws = await createWorkspace(api, owner, { name: 'Acme' });
    const errors: unknown[] = [];
    const log: EventLog = { error: (object) => void errors.push(object) };
    const payload = { workspaceId: ws.id, memberId: 'm-1', userId: removed.id, byUserId: owner.id };

    await emit('member.removed', payload, { db: failingReads(api.deps.database.db), log });
    expect(errors).toMatchObject([{ err: { message: 'connection lost' }, event: 'member.removed' }]);
    const written = () =>
      api.deps.database.db.select().from(notifications).where(eq(notifications.userId, removed.id));
    expect(await written()).toEqual([]);

    // With the database answering, the same event notifies with the workspace's name.
    await emit('member.removed', payload, { db: api.deps.database.db, log });
    expect((await written()).map((n) => n.params)).toEqual([{ workspaceName: 'Acme' }]);
  });
});

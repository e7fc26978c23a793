import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup, takeBackup } from '../../../test/backup-fixtures';
import { ownerWithWorkspace } from '../../../test/fixtures';
import { startTestApp, type TestApp, testConfig } from '../../../test/test-app';

// A stored backup is checked again when restored: a value of it (here a directory entry's id) that
// another workspace holds by then refuses the restore, which could only collide with that tenant's data.

/** Rows of a raw statement, whichever driver answered (PGlite or node-postgres). */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({ config: testConfig({ RATE_LIMIT_MULTIPLIER: '100' }) });
});
afterAll(() => api.close());

describe('restoring a backup whose values another workspace holds now', () => {
  it('is refused (400 foreign_rows) and changes nothing', async () => {
    const mine = await ownerWithWorkspace(api);
    const neighbour = await ownerWithWorkspace(api);
    const backup = await takeBackup(api, mine.ws);
    const db = api.deps.database.db;
    // The owner's directory entry in the backup; its id moves to the neighbour's owner's entry.
    const rows = await db.execute(sql`select id from workspace_users where workspace_id = ${mine.ws.id}`);
    const entryId = rowsOf<{ id: string }>(rows)[0]!.id;
    await db.execute(sql`update workspace_users set id = ${uuidv7()} where id = ${entryId}`);
    await db.execute(sql`update workspace_users set id = ${entryId} where workspace_id = ${neighbour.ws.id}`);

    const restored = await restoreBackup(api, mine.ws, backup.id);
    expect(restored.status).toBe(400);
    expect(JSON.stringify(restored.body)).toContain('workspace_users');
    const still = await db.execute(sql`select workspace_id from workspace_users where id = ${entryId}`);
    expect(rowsOf(still)).toEqual([{ workspace_id: neighbour.ws.id }]);
  });
});

import { type Backup, type BackupChallenge, backupPaths } from '@wsm/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exportBackup, importBackup, takeBackup } from '../../../test/backup-fixtures';
import { createWorkspace, latestCode, newClient, quickUser } from '../../../test/fixtures';
import { startTestApp, type TestApp, testConfig } from '../../../test/test-app';
import { maxStoredBackups } from './limits';

// The limit of stored backups holds under parallel requests: the count and the insert happen in one
// transaction holding the workspace row's lock, so one request at a time sees the room left.

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({ config: testConfig({ RATE_LIMIT_MULTIPLIER: '100' }) });
});
afterAll(() => api.close());

/**
 * On PostgreSQL, stops every insert of a backup of this workspace until `release(n)`, which waits
 * until n requests are blocked (at that insert, or waiting for the workspace row's lock) and lets them
 * go: checks made before the insert all run before any insert commits, the race made certain. The
 * embedded database has one connection and runs one transaction at a time: nothing to hold there.
 */
async function holdBackupInserts(workspaceId: string) {
  if (api.deps.database.kind !== 'postgres') return undefined;
  if (!/^[0-9a-f-]{36}$/.test(workspaceId)) throw new Error('unexpected workspace id');
  const db = api.deps.database.db;
  const key = 7_202_611;
  await db.execute(
    sql.raw(`create or replace function test_hold_backup_insert() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock_shared(${key}); return new; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger test_hold_backup_insert before insert on workspace_backups for each row
      when (new.workspace_id = '${workspaceId}') execute function test_hold_backup_insert()`),
  );
  const holder = new pg.Client({ connectionString: inject('testDirectDatabaseUrl') });
  await holder.connect();
  await holder.query('select pg_advisory_lock($1)', [key]);
  return {
    async release(blocked: number) {
      for (;;) {
        const { rows } = await holder.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'
             and (query like '%workspace_backups%' or query like '%from workspaces where id = % for update%')`,
        );
        if ((rows[0]?.n ?? 0) >= blocked) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await holder.query('select pg_advisory_unlock($1)', [key]);
      await holder.end();
      await db.execute(sql.raw('drop trigger test_hold_backup_insert on workspace_backups'));
    },
  };
}

describe('the room for backups', () => {
  it(`parallel uploads and a backup taken at once, with room for one: exactly ${maxStoredBackups} are stored`, async () => {
    const owner = await quickUser(api);
    const workspace = await createWorkspace(api, owner);
    const token = owner.tokens.accessToken;
    const first = await takeBackup(api, workspace);
    const file = await exportBackup(api, workspace, first.id);
    // Room for exactly one more.
    await api.deps.database.db.execute(
      sql`insert into workspace_backups (id, workspace_id, source, size, sha256, format_version, counts, snapshot_date, created_by, created_date)
          select gen_random_uuid()::text, workspace_id, 'imported', size, sha256, format_version, counts, snapshot_date, created_by, now()
          from workspace_backups, generate_series(1, ${maxStoredBackups - 2}::int) where id = ${first.id}`,
    );
    const challenge = await newClient(api).call<BackupChallenge>('POST', backupPaths.backups, {
      token,
      body: { workspaceId: workspace.id },
    });
    expect(challenge.body.statusCode).toBe(630);
    const code = await latestCode(api, owner.phone);

    const held = await holdBackupInserts(workspace.id);
    const pending = Promise.all([
      newClient(api).call<Backup & { reason?: string }>('POST', backupPaths.backups, {
        token,
        body: { workspaceId: workspace.id, code },
      }),
      ...Array.from({ length: 4 }, () => importBackup(api, workspace.id, file.bytes, token)),
    ]);
    await held?.release(5);
    const answers = await pending;

    const outcomes = answers.map((a) => (a.status === 200 ? 'stored' : a.body.data.reason));
    expect(outcomes.filter((o) => o === 'stored')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'too_many_backups')).toHaveLength(answers.length - 1);
    const list = await newClient(api).call<{ total: number }>('GET', backupPaths.list(workspace.id), {
      token,
    });
    expect(list.body.data.total).toBe(maxStoredBackups);
  });
});

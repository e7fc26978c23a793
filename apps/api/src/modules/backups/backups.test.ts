import { type Backup, backupPaths } from '@wsm/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  backupIds,
  callerOf,
  canonicalDump,
  exportBackup,
  importBackup,
  isRestoreTransaction,
  restoreBackup,
  richWorkspace,
  takeBackup,
  vandalise,
} from '../../../test/backup-fixtures';
import { outbox, ownerWithWorkspace } from '../../../test/fixtures';
import { appForFile, startTestApp, testDatabase } from '../../../test/test-app';
import { tappedDatabase } from '../../../test/transaction-taps';

const api = appForFile();

const call = callerOf(api);

describe('backup and restore round trip', () => {
  it('gives back every row and image of the backup after things were changed and deleted', async () => {
    const rich = await richWorkspace(api);
    const db = api.deps.database.db;
    const original = await canonicalDump(db, rich.workspace.id);
    // Something in every table, so the comparison means something.
    for (const [table, rows] of Object.entries(original))
      expect({ table, rows: rows.length > 0 }).toEqual({ table, rows: true });

    const backup = await takeBackup(api, rich.workspace);
    expect(backup).toMatchObject({
      workspaceId: rich.workspace.id,
      source: 'created',
      createdBy: rich.owner.id,
      creator: { id: rich.owner.id, username: rich.owner.username },
      formatVersion: 1,
    });
    expect(backup.counts).toMatchObject({
      workspaces: 1,
      workspace_roles: 2,
      workspace_members: 4,
      images: 1,
    });

    await vandalise(api, rich);
    const changed = await canonicalDump(db, rich.workspace.id);
    expect(changed).not.toEqual(original);

    const restored = await restoreBackup(api, rich.workspace, backup.id);
    expect(restored.status).toBe(200);
    expect(restored.body.statusCode).toBe(200);
    expect(restored.body.data).toMatchObject({
      workspaceId: rich.workspace.id,
      backupId: backup.id,
      missingMembers: [],
      preRestoreBackup: { source: 'pre-restore', createdBy: rich.owner.id },
    });
    expect(await canonicalDump(db, rich.workspace.id)).toEqual(original);
    // The access audit keeps its history across the restore and says who restored what.
    const audit = (await db.execute(
      sql`select action, actor_user_id, subject->>'backupId' as backup from access_audit
          where workspace_id = ${rich.workspace.id} and action = 'backup.restored'`,
    )) as unknown as { rows: { action: string; actor_user_id: string; backup: string }[] };
    expect(audit.rows).toEqual([
      { action: 'backup.restored', actor_user_id: rich.owner.id, backup: backup.id },
    ]);

    // The state before the restore was kept, and restoring it undoes the restore.
    const undo = await restoreBackup(api, rich.workspace, restored.body.data.preRestoreBackup.id);
    expect(undo.status).toBe(200);
    expect(await canonicalDump(db, rich.workspace.id)).toEqual(changed);

    // The logo image itself is served again after the restore.
    await restoreBackup(api, rich.workspace, backup.id);
    const logo = await fetch(`${api.url}/v1/assets/images/${rich.logoId}`);
    expect(logo.status).toBe(200);

    const notifications = await call<{ notifications: { type: string; title: string }[] }>(
      'GET',
      '/v1/notifications/simple/',
      rich.owner.tokens.accessToken,
      undefined,
      'en',
    );
    const types = notifications.body.data.notifications.map((n) => n.type);
    expect(types).toContain('backup.created');
    expect(types).toContain('backup.restored');
    expect(notifications.body.data.notifications.find((n) => n.type === 'backup.restored')?.title).toBe(
      'Workspace restored from a backup',
    );
  });
});

describe('a workspace larger than one statement', () => {
  it('comes back whole: read, written and handed over from the archive worker a page at a time', async () => {
    const rich = await richWorkspace(api);
    const db = api.deps.database.db;
    // 1,500 people invited by phone, each with a directory entry: more rows than the first read, delete
    // or insert statements take (100, then a size paced to ~20 ms) and than one message from the archive
    // worker (1,000).
    const many = 1500;
    await db.execute(
      sql`insert into workspace_invitations (id, workspace_id, invitee_phone, token, status, invited_by, expires_date)
          select 'big-inv-' || lpad(g::text, 5, '0'), ${rich.workspace.id}, '0990' || lpad(g::text, 7, '0'),
                 'big-token-' || g || '-' || ${rich.workspace.id}, 'pending', ${rich.owner.id}, now() + interval '7 days'
          from generate_series(1, ${many}) g`,
    );
    await db.execute(
      sql`insert into workspace_users (id, workspace_id, phone, status, first_name)
          select 'big-dir-' || lpad(g::text, 5, '0'), ${rich.workspace.id}, '0990' || lpad(g::text, 7, '0'),
                 'unregistered', 'نام ' || g
          from generate_series(1, ${many}) g`,
    );
    const original = await canonicalDump(db, rich.workspace.id);
    const backup = await takeBackup(api, rich.workspace);
    expect(backup.counts.workspace_invitations).toBeGreaterThanOrEqual(many);
    expect(backup.counts.workspace_users).toBeGreaterThanOrEqual(many);

    await db.execute(
      sql`delete from workspace_invitations where id like 'big-inv-%' and id > 'big-inv-00500'`,
    );
    await db.execute(
      sql`update workspace_users set first_name = 'changed' where workspace_id = ${rich.workspace.id}`,
    );
    expect(await canonicalDump(db, rich.workspace.id)).not.toEqual(original);

    const restored = await restoreBackup(api, rich.workspace, backup.id);
    expect(restored.status).toBe(200);
    expect(await canonicalDump(db, rich.workspace.id)).toEqual(original);
    // The pre-restore backup holds the changed state whole too: restoring it gives that state back.
    const changed = restored.body.data.preRestoreBackup;
    expect(changed.counts.workspace_invitations).toBe(
      (backup.counts.workspace_invitations ?? 0) - (many - 500),
    );
  });
});

describe('searching a restored workspace', () => {
  it('finds members and directory entries by the names they have now, not those in the backup', async () => {
    const rich = await richWorkspace(api);
    const backup = await takeBackup(api, rich.workspace);
    const person = rich.members[0]!.user;
    const renamed = await call('PUT', '/v1/auth/profile/', person.tokens.accessToken, {
      firstName: 'Kourosh',
      lastName: 'Rad',
    });
    expect(renamed.status).toBe(200);
    expect((await restoreBackup(api, rich.workspace, backup.id)).status).toBe(200);
    const search = async (list: 'members' | 'users', term: string) =>
      (
        await call<{ items: { user?: { id: string }; username?: string | null }[] }>(
          'GET',
          `/v1/workspaces/${list}/identity/workspace-id/${rich.workspace.id}/?search=${encodeURIComponent(term)}`,
          rich.owner.tokens.accessToken,
        )
      ).body.data.items;
    for (const term of ['Kourosh', 'Rad'])
      expect((await search('members', term)).map((m) => m.user!.id)).toEqual([person.id]);
    expect((await search('users', 'kourosh')).map((u) => u.username)).toEqual([person.username]);
    expect(await search('members', `Test ${person.username}`)).toEqual([]);
    expect(await search('users', `Test ${person.username}`)).toEqual([]);
    // The workspace's own name of an entry comes back with it and is found.
    expect((await search('users', 'نگار')).map((u) => u.username)).toEqual([rich.members[2]!.user.username]);
  });
});

describe('restore safety', () => {
  it('reports members whose accounts no longer exist instead of inventing them', async () => {
    const rich = await richWorkspace(api);
    const backup = await takeBackup(api, rich.workspace);
    const gone = rich.members[2]!.user;
    await api.deps.database.db.execute(sql`delete from users where id = ${gone.id}`);
    const restored = await restoreBackup(api, rich.workspace, backup.id);
    expect(restored.status).toBe(200);
    expect(restored.body.data.missingMembers).toEqual([
      {
        memberId: rich.members[2]!.memberId,
        userId: gone.id,
        level: 'member',
        firstName: 'نگار',
        lastName: null,
      },
    ]);
    const members = await call<{ items: { user: { id: string } }[] }>(
      'GET',
      `/v1/workspaces/members/identity/workspace-id/${rich.workspace.id}/`,
      rich.owner.tokens.accessToken,
    );
    const ids = members.body.data.items.map((m) => m.user.id);
    expect(ids).not.toContain(gone.id);
    expect(ids).toHaveLength(3);
    expect(restored.body.data.counts.workspace_members).toBe(3);
  });

  it('the restoring owner stays owner even when the backup names someone else', async () => {
    const rich = await richWorkspace(api);
    const backup = await takeBackup(api, rich.workspace);
    // Ownership moved to a member after the backup was taken.
    const heir = rich.members[2]!;
    const db = api.deps.database.db;
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update workspace_members set level = 'member' where workspace_id = ${rich.workspace.id} and user_id = ${rich.owner.id}`,
      );
      await tx.execute(
        sql`update workspace_members set level = 'owner', role_id = null where id = ${heir.memberId}`,
      );
    });
    const heirWorkspace = { ...rich.workspace, owner: heir.user };
    const restored = await restoreBackup(api, heirWorkspace, backup.id);
    expect(restored.status).toBe(200);
    const levels = (await db.execute(
      sql`select user_id, level, status from workspace_members where workspace_id = ${rich.workspace.id} and level = 'owner'`,
    )) as unknown as { rows: { user_id: string; status: string }[] };
    expect(levels.rows).toEqual([{ user_id: heir.user.id, level: 'owner', status: 'active' }]);
    // The heir can still do an owner's things.
    const list = await call('GET', backupPaths.list(rich.workspace.id), heir.user.tokens.accessToken);
    expect(list.status).toBe(200);
  });

  it('a failure before the commit leaves the workspace exactly as it was, with no pre-restore backup', async () => {
    const rich = await richWorkspace(api);
    const db = api.deps.database.db;
    const backup = await takeBackup(api, rich.workspace);
    await vandalise(api, rich);
    const before = await canonicalDump(db, rich.workspace.id);
    let reached = false;
    const tapped = tappedDatabase(await testDatabase());
    tapped.tap.current = {
      beforeCommit: async (tx) => {
        if (!(await isRestoreTransaction(tx))) return;
        reached = true;
        throw new Error('injected failure');
      },
    };
    const faulty = await startTestApp({ database: tapped.handle });
    const restored = await restoreBackup(faulty, rich.workspace, backup.id).finally(() => faulty.close());
    expect(reached).toBe(true);
    expect(restored.status).toBe(500);
    expect(restored.body.data).toEqual({ requestId: expect.any(String) });
    expect(await canonicalDump(db, rich.workspace.id)).toEqual(before);
    expect(await backupIds(api, rich.workspace)).toEqual([backup.id]);
  });

  it("never touches another workspace's rows", async () => {
    const rich = await richWorkspace(api);
    const neighbour = await richWorkspace(api);
    const db = api.deps.database.db;
    const theirs = await canonicalDump(db, neighbour.workspace.id);
    const backup = await takeBackup(api, rich.workspace);
    await vandalise(api, rich);
    expect((await restoreBackup(api, rich.workspace, backup.id)).status).toBe(200);
    expect(await canonicalDump(db, neighbour.workspace.id)).toEqual(theirs);
  });
});

describe('the list', () => {
  it('is paged as every list (items, total, page, pageSize), newest first, filtered by source and searched', async () => {
    const { owner, ws: workspace, token } = await ownerWithWorkspace(api);
    const first = await takeBackup(api, workspace);
    const file = await exportBackup(api, workspace, first.id);
    const second = await importBackup(api, workspace.id, file.bytes, token);
    const third = await importBackup(api, workspace.id, file.bytes, token);
    const page1 = await call<{ items: Backup[]; total: number; page: number; pageSize: number }>(
      'GET',
      `${backupPaths.list(workspace.id)}?page=1&pageSize=2`,
      token,
    );
    expect(page1.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.body.data.items.map((b) => b.id)).toEqual([third.body.data.id, second.body.data.id]);
    const page2 = await call<{ items: Backup[] }>(
      'GET',
      `${backupPaths.list(workspace.id)}?page=2&pageSize=2`,
      token,
    );
    // A listed backup reads as the one the owner was given when it was taken, creator and all.
    expect(page2.body.data.items).toEqual([first]);
    const past = await call<{ items: Backup[]; total: number }>(
      'GET',
      `${backupPaths.list(workspace.id)}?page=3&pageSize=2`,
      token,
    );
    expect(past.body.data).toMatchObject({ items: [], total: 3 });
    const created = await call<{ items: Backup[]; total: number }>(
      'GET',
      `${backupPaths.list(workspace.id)}?source=created`,
      token,
    );
    expect(created.body.data.items.map((b) => b.id)).toEqual([first.id]);
    expect(created.body.data.total).toBe(1);
    const searched = await call<{ total: number }>(
      'GET',
      `${backupPaths.list(workspace.id)}?search=import`,
      token,
    );
    expect(searched.body.data.total).toBe(2);
    const byName = await call<{ total: number }>(
      'GET',
      `${backupPaths.list(workspace.id)}?search=${owner.username}`,
      token,
    );
    expect(byName.body.data.total).toBe(3);
    const tooBig = await call('GET', `${backupPaths.list(workspace.id)}?pageSize=101`, token);
    expect(tooBig.status).toBe(400);
  });

  it('deletes a backup once (404 after), and refuses to store past the limit per workspace', async () => {
    const { owner, ws: workspace, token } = await ownerWithWorkspace(api);
    const backup = await takeBackup(api, workspace);
    const file = await exportBackup(api, workspace, backup.id);
    const body = { workspaceId: workspace.id, backupId: backup.id };
    expect((await call('DELETE', backupPaths.backups, token, body)).status).toBe(200);
    expect((await call('DELETE', backupPaths.backups, token, body)).status).toBe(404);
    expect((await exportBackup(api, workspace, backup.id)).status).toBe(404);

    const stored = await importBackup(api, workspace.id, file.bytes, token);
    await api.deps.database.db.execute(
      sql`insert into workspace_backups (id, workspace_id, source, size, sha256, format_version, counts, snapshot_date, created_by, created_date)
          select gen_random_uuid()::text, workspace_id, 'imported', size, sha256, format_version, counts, snapshot_date, created_by, now()
          from workspace_backups, generate_series(1, 49) where id = ${stored.body.data.id}`,
    );
    const over = await importBackup(api, workspace.id, file.bytes, token, 'en');
    expect(over.status).toBe(400);
    expect(over.body.data.reason).toBe('too_many_backups');
    expect(over.body.data.errors?.[0]?.message).toBe(
      'This workspace has 50 backups; delete some before adding another',
    );
    const list = await call<{ total: number }>('GET', backupPaths.list(workspace.id), token);
    expect(list.body.data.total).toBe(50);
    // Taking one is refused before any code is texted.
    const sentBefore = (await outbox(api, owner.phone)).length;
    const take = await call<{ reason: string }>('POST', backupPaths.backups, token, {
      workspaceId: workspace.id,
    });
    expect(take.body.statusCode).toBe(400);
    expect(take.body.data.reason).toBe('too_many_backups');
    expect(await outbox(api, owner.phone)).toHaveLength(sentBefore);
  });
});

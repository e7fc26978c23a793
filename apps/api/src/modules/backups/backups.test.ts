import { type Backup, type BackupChallenge, backupPaths, type RestoreResult } from '@wsm/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backupIds,
  canonicalDump,
  exportBackup,
  importBackup,
  restoreBackup,
  richWorkspace,
  sha256,
  takeBackup,
  vandalise,
} from '../../../test/backup-fixtures';
import {
  addMember,
  createRole,
  createWorkspace,
  latestCode,
  newClient,
  otherCode,
  outbox,
  quickUser,
} from '../../../test/fixtures';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { backupTestHooks } from './service';

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp();
});
afterAll(() => api.close());
afterEach(() => {
  backupTestHooks.beforeRestoreCommit = undefined;
});

const call = <T = unknown>(method: string, path: string, token: string, body?: unknown, lang = 'fa') =>
  newClient(api).call<T>(method, path, { token, body, headers: { 'accept-language': lang } });

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

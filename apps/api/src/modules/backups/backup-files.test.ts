import { randomBytes } from 'node:crypto';
import { backupPaths } from '@wsm/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  callerOf,
  canonicalDump,
  exportBackup,
  importBackup,
  restoreBackup,
  richWorkspace,
  sha256,
  takeBackup,
  vandalise,
} from '../../../test/backup-fixtures';
import { ownerWithWorkspace } from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';
import { readZip, writeZip } from './archive';
import { archiveChunkBytes } from './repository';

const api = appForFile();

const call = callerOf(api);

describe('export and import', () => {
  it('downloads the zip as an attachment, and an import of it restores the same workspace', async () => {
    const rich = await richWorkspace(api);
    const db = api.deps.database.db;
    const original = await canonicalDump(db, rich.workspace.id);
    const backup = await takeBackup(api, rich.workspace);

    const file = await exportBackup(api, rich.workspace, backup.id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/zip');
    const disposition = file.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[a-z0-9-]+-backup-\d{8}T\d{6}Z\.zip"$/);
    expect(disposition).toContain(rich.workspace.workspaceName);
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect(file.bytes.length).toBe(backup.size);
    expect(sha256(file.bytes)).toBe(backup.sha256);
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');

    await vandalise(api, rich);
    // The stored original is deleted: what comes back can only come from the uploaded file.
    const removed = await call('DELETE', backupPaths.backups, rich.owner.tokens.accessToken, {
      workspaceId: rich.workspace.id,
      backupId: backup.id,
    });
    expect(removed.status).toBe(200);
    const imported = await importBackup(api, rich.workspace.id, file.bytes, rich.owner.tokens.accessToken);
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({
      source: 'imported',
      size: backup.size,
      sha256: backup.sha256,
      snapshotDate: backup.snapshotDate,
      counts: backup.counts,
      createdBy: rich.owner.id,
    });
    const restored = await restoreBackup(api, rich.workspace, imported.body.data.id);
    expect(restored.status).toBe(200);
    expect(await canonicalDump(db, rich.workspace.id)).toEqual(original);
  });

  it('exports an archive stored in pieces of any size intact, in order (streamed piece by piece)', async () => {
    const { ws: workspace } = await ownerWithWorkspace(api);
    const backup = await takeBackup(api, workspace);
    // 2.5 MiB stored straight as three pieces of unequal sizes (as migration 0009 may leave them).
    const big = Buffer.alloc(Math.floor(2.5 * 1024 * 1024));
    for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 251;
    const db = api.deps.database.db;
    await db.execute(sql`delete from workspace_backup_chunks where backup_id = ${backup.id}`);
    const cuts = [0, 1_000_000, 2_000_000, big.length];
    for (let position = 0; position < 3; position++) {
      const hex = big.subarray(cuts[position], cuts[position + 1]).toString('hex');
      await db.execute(
        sql`insert into workspace_backup_chunks (backup_id, position, bytes) values (${backup.id}, ${position}, decode(${hex}, 'hex'))`,
      );
    }
    await db.execute(sql`update workspace_backups set size = ${big.length} where id = ${backup.id}`);
    const file = await exportBackup(api, workspace, backup.id);
    expect(file.status).toBe(200);
    expect(file.bytes.length).toBe(big.length);
    expect(sha256(file.bytes)).toBe(sha256(big));
  });
});

describe('a large upload', () => {
  it('is stored intact across several write slices, and exports byte for byte as uploaded', async () => {
    const { owner, ws: workspace } = await ownerWithWorkspace(api);
    const backup = await takeBackup(api, workspace);
    const files = await readZip((await exportBackup(api, workspace, backup.id)).bytes);
    // Applications with text that does not compress: a zip of more than two write slices.
    const [template] = JSON.parse(files.get('data/workspace_applications.json')!.toString()) as Record<
      string,
      unknown
    >[];
    const apps = Array.from({ length: 3500 }, (_, i) => ({
      ...template,
      id: `${workspace.id}-app-${i}`,
      key: `app-${i}`,
      description: randomBytes(750).toString('base64'),
    }));
    files.set('data/workspace_applications.json', Buffer.from(JSON.stringify(apps)));
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as {
      files: { path: string; sha256: string; size: number }[];
      counts: Record<string, number>;
    };
    manifest.files = manifest.files.map((file) => ({
      path: file.path,
      sha256: sha256(files.get(file.path)!),
      size: files.get(file.path)!.length,
    }));
    manifest.counts.workspace_applications = apps.length;
    files.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
    const zip = await writeZip(
      [...files].map(([path, bytes]) => ({ path, bytes })),
      new Date(),
    );
    expect(zip.length).toBeGreaterThan(2 * archiveChunkBytes);

    const imported = await importBackup(api, workspace.id, zip, owner.tokens.accessToken);
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ size: zip.length, sha256: sha256(zip) });
    expect(imported.body.data.counts.workspace_applications).toBe(3500);
    // Stored as whole pieces of at most 1 MiB, each written once.
    const pieces = await api.deps.database.db.execute(
      sql`select position, length(bytes) as size from workspace_backup_chunks
          where backup_id = ${imported.body.data.id} order by position`,
    );
    const sizes = (pieces as unknown as { rows: { position: number; size: number }[] }).rows;
    expect(sizes.map((row) => row.position)).toEqual([...sizes.keys()]);
    expect(sizes.length).toBe(Math.ceil(zip.length / archiveChunkBytes));
    expect(sizes.slice(0, -1).every((row) => Number(row.size) === archiveChunkBytes)).toBe(true);
    const file = await exportBackup(api, workspace, imported.body.data.id);
    expect(file.bytes.length).toBe(zip.length);
    expect(sha256(file.bytes)).toBe(sha256(zip));
  });
});

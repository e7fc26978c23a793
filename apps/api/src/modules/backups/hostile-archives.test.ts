import { randomBytes } from 'node:crypto';
import { backupProblemMessage } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { importBackup } from '../../../test/backup-fixtures';
import { newClient, pngOf } from '../../../test/fixtures';
import { type ArchiveLimits, BackupProblemError, defaultArchiveLimits, readZip, writeZip } from './archive';
import {
  a,
  api,
  appsFile,
  expectRefused,
  expectRowRefused,
  hostileArchiveApp,
  json,
  neighbourAppId,
  parsed,
  type RawEntry,
  type Row,
  rawZip,
  renamed,
  rolesFile,
  tampered,
  valid,
  zipOf,
} from './hostile-archive-kit';

// Every way an uploaded archive can be hostile or broken is refused with body 400, a precise reason in
// the request's language, and nothing stored: the container here, the rows in hostile-rows.test.ts.

hostileArchiveApp();

describe('hostile and broken archives', () => {
  it('the untampered export is accepted (the cases below change one thing each)', async () => {
    const again = await zipOf(tampered({}));
    const answer = await importBackup(api, a.workspace.id, again, a.owner.tokens.accessToken);
    expect(answer.status).toBe(200);
    const removed = await newClient(api).call('DELETE', '/v1/migration/workspace-backup/', {
      token: a.owner.tokens.accessToken,
      body: { workspaceId: a.workspace.id, backupId: answer.body.data.id },
    });
    expect(removed.status).toBe(200);
  });

  it('a file that is not a zip', async () => {
    await expectRefused(await pngOf('#000'), 'not_zip');
    await expectRefused(Buffer.from('{"format":"wsm-workspace-backup"}'), 'not_zip');
  });

  it('a corrupt zip: damaged data, or cut short', async () => {
    const damaged = Buffer.from(valid);
    const middle = Math.floor(valid.length / 2);
    for (let i = middle; i < middle + 64; i++) damaged[i] = damaged[i]! ^ 0xa5;
    await expectRefused(damaged, 'corrupt');
    await expectRefused(valid.subarray(0, Math.floor(valid.length * 0.7)), 'corrupt');
  });

  it('a zip slip entry (../) and an absolute path', async () => {
    const base = await zipOf([...tampered({}), ['QQ/QQQQQQ.json', json([])]]);
    await expectRefused(renamed(base, 'QQ/QQQQQQ.json', '../evil/x.json'), 'unsafe_path', '../evil/x.json');
    await expectRefused(renamed(base, 'QQ/QQQQQQ.json', '/etc/passwd.js'), 'unsafe_path', '/etc/passwd.js');
    await expectRefused(renamed(base, 'QQ/QQQQQQ.json', 'C:\\windows1.js'), 'unsafe_path');
  });

  it('a symbolic link entry', async () => {
    const entries: RawEntry[] = tampered({}).map(([path, bytes]) => ({ path, bytes }));
    entries.push({ path: 'images/link.png', bytes: Buffer.from('/etc/passwd'), mode: 0o120777 });
    await expectRefused(await rawZip(entries), 'symlink', 'images/link.png');
  });

  it('a zip bomb: a small entry that expands past the ratio limit', async () => {
    const bomb = Buffer.alloc(20 * 1024 * 1024);
    const zip = await rawZip([
      ...tampered({}).map(([path, bytes]) => ({ path, bytes })),
      { path: 'data/bomb.json', bytes: bomb },
    ]);
    expect(zip.length).toBeLessThan(valid.length + 100_000);
    await expectRefused(zip, 'ratio', 'data/bomb.json');
  });

  it('too many entries', async () => {
    const many = Array.from({ length: defaultArchiveLimits.maxEntries + 1 }, (_, i) => ({
      path: `x/${i}`,
      bytes: Buffer.from('x'),
      compress: false,
    }));
    await expectRefused(await rawZip(many), 'too_many_entries');
  });

  it('a duplicate name', async () => {
    const entries = tampered({}).map(([path, bytes]) => ({ path, bytes }));
    entries.push({ path: 'MANIFEST.json', bytes: json({}) });
    await expectRefused(await rawZip(entries), 'duplicate_entry', 'MANIFEST.json');
  });

  it('an encrypted entry', async () => {
    const zip = Buffer.from(await zipOf(tampered({})));
    // Sets "encrypted" in every central directory header (signature PK\1\2, flags at +8).
    for (
      let at = zip.indexOf('PK\u0001\u0002', 0, 'latin1');
      at !== -1;
      at = zip.indexOf('PK\u0001\u0002', at + 1, 'latin1')
    )
      zip.writeUInt16LE(zip.readUInt16LE(at + 8) | 1, at + 8);
    await expectRefused(zip, 'encrypted', 'manifest.json');
  });

  it('a manifest hash mismatch', async () => {
    const apps = parsed<Row[]>('data/workspace_applications.json');
    apps[0]!.name = 'tampered';
    const entries = tampered({}).map(([name, bytes]): [string, Buffer] =>
      name === 'data/workspace_applications.json' ? [name, json(apps)] : [name, bytes],
    );
    await expectRefused(await zipOf(entries), 'hash_mismatch', 'data/workspace_applications.json');
  });

  it("a tampered row carrying another workspace's id", async () => {
    const crm = (rows: Row[]) => rows.find((row) => row.key === 'crm')!;
    await expectRowRefused(appsFile, { id: neighbourAppId }, 'foreign_rows', appsFile, crm);
    await expectRowRefused(rolesFile, { workspace_id: 'another-workspace' }, 'invalid_data', 'workspace_id');
  });

  it('a wrong format version', async () => {
    const zip = await zipOf(tampered({}, (manifest) => Object.assign(manifest, { formatVersion: 99 })));
    await expectRefused(zip, 'unknown_format', '99');
  });

  it('no manifest, an unlisted entry, a listed file outside the format, a wrong count', async () => {
    await expectRefused(
      await zipOf(tampered({}).filter(([name]) => name !== 'manifest.json')),
      'missing_manifest',
    );
    await expectRefused(
      await zipOf([...tampered({}), ['data/extra.json', json([])]]),
      'unexpected_entry',
      'data/extra.json',
    );
    await expectRefused(
      await zipOf(tampered({ 'notes.txt': Buffer.from('hi') })),
      'unexpected_entry',
      'notes.txt',
    );
    await expectRefused(
      await zipOf(tampered({ 'data/workspace_roles.json': null })),
      'missing_file',
      'data/workspace_roles.json',
    );
    const counted = tampered({}, (manifest) => {
      (manifest.counts as Record<string, number>).workspace_roles = 7;
    });
    await expectRefused(await zipOf(counted), 'count_mismatch', 'data/workspace_roles.json');
  });

  it('a file over the size limit', async () => {
    await expectRefused(Buffer.alloc(50 * 1024 * 1024 + 1), 'too_large');
  });

  it('says why in Persian too', async () => {
    const zip = renamed(
      await zipOf([...tampered({}), ['QQ/QQQQQQ.json', json([])]]),
      'QQ/QQQQQQ.json',
      '../evil/x.json',
    );
    const answer = await importBackup(api, a.workspace.id, zip, a.owner.tokens.accessToken, 'fa');
    expect(answer.body.data.errors?.[0]?.message).toBe(
      backupProblemMessage('unsafe_path', 'fa', { name: '../evil/x.json' }),
    );
    expect(answer.body.data.errors?.[0]?.message).toBe(
      'مسیر فایل ../evil/x.json بیرون از ریشه‌ی بایگانی را نشان می‌دهد',
    );
    expect(answer.body.statusMessage).toBe('اطلاعات ارسالی معتبر نیست');
    const none = await fetch(
      `${api.url}/v1/migration/workspace-backup/import/workspace-id/${a.workspace.id}`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${a.owner.tokens.accessToken}`, 'accept-language': 'en' },
        body: new FormData(),
      },
    );
    const body = (await none.json()) as { data: { reason: string; errors: { message: string }[] } };
    expect(body.data.reason).toBe('file_required');
    expect(body.data.errors[0]!.message).toBe('Send the backup (zip) in the field file');
  });
});

describe('readZip limits', () => {
  const small: ArchiveLimits = {
    maxEntries: 3,
    maxUncompressedBytes: 1000,
    maxRatio: 10,
    ratioFloorBytes: 100,
  };
  const problemOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'accepted',
      (error: unknown) => (error instanceof BackupProblemError ? error.problem : String(error)),
    );

  it('refuses past the decompressed total, the ratio and the entry count; reads what is within them', async () => {
    const text = (n: number) => Buffer.from('a'.repeat(n));
    // Incompressible bytes, so only the total is over its limit.
    const noise = (n: number) => randomBytes(n);
    expect(
      await problemOf(
        readZip(
          await writeZip(
            [
              { path: 'a', bytes: noise(600) },
              { path: 'b', bytes: noise(600) },
            ],
            new Date(),
          ),
          small,
        ),
      ),
    ).toBe('too_big_uncompressed');
    expect(
      await problemOf(readZip(await writeZip([{ path: 'a', bytes: text(900) }], new Date()), small)),
    ).toBe('ratio');
    const four = [1, 2, 3, 4].map((i) => ({ path: `f${i}`, bytes: text(1) }));
    expect(await problemOf(readZip(await writeZip(four, new Date()), small))).toBe('too_many_entries');
    const ok = await readZip(await writeZip([{ path: 'data/x.json', bytes: text(50) }], new Date()), small);
    expect([...ok.keys()]).toEqual(['data/x.json']);
  });
});

import { randomBytes } from 'node:crypto';
import { type BackupProblem, backupProblemMessage } from '@wsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import {
  backupIds,
  exportBackup,
  importBackup,
  type RichWorkspace,
  richWorkspace,
  sha256,
  takeBackup,
} from '../../../test/backup-fixtures';
import { newClient, pngOf } from '../../../test/fixtures';
import { startTestApp, type TestApp, testConfig } from '../../../test/test-app';
import { type ArchiveLimits, BackupProblemError, defaultArchiveLimits, readZip, writeZip } from './archive';
import { maxTableRows } from './limits';
import { tableName, workspaceTables } from './registry';

// Every way an uploaded archive can be hostile or broken is refused with body 400, a precise reason in
// the request's language, and nothing stored.

let api: TestApp;
let a: RichWorkspace;
let neighbourAppId: string;
let valid: Buffer;
let files: Map<string, Buffer>;
let stored: string[];

beforeAll(async () => {
  // Every case is an upload: the per-account import limit is raised for this file.
  api = await startTestApp({ config: testConfig({ RATE_LIMIT_MULTIPLIER: '100' }) });
  a = await richWorkspace(api);
  const neighbour = await richWorkspace(api);
  neighbourAppId = neighbour.appId;
  const backup = await takeBackup(api, a.workspace);
  valid = (await exportBackup(api, a.workspace, backup.id)).bytes;
  files = await readZip(valid);
  stored = await backupIds(api, a.workspace);
});
afterAll(() => api.close());

type Files = [string, Buffer][];
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const parsed = <T>(name: string): T => JSON.parse(files.get(name)!.toString()) as T;
type Row = Record<string, unknown>;

/** The archive's files with some replaced, and the manifest's hashes, sizes and counts made to match. */
function tampered(
  changes: Record<string, Buffer | null>,
  manifestChange: (manifest: Record<string, unknown>) => void = () => {},
): Files {
  const next = new Map(files);
  for (const [name, bytes] of Object.entries(changes)) {
    if (bytes) next.set(name, bytes);
    else next.delete(name);
  }
  const manifest = JSON.parse(files.get('manifest.json')!.toString()) as {
    files: { path: string; sha256: string; size: number }[];
    counts: Record<string, number>;
  } & Record<string, unknown>;
  manifest.files = [...next.keys()]
    .filter((name) => name !== 'manifest.json')
    .map((path) => ({ path, sha256: sha256(next.get(path)!), size: next.get(path)!.length }));
  for (const [name, bytes] of next)
    if (name.startsWith('data/')) {
      const table = name.slice(5, -5);
      if (table in manifest.counts)
        manifest.counts[table] = (JSON.parse(bytes.toString()) as unknown[]).length;
    }
  manifestChange(manifest);
  next.set('manifest.json', json(manifest));
  return [...next];
}

function zipOf(entries: Files): Promise<Buffer> {
  return writeZip(
    entries.map(([path, bytes]) => ({ path, bytes })),
    new Date(),
  );
}

interface RawEntry {
  path: string;
  bytes: Buffer;
  mode?: number;
  compress?: boolean;
}

/** A zip made with yazl directly, to set what writeZip never does (modes, duplicates). */
function rawZip(entries: RawEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries)
    zip.addBuffer(e.bytes, e.path, { mode: e.mode ?? 0o100644, compress: e.compress ?? true });
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** Replaces every occurrence of a name in a zip's headers (same length), past yazl's own checks. */
function renamed(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('same length only');
  const out = Buffer.from(zip);
  for (let at = out.indexOf(from); at !== -1; at = out.indexOf(from, at + 1)) out.write(to, at, 'latin1');
  return out;
}

async function expectRefused(bytes: Buffer, reason: BackupProblem, name?: string): Promise<void> {
  const answer = await importBackup(api, a.workspace.id, bytes, a.owner.tokens.accessToken, 'en');
  expect({ status: answer.status, code: answer.body.statusCode, reason: answer.body.data?.reason }).toEqual({
    status: 400,
    code: 400,
    reason,
  });
  const message = answer.body.data.errors?.[0]?.message ?? '';
  expect(answer.body.data.errors?.[0]?.path).toBe('file');
  expect(message.length).toBeGreaterThan(10);
  if (name) expect(message).toContain(name);
  expect(await backupIds(api, a.workspace)).toEqual(stored);
}

/**
 * Expects the export refused for `reason`, its message naming `name`, once one row of a data file (the
 * first, unless `pick` chooses another) is given `fields`.
 */
async function expectRowRefused(
  file: string,
  fields: Row,
  reason: BackupProblem,
  name: string,
  pick = (rows: Row[]) => rows[0]!,
): Promise<void> {
  const rows = parsed<Row[]>(file);
  Object.assign(pick(rows), fields);
  await expectRefused(await zipOf(tampered({ [file]: json(rows) })), reason, name);
}

const appsFile = 'data/workspace_applications.json';
const rolesFile = 'data/workspace_roles.json';

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

  it('rows that fail the API schemas, point at rows that are not there, or an image that is not one', async () => {
    await expectRowRefused(rolesFile, { name: 'x'.repeat(61) }, 'invalid_data', 'name');
    await expectRowRefused(rolesFile, { is_admin: true }, 'invalid_data', 'is_admin');
    const permissionsFile = 'data/workspace_role_permissions.json';
    await expectRowRefused(
      permissionsFile,
      { permission_key: 'tenant_everything' },
      'invalid_data',
      'permission_key',
    );
    const withRole = (rows: Row[]) => rows.find((m) => m.role_id !== null)!;
    const membersFile = 'data/workspace_members.json';
    await expectRowRefused(membersFile, { role_id: 'no-such-role' }, 'broken_reference', 'role_id', withRole);
    const image = [...files.keys()].find((name) => name.startsWith('images/'))!;
    await expectRefused(
      await zipOf(tampered({ [image]: Buffer.from('not an image at all') })),
      'invalid_image',
      image,
    );
  });

  it('directory statuses the API never gives: no account or member behind a status that needs one', async () => {
    const usersFile = 'data/workspace_users.json';
    const membersFile = 'data/workspace_members.json';
    const invitationsFile = 'data/workspace_invitations.json';
    const byPhone = (rows: Row[]) => rows.find((e) => e.user_id === null)!;
    const memberId = a.members[0]!.user.id;
    const ofMember = (rows: Row[]) => rows.find((e) => e.user_id === memberId)!;
    const rowOf = (rows: Row[], pick: (rows: Row[]) => Row) => rows.indexOf(pick(rows)) + 1;
    const users = parsed<Row[]>(usersFile);
    const entry = (pick: (rows: Row[]) => Row) => `${usersFile}, row ${rowOf(users, pick)}, field status`;

    // No account, yet confirmed: with a stranger's phone, or with a registered person's.
    await expectRowRefused(usersFile, { status: 'confirmed' }, 'invalid_data', entry(byPhone), byPhone);
    await expectRowRefused(
      usersFile,
      { status: 'confirmed', phone: a.members[1]!.user.phone },
      'invalid_data',
      entry(byPhone),
      byPhone,
    );
    // An account's entry, unregistered: only a phone without an account is.
    await expectRowRefused(usersFile, { status: 'unregistered' }, 'invalid_data', entry(ofMember), ofMember);
    // Suspended in the directory while the member is active.
    await expectRowRefused(usersFile, { status: 'suspended' }, 'invalid_data', entry(ofMember), ofMember);

    // Confirmed without a member, or unconfirmed without a pending invitation.
    const withoutMember = parsed<Row[]>(membersFile).filter((m) => m.user_id !== memberId);
    await expectRefused(
      await zipOf(tampered({ [membersFile]: json(withoutMember) })),
      'invalid_data',
      entry(ofMember),
    );
    const unconfirmed = parsed<Row[]>(usersFile);
    ofMember(unconfirmed).status = 'unconfirmed';
    await expectRefused(
      await zipOf(tampered({ [membersFile]: json(withoutMember), [usersFile]: json(unconfirmed) })),
      'invalid_data',
      entry(ofMember),
    );
    // Unregistered, but its phone's invitation was withdrawn.
    const phone = byPhone(users).phone;
    await expectRowRefused(
      invitationsFile,
      { status: 'withdrawn', answered_date: new Date().toISOString() },
      'invalid_data',
      entry(byPhone),
      (rows) => rows.find((i) => i.invitee_phone === phone)!,
    );
  });

  it('invitations the API never sends: expiring past 7 days, sent in the future, expiring before sent', async () => {
    const file = 'data/workspace_invitations.json';
    const pending = (rows: Row[]) => rows.find((i) => i.status === 'pending')!;
    const rows = parsed<Row[]>(file);
    const row = rows.indexOf(pending(rows)) + 1;
    const at = (field: string) => `${file}, row ${row}, field ${field}`;
    await expectRowRefused(
      file,
      { expires_date: '2099-01-01T00:00:00+00:00' },
      'invalid_data',
      at('expires_date'),
      pending,
    );
    await expectRowRefused(
      file,
      { created_date: '2099-01-01T00:00:00+00:00', expires_date: '2099-01-07T00:00:00+00:00' },
      'invalid_data',
      at('created_date'),
      pending,
    );
    const created = String(pending(rows).created_date);
    await expectRowRefused(file, { expires_date: created }, 'invalid_data', at('expires_date'), pending);
  });

  it('text the database cannot store: U+0000, a lone surrogate, bytes that are not UTF-8 (named by table, row and field)', async () => {
    const nul = 'before\u0000after';
    await expectRowRefused(
      appsFile,
      { description: nul },
      'unsafe_text',
      `${appsFile}, row 1, field description`,
    );
    // JSON.stringify writes the lone half as the escape \ud800, which JSON.parse reads back as it was.
    const surrogate = 'half \ud800 of a pair';
    await expectRowRefused(rolesFile, { name: surrogate }, 'unsafe_text', `${rolesFile}, row 1, field name`);
    await expectRowRefused(
      appsFile,
      { keywords: ['fine', 'not\u0000fine'] },
      'unsafe_text',
      'field keywords',
    );
    const roles = parsed<Row[]>('data/workspace_roles.json');
    const marker = 'QQQQ';
    roles[0]!.name = `role ${marker}`;
    const raw = json(roles);
    // 0xC0 0x80: an overlong U+0000, which a lenient decoder would have turned into U+FFFD U+FFFD.
    raw.set([0x52, 0xc0, 0x80, 0x52], raw.indexOf(marker));
    await expectRefused(
      await zipOf(tampered({ 'data/workspace_roles.json': raw })),
      'unsafe_text',
      'data/workspace_roles.json, row 1',
    );
  });

  it("more rows than a table's limit, by the manifest's count or by the rows themselves", async () => {
    const roles = parsed<Row[]>('data/workspace_roles.json');
    const many = Array.from({ length: maxTableRows.workspace_roles! + 1 }, (_, i) => ({
      ...roles[0]!,
      id: `many-role-${i}`,
      name: `Role ${i}`,
      key: `role-${i}`,
    }));
    await expectRefused(
      await zipOf(tampered({ 'data/workspace_roles.json': json(many) })),
      'too_many_rows',
      'data/workspace_roles.json has more than 1000 rows',
    );
    // The manifest says one workspace row; the file has two: refused at the second, not read to the end.
    const workspaces = parsed<Row[]>('data/workspaces.json');
    await expectRefused(
      await zipOf(
        tampered({ 'data/workspaces.json': json([workspaces[0], workspaces[0]]) }, (manifest) => {
          (manifest.counts as Record<string, number>).workspaces = 1;
        }),
      ),
      'too_many_rows',
      'data/workspaces.json',
    );
    const fa = await importBackup(
      api,
      a.workspace.id,
      await zipOf(tampered({ 'data/workspace_roles.json': json(many) })),
      a.owner.tokens.accessToken,
      'fa',
    );
    expect(fa.body.data.errors?.[0]?.message).toBe(
      'data/workspace_roles.json بیش از ۱۰۰۰ ردیف دارد؛ پشتیبان در این جدول بیش از این نمی‌پذیرد',
    );
  });

  it('every table of the registry has a row limit', () => {
    for (const entry of workspaceTables) expect(maxTableRows[tableName(entry)]).toBeGreaterThan(0);
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

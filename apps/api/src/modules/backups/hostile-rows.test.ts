import { describe, expect, it } from 'vitest';
import { importBackup } from '../../../test/backup-fixtures';
import {
  a,
  api,
  appsFile,
  expectRefused,
  expectRowRefused,
  files,
  hostileArchiveApp,
  json,
  parsed,
  type Row,
  rolesFile,
  tampered,
  zipOf,
} from './hostile-archive-kit';
import { maxTableRows } from './limits';
import { tableName, workspaceTables } from './registry';

// Rows an archive carries that the API would never write are refused like a hostile container
// (hostile-archives.test.ts): body 400, the table, row and field named, and nothing stored.

hostileArchiveApp();

describe('rows the API would never write', () => {
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
});

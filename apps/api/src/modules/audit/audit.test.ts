import { type AuditEntry, type AuditPage, auditPaths } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { takeBackup } from '../../../test/backup-fixtures';
import {
  addMember,
  createRole,
  createWorkspace,
  memberWith,
  newClient,
  quickUser,
  type TestUser,
  type TestWorkspace,
} from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';
import { recordAudit } from './record';
import { exportBatchSize } from './service';

// The workspace audit log: who may read it, what it records of the
// workspace's changes, its filters, and its CSV export.

const api = appForFile();

const call = <T>(method: string, path: string, user: TestUser, body?: unknown) =>
  newClient(api).call<T>(method, path, { token: user.tokens.accessToken, body });

const page = (ws: TestWorkspace, user: TestUser, query = '') =>
  call<AuditPage>('GET', `${auditPaths.list(ws.id)}${query}`, user);

async function csvOf(ws: TestWorkspace, user: TestUser, query = '') {
  const response = await fetch(`${api.url}${auditPaths.export(ws.id)}${query}`, {
    headers: { authorization: `Bearer ${user.tokens.accessToken}` },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('workspace audit log', () => {
  it('records the profile, applications and backups with before and after, newest first', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner, { name: 'Old name' });
    expect(
      (
        await call('PUT', '/v1/workspaces/profile/', owner, {
          workspaceId: ws.id,
          name: 'فضای نو',
          fax: null,
        })
      ).body.statusCode,
    ).toBe(200);
    const app = await call<{ id: string }>('POST', '/v1/workspaces/profile/applications/', owner, {
      workspaceId: ws.id,
      key: 'shop',
      name: 'Shop',
    });
    await call('PUT', '/v1/workspaces/profile/applications/', owner, {
      workspaceId: ws.id,
      applicationId: app.body.data.id,
      name: 'Store',
      version: { pwa: '1.2.0' },
    });
    // A save that changes nothing records nothing.
    await call('PUT', '/v1/workspaces/profile/applications/', owner, {
      workspaceId: ws.id,
      applicationId: app.body.data.id,
      name: 'Store',
    });
    await call('DELETE', '/v1/workspaces/profile/applications/', owner, {
      workspaceId: ws.id,
      applicationId: app.body.data.id,
    });
    const backup = await takeBackup(api, ws);
    await call('DELETE', '/v1/migration/workspace-backup/', owner, {
      workspaceId: ws.id,
      backupId: backup.id,
    });

    const answer = await page(ws, owner);
    expect(answer.status).toBe(200);
    const items = answer.body.data.items;
    expect(items.map((item) => item.action)).toEqual([
      'backup.deleted',
      'backup.created',
      'application.deleted',
      'application.updated',
      'application.created',
      'profile.updated',
      'member.added',
    ]);
    expect(answer.body.data).toMatchObject({ total: 7, page: 1, pageSize: 20 });
    const byAction = (action: string) => items.find((item) => item.action === action) as AuditEntry;
    expect(byAction('profile.updated')).toMatchObject({
      actor: { id: owner.id, username: owner.username },
      subject: { type: 'workspace', id: ws.id, label: 'فضای نو' },
      details: { before: { name: 'Old name' }, after: { name: 'فضای نو' } },
    });
    // Only what changed: the fax was empty before and after.
    expect(Object.keys(byAction('profile.updated').details.after as object)).toEqual(['name']);
    expect(byAction('application.updated')).toMatchObject({
      subject: { type: 'application', id: app.body.data.id, label: 'Store' },
      details: {
        before: { name: 'Shop', 'version.pwa': null },
        after: { name: 'Store', 'version.pwa': '1.2.0' },
      },
    });
    expect(byAction('backup.created').subject).toMatchObject({ type: 'backup', id: backup.id });
    expect(byAction('member.added').subject).toMatchObject({ type: 'member' });
    expect(Date.parse(byAction('backup.deleted').createdDate)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('names members and roles: a role change says which role before and after', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const role = await createRole(api, ws, ['tenant_members_read'], { name: 'خوانندگان' });
    const person = await memberWith(api, ws, null);
    await call('PUT', '/v1/workspaces/members/identity/', owner, {
      workspaceId: ws.id,
      memberId: person.memberId,
      roleId: role.id,
    });
    const [latest] = (await page(ws, owner, '?action=member.role_changed')).body.data.items;
    expect(latest).toMatchObject({
      action: 'member.role_changed',
      subject: { type: 'member', id: person.memberId },
      details: { before: { role: null }, after: { role: { id: role.id, name: 'خوانندگان' } } },
    });
    expect(latest?.subject.label.length).toBeGreaterThan(0);
  });

  it('is read with tenant_audit_read only: owner and superAccess hold it, others get 403', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const reader = await memberWith(api, ws, ['tenant_audit_read']);
    const plain = await memberWith(api, ws, ['tenant_members_read', 'tenant_roles_read']);
    const superRole = await createRole(api, ws, [], { superAccess: true });
    const superUser = await quickUser(api);
    await addMember(api, ws, superUser, superRole.id);

    for (const user of [owner, reader.user, superUser]) {
      expect((await page(ws, user)).status).toBe(200);
      expect((await csvOf(ws, user)).status).toBe(200);
    }
    const refused = await page(ws, plain.user);
    expect([refused.status, refused.body.statusCode]).toEqual([400, 403]);
    const refusedCsv = await csvOf(ws, plain.user);
    expect(refusedCsv.status).toBe(400);
    expect(JSON.parse(refusedCsv.bytes.toString()).statusCode).toBe(403);
  });

  it("refuses another workspace's id as every workspace route does (page-level 403), and needs a login", async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const stranger = await quickUser(api);
    await createWorkspace(api, stranger);
    const answer = await page(ws, stranger);
    expect([answer.status, answer.body.statusCode]).toEqual([403, 403]);
    expect((await csvOf(ws, stranger)).status).toBe(403);
    const anonymous = await fetch(`${api.url}${auditPaths.list(ws.id)}`);
    expect(anonymous.status).toBe(401);
  });

  it('filters by actor, action and dates, and pages', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const admin = await memberWith(api, ws, ['tenant_roles_create']);
    await createRole(api, ws, [], { name: 'by owner' });
    await createRole(api, ws, [], { name: 'by admin', by: admin.user });

    const byAdmin = (await page(ws, owner, `?actor=${admin.user.id}`)).body.data;
    expect(byAdmin.items.map((item) => [item.action, item.subject.label])).toEqual([
      ['role.created', 'by admin'],
      ['invitation.accepted', expect.any(String)],
    ]);
    const created = (await page(ws, owner, '?action=role.created')).body.data;
    expect(created.items.map((item) => item.subject.label)).toEqual([
      'by admin',
      'by owner',
      expect.any(String),
    ]);
    expect((await page(ws, owner, '?action=no.such')).status).toBe(400);

    const today = new Date().toISOString().slice(0, 10);
    const all = (await page(ws, owner)).body.data.total;
    expect((await page(ws, owner, `?from=${today}&to=${today}`)).body.data.total).toBe(all);
    expect((await page(ws, owner, '?to=2020-01-01')).body.data.total).toBe(0);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await page(ws, owner, `?from=${encodeURIComponent(later)}`)).body.data.total).toBe(0);
    expect((await page(ws, owner, `?to=${encodeURIComponent(later)}`)).body.data.total).toBe(all);

    const second = (await page(ws, owner, '?page=2&pageSize=2')).body.data;
    const first = (await page(ws, owner, '?page=1&pageSize=2')).body.data;
    expect(second.total).toBe(all);
    expect(second.items).toHaveLength(2);
    expect(second.items.map((i) => i.id)).not.toContain(first.items[0]?.id);
    // A page past the end is empty and still says how many there are.
    const past = (await page(ws, owner, '?page=50&pageSize=2')).body.data;
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all);
  });

  it('exports CSV: byte-order mark, one header row, Persian text intact, formula cells defused', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    await createRole(api, ws, [], { name: '=HYPERLINK("http://evil","x")' });
    await createRole(api, ws, [], { name: 'مدیران، ارشد' });
    await createRole(api, ws, [], { name: '@SUM(1)' });

    const csv = await csvOf(ws, owner, '?action=role.created');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="[a-z0-9-]+-audit-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.bytes.toString('utf8').slice(1);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'id,createdDate,action,actorId,actorFirstName,actorLastName,actorUsername,apiKeyId,apiKeyName,subjectType,subjectId,subjectLabel,details',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(",'@SUM(1),");
    expect(lines[2]).toContain(',مدیران، ارشد,');
    expect(lines[3]).toContain(',"\'=HYPERLINK(""http://evil"",""x"")",');
    for (const line of lines.slice(1))
      expect(line.split(',')[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('streams a log longer than one batch whole, each entry once, newest first', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    // One transaction: every row shares its date, so only the id orders them across batches.
    await api.deps.database.db.transaction(async (tx) => {
      for (let i = 0; i < exportBatchSize + 20; i++)
        await recordAudit(tx, {
          workspaceId: ws.id,
          actorUserId: owner.id,
          action: 'role.created',
          subject: { roleId: `r${i}`, name: `role ${i}` },
        });
    });
    const csv = await csvOf(ws, owner);
    const rows = csv.bytes.toString('utf8').split('\r\n').filter(Boolean).slice(1);
    expect(rows).toHaveLength(exportBatchSize + 21);
    const ids = rows.map((row) => row.split(',')[0]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(rows.at(-1)).toContain('member.added');
    expect(rows[0]).toContain(`role ${exportBatchSize + 19}`);
  });
});

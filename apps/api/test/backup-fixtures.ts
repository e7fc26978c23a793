import { createHash } from 'node:crypto';
import { type Backup, type BackupChallenge, backupPaths, type RestoreResult } from '@wsm/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { readZip, writeZip } from '../src/modules/backups/archive';
import { type ArchiveRow, excludedTables } from '../src/modules/backups/registry';
import {
  addMember,
  createRole,
  createWorkspace,
  latestCode,
  newClient,
  pngOf,
  quickUser,
  randomPhone,
  type TestUser,
  type TestWorkspace,
  uploadLogo,
} from './fixtures';
import type { ApiAnswer, TestApp } from './test-app';

// Workspaces full of data, the backup step-up flows and an independent dump of a workspace's rows.

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A call to `api` with a token, in Persian unless `lang` says otherwise. */
export const callerOf =
  (api: TestApp) =>
  <T = unknown>(method: string, path: string, token: string, body?: unknown, lang = 'fa') =>
    newClient(api).call<T>(method, path, { token, body, headers: { 'accept-language': lang } });

function expectOk<T>(answer: ApiAnswer<T>, what: string): T {
  if (answer.status !== 200 || answer.body.statusCode !== 200)
    throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** Uploads a logo for a workspace and makes it the workspace's logo; answers its image id. */
export async function setLogo(api: TestApp, workspace: TestWorkspace, colour: string): Promise<string> {
  const uploaded = await uploadLogo(
    api,
    workspace.owner.tokens.accessToken,
    workspace.id,
    await pngOf(colour),
  );
  const imageId = uploaded.body.data.imageId;
  expectOk(
    await newClient(api).call('PUT', '/v1/workspaces/profile/', {
      token: workspace.owner.tokens.accessToken,
      body: { workspaceId: workspace.id, logoId: imageId },
    }),
    'set logo',
  );
  return imageId;
}

export interface RichWorkspace {
  workspace: TestWorkspace;
  owner: TestUser;
  roleIds: string[];
  members: { user: TestUser; memberId: string }[];
  appId: string;
  logoId: string;
}

/**
 * A workspace with something in every table: profile fields and a logo, two roles with permissions,
 * three members (two with roles), a pending invitation to an account and one to a phone without one,
 * an edited directory entry and an application with keywords, versions and social handles.
 */
export async function richWorkspace(api: TestApp, owner?: TestUser): Promise<RichWorkspace> {
  const person = owner ?? (await quickUser(api));
  const workspace = await createWorkspace(api, person, { name: 'شرکت پشتیبان' });
  const token = person.tokens.accessToken;
  const call = <T>(method: string, path: string, body: unknown, what: string) =>
    newClient(api)
      .call<T>(method, path, { token, body })
      .then((answer) => expectOk(answer, what));

  await call(
    'PUT',
    '/v1/workspaces/profile/',
    {
      workspaceId: workspace.id,
      description: 'توضیح فضای کاری',
      email: 'info@example.com',
      phone: '021-88776655',
      website: 'https://example.com',
      socialNetworks: { instagram: 'backup_co', telegram: 'backup_tg' },
    },
    'profile',
  );
  const logoId = await setLogo(api, workspace, '#3366ff');
  const editors = await createRole(api, workspace, ['tenant_roles_read', 'tenant_members_read'], {
    name: 'ویرایشگر',
  });
  const admins = await createRole(api, workspace, [], { name: 'Admins', superAccess: true });
  const members: RichWorkspace['members'] = [];
  for (const roleId of [editors.id, admins.id, null]) {
    const user = await quickUser(api);
    members.push({ user, memberId: await addMember(api, workspace, user, roleId) });
  }
  const invitee = await quickUser(api);
  await call(
    'POST',
    '/v1/workspaces/members/identity/invitations/',
    {
      workspaceId: workspace.id,
      roleId: editors.id,
      username: invitee.username,
    },
    'invite account',
  );
  await call(
    'POST',
    '/v1/workspaces/members/identity/invitations/',
    {
      workspaceId: workspace.id,
      phone: randomPhone(),
    },
    'invite phone',
  );
  const directory = await call<{ items: { id: string; username: string | null }[] }>(
    'GET',
    `/v1/workspaces/users/identity/workspace-id/${workspace.id}/`,
    undefined,
    'directory',
  );
  const entry = directory.items.find((u) => u.username === members[2]!.user.username)!;
  await call(
    'PUT',
    '/v1/workspaces/users/identity/',
    {
      workspaceId: workspace.id,
      userId: entry.id,
      firstName: 'نگار',
      birthDate: '1990-03-21',
    },
    'directory entry',
  );
  const app = await call<{ id: string }>(
    'POST',
    '/v1/workspaces/profile/applications/',
    {
      workspaceId: workspace.id,
      key: 'crm',
      name: 'CRM',
      title: 'مدیریت مشتریان',
      keywords: ['crm', 'فروش'],
      version: { pwa: '1.2.3', android: '1.0.0' },
      socialNetworks: { x: 'crm_x' },
    },
    'application',
  );
  return { workspace, owner: person, roleIds: [editors.id, admins.id], members, appId: app.id, logoId };
}

/** Changes and deletes things everywhere (but adds or removes no member), so a restore has something to undo. */
export async function vandalise(api: TestApp, rich: RichWorkspace): Promise<void> {
  const token = rich.owner.tokens.accessToken;
  const id = rich.workspace.id;
  const call = (method: string, path: string, body: unknown, what: string) =>
    newClient(api)
      .call(method, path, { token, body })
      .then((answer) => expectOk(answer, what));
  await call('PUT', '/v1/workspaces/profile/', { workspaceId: id, name: 'changed', email: null }, 'profile');
  await setLogo(api, rich.workspace, '#ff0000');
  // Members' roles change, but nobody joins or leaves: a restore brings back only people who are
  // members when it runs (restore-consent.test.ts covers those who joined or left since).
  await call(
    'PUT',
    '/v1/workspaces/members/identity/',
    { workspaceId: id, memberId: rich.members[0]!.memberId, roleId: null },
    'role change',
  );
  await call(
    'DELETE',
    '/v1/workspaces/members/access/roles/',
    { workspaceId: id, roleId: rich.roleIds[1] },
    'role',
  );
  await call(
    'DELETE',
    '/v1/workspaces/profile/applications/',
    { workspaceId: id, applicationId: rich.appId },
    'app',
  );
  await call(
    'POST',
    '/v1/workspaces/profile/applications/',
    { workspaceId: id, key: 'newer', name: 'New' },
    'new app',
  );
  await call(
    'POST',
    '/v1/workspaces/members/identity/invitations/',
    { workspaceId: id, phone: randomPhone() },
    'invite phone',
  );
  await createRole(api, rich.workspace, ['tenant_profile_read'], { name: 'later' });
}

/**
 * Every row of a workspace, read without the backups module: each table with a workspace_id column
 * (found in the catalogue, so a new table is included) and the workspace row, as PostgreSQL's own text
 * form of the record (microseconds, bytea in hex), sorted. The tables a backup leaves out on purpose
 * (the backups themselves, the access audit that a restore adds to) are left out here too.
 */
export async function canonicalDump(db: Database, workspaceId: string): Promise<Record<string, string[]>> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'workspace_id'
          and table_name not in (${sql.join(
            Object.keys(excludedTables).map((name) => sql`${name}`),
            sql`, `,
          )})
        order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const dump: Record<string, string[]> = {};
  for (const { table_name: name } of tables.rows) {
    const result = (await db.execute(
      sql`select t::text as row from ${sql.identifier(name)} t where t.workspace_id = ${workspaceId} order by 1`,
    )) as unknown as { rows: { row: string }[] };
    dump[name] = result.rows.map((r) => r.row);
  }
  const workspace = (await db.execute(
    sql`select t::text as row from workspaces t where t.id = ${workspaceId}`,
  )) as unknown as { rows: { row: string }[] };
  dump.workspaces = workspace.rows.map((r) => r.row);
  return dump;
}

/**
 * Whether the transaction `tx` is a restore's: it has written a pre-restore backup (a row whose xmin is
 * this transaction's id). For a TransactionTap that acts on restores only.
 */
export async function isRestoreTransaction(tx: Database): Promise<boolean> {
  const result = (await tx.execute(
    sql`select exists(select 1 from workspace_backups where source = 'pre-restore'
          and xmin = pg_current_xact_id_if_assigned()::xid) as restore`,
  )) as unknown as { rows: { restore: boolean }[] };
  return result.rows[0]?.restore === true;
}

/** Takes a backup through the API: the 630 step, the texted code, then the call with it. */
export async function takeBackup(api: TestApp, workspace: TestWorkspace): Promise<Backup> {
  const token = workspace.owner.tokens.accessToken;
  const first = await newClient(api).call<BackupChallenge>('POST', backupPaths.backups, {
    token,
    body: { workspaceId: workspace.id },
  });
  if (first.body.statusCode !== 630) throw new Error(`backup step 1: ${JSON.stringify(first.body)}`);
  const code = await latestCode(api, workspace.owner.phone);
  return expectOk(
    await newClient(api).call<Backup>('POST', backupPaths.backups, {
      token,
      body: { workspaceId: workspace.id, code },
    }),
    'backup',
  );
}

/** Restores a backup through the API (630, code, then the call with it). */
export async function restoreBackup(
  api: TestApp,
  workspace: TestWorkspace,
  backupId: string,
  as: TestUser = workspace.owner,
): Promise<ApiAnswer<RestoreResult>> {
  const token = as.tokens.accessToken;
  const first = await newClient(api).call<BackupChallenge>('PUT', backupPaths.restore, {
    token,
    body: { workspaceId: workspace.id, backupId },
  });
  if (first.body.statusCode !== 630) throw new Error(`restore step 1: ${JSON.stringify(first.body)}`);
  const code = await latestCode(api, as.phone);
  return newClient(api).call<RestoreResult>('PUT', backupPaths.restore, {
    token,
    body: { workspaceId: workspace.id, backupId, code },
  });
}

/** Downloads a backup's zip. */
export async function exportBackup(
  api: TestApp,
  workspace: TestWorkspace,
  backupId: string,
  token = workspace.owner.tokens.accessToken,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(api.url + backupPaths.export(workspace.id, backupId), {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** Uploads a file as a backup of a workspace. */
export async function importBackup(
  api: TestApp,
  workspaceId: string,
  bytes: Buffer,
  token: string,
  language: 'fa' | 'en' = 'fa',
): Promise<ApiAnswer<Backup & { errors?: { path: string; message: string }[]; reason?: string }>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'backup.zip');
  const response = await fetch(api.url + backupPaths.import(workspaceId), {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
    body: form,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as ApiAnswer<Backup & { reason?: string }>['body'],
  };
}

/** The ids of a workspace's stored backups, newest first. */
export async function backupIds(api: TestApp, workspace: TestWorkspace): Promise<string[]> {
  const answer = await newClient(api).call<{ items: Backup[] }>(
    'GET',
    `${backupPaths.list(workspace.id)}?pageSize=100`,
    {
      token: workspace.owner.tokens.accessToken,
    },
  );
  return expectOk(answer, 'list backups').items.map((b) => b.id);
}

/**
 * A backup's zip with its tables' rows edited by `edit` and the manifest made to match again (every
 * file's hash and size, rows per table), as anyone holding an export can do.
 */
export async function rewrittenArchive(
  bytes: Buffer,
  edit: (tables: Map<string, ArchiveRow[]>) => void,
): Promise<Buffer> {
  const files = await readZip(bytes);
  const tables = new Map<string, ArchiveRow[]>();
  for (const [path, content] of files)
    if (path.startsWith('data/'))
      tables.set(path.slice(5, -5), JSON.parse(content.toString()) as ArchiveRow[]);
  edit(tables);
  for (const [name, rows] of tables) files.set(`data/${name}.json`, Buffer.from(JSON.stringify(rows)));
  const manifest = JSON.parse(files.get('manifest.json')!.toString()) as {
    files: { path: string; sha256: string; size: number }[];
    counts: Record<string, number>;
  };
  manifest.files = manifest.files.map(({ path }) => ({
    path,
    sha256: sha256(files.get(path)!),
    size: files.get(path)!.length,
  }));
  for (const [name, rows] of tables) manifest.counts[name] = rows.length;
  files.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  return writeZip(
    [...files].map(([path, content]) => ({ path, bytes: content })),
    new Date(),
  );
}

import { randomBytes } from 'node:crypto';
import { type Backup, type BackupChallenge, backupPaths, type RestoreResult } from '@wsm/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  backupIds,
  canonicalDump,
  exportBackup,
  importBackup,
  isRestoreTransaction,
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
  maskedPhone,
  newClient,
  otherCode,
  outbox,
  ownerWithWorkspace,
  quickUser,
} from '../../../test/fixtures';
import { appForFile, startTestApp, testDatabase } from '../../../test/test-app';
import { tappedDatabase } from '../../../test/transaction-taps';
import { readZip, writeZip } from './archive';
import { archiveChunkBytes } from './repository';

const api = appForFile();

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

describe('the SMS step-up', () => {
  it('answers 630 with the masked phone, texts a code once per timer, and checks the code', async () => {
    const { owner, ws: workspace, token } = await ownerWithWorkspace(api);
    const first = await call<BackupChallenge>(
      'POST',
      backupPaths.backups,
      token,
      { workspaceId: workspace.id },
      'en',
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      statusCode: 630,
      statusMessage: 'A second verification step is required',
      data: {
        method: 'sms',
        phone: maskedPhone(owner.phone),
        resendAfter: 120,
      },
    });
    const sent = await outbox(api, owner.phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('back up');

    // Asking again while the timer runs: the same pending code, no second SMS.
    const again = await call<BackupChallenge>('POST', backupPaths.backups, token, {
      workspaceId: workspace.id,
    });
    expect(again.body.statusCode).toBe(630);
    expect(again.body.data.resendAfter).toBeLessThanOrEqual(120);
    expect(await outbox(api, owner.phone)).toHaveLength(1);
    const resend = await call('POST', backupPaths.resend, token, { workspaceId: workspace.id });
    expect(resend.body.statusCode).toBe(260);
    expect(Number(resend.headers.get('retry-after'))).toBeGreaterThan(0);

    const code = await latestCode(api, owner.phone);
    const wrong = await call('POST', backupPaths.backups, token, {
      workspaceId: workspace.id,
      code: otherCode(code),
    });
    expect(wrong.body.statusCode).toBe(620);
    expect(await backupIds(api, workspace)).toEqual([]);
    const right = await call<Backup>('POST', backupPaths.backups, token, { workspaceId: workspace.id, code });
    expect(right.body.statusCode).toBe(200);
    // Single use.
    const replay = await call('POST', backupPaths.backups, token, { workspaceId: workspace.id, code });
    expect(replay.body.statusCode).toBe(620);
    expect(await backupIds(api, workspace)).toEqual([right.body.data.id]);
  });

  it('a code confirms only what it was sent for: not another workspace, not another backup, not a backup for a restore', async () => {
    const owner = await quickUser(api);
    const one = await createWorkspace(api, owner);
    const two = await createWorkspace(api, owner);
    const token = owner.tokens.accessToken;
    const a = await takeBackup(api, one);
    const b = await takeBackup(api, one);

    await call('POST', backupPaths.backups, token, { workspaceId: one.id });
    const createCode = await latestCode(api, owner.phone);
    expect(
      (await call('POST', backupPaths.backups, token, { workspaceId: two.id, code: createCode })).body
        .statusCode,
    ).toBe(620);
    expect(
      (
        await call('PUT', backupPaths.restore, token, {
          workspaceId: one.id,
          backupId: a.id,
          code: createCode,
        })
      ).body.statusCode,
    ).toBe(620);

    const step = await call<BackupChallenge>(
      'PUT',
      backupPaths.restore,
      token,
      { workspaceId: one.id, backupId: a.id },
      'en',
    );
    expect(step.body.statusCode).toBe(630);
    expect((await outbox(api, owner.phone))[0]!.text).toContain('restore');
    const restoreCode = await latestCode(api, owner.phone);
    const other = await call('PUT', backupPaths.restore, token, {
      workspaceId: one.id,
      backupId: b.id,
      code: restoreCode,
    });
    expect(other.body.statusCode).toBe(620);
    expect(await backupIds(api, one)).toEqual([b.id, a.id]);
  });

  it('kills the challenge after 5 wrong codes (660)', async () => {
    const { owner, ws: workspace, token } = await ownerWithWorkspace(api);
    await call('POST', backupPaths.backups, token, { workspaceId: workspace.id });
    const code = await latestCode(api, owner.phone);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (await call('POST', backupPaths.backups, token, { workspaceId: workspace.id, code: otherCode(code) }))
          .body.statusCode,
      );
    expect(codes).toEqual([620, 620, 620, 620, 660]);
    expect(
      (await call('POST', backupPaths.backups, token, { workspaceId: workspace.id, code })).body.statusCode,
    ).toBe(660);
    expect(await backupIds(api, workspace)).toEqual([]);
  });

  it('resends the pending code once its timer has run out (404 when nothing is pending)', async () => {
    const { owner, ws: workspace } = await ownerWithWorkspace(api);
    const other = await createWorkspace(api, owner);
    const token = owner.tokens.accessToken;
    const none = await call('POST', backupPaths.resend, token, { workspaceId: workspace.id });
    expect(none.status).toBe(404);
    const backup = await takeBackup(api, workspace);
    await call('PUT', backupPaths.restore, token, { workspaceId: workspace.id, backupId: backup.id });
    // Another workspace has nothing pending.
    expect((await call('POST', backupPaths.resend, token, { workspaceId: other.id })).status).toBe(404);
    await api.deps.database.db.execute(
      sql`update auth_challenges set last_sent_date = last_sent_date - interval '3 minutes'
          where user_id = ${owner.id} and consumed_date is null`,
    );
    const resent = await call<BackupChallenge>('POST', backupPaths.resend, token, {
      workspaceId: workspace.id,
    });
    expect(resent.body).toMatchObject({ statusCode: 200, data: { method: 'sms', resendAfter: 120 } });
    const code = await latestCode(api, owner.phone);
    expect((await outbox(api, owner.phone))[0]!.text).toContain('بازگردانی');
    const restored = await call<RestoreResult>('PUT', backupPaths.restore, token, {
      workspaceId: workspace.id,
      backupId: backup.id,
      code,
    });
    expect(restored.body.statusCode).toBe(200);
  });

  it('limits the codes an account may ask for (260 with Retry-After)', async () => {
    const { owner, ws: workspace } = await ownerWithWorkspace(api);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await call('POST', backupPaths.backups, owner.tokens.accessToken, { workspaceId: workspace.id }))
          .body.statusCode,
      );
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(630));
    expect(codes[10]).toBe(260);
  });

  it('limits wrong codes per account, never right ones: a busy owner with typos passes, a guesser gets 260', async () => {
    const { owner, ws: workspace, token } = await ownerWithWorkspace(api);
    const answers: number[] = [];
    const round = async (wrong: number, right: boolean) => {
      await call('POST', backupPaths.backups, token, { workspaceId: workspace.id });
      const code = await latestCode(api, owner.phone);
      for (let i = 0; i < wrong; i++)
        answers.push(
          (
            await call('POST', backupPaths.backups, token, {
              workspaceId: workspace.id,
              code: otherCode(code),
            })
          ).body.statusCode,
        );
      if (right)
        answers.push(
          (await call('POST', backupPaths.backups, token, { workspaceId: workspace.id, code })).body
            .statusCode,
        );
    };
    // 24 calls carrying a code, 18 of them wrong: every one is answered on its merits.
    for (let i = 0; i < 6; i++) await round(3, true);
    expect(answers).toEqual(Array(6).fill([620, 620, 620, 200]).flat());
    expect(await backupIds(api, workspace)).toHaveLength(6);
    // The 21st wrong code within 15 minutes is one too many.
    answers.length = 0;
    await round(3, false);
    expect(answers).toEqual([620, 620, 260]);
  });

  it('restoring a backup the workspace does not have answers 404 and texts nothing', async () => {
    const { owner, ws: workspace } = await ownerWithWorkspace(api);
    const answer = await call('PUT', backupPaths.restore, owner.tokens.accessToken, {
      workspaceId: workspace.id,
      backupId: '01900000-0000-7000-8000-000000000000',
    });
    expect(answer.status).toBe(404);
    expect(await outbox(api, owner.phone)).toEqual([]);
  });
});

describe('who may use backups', () => {
  it('only the owner: a superAccess member gets 403 (toast), a stranger the page-level 403, no token 401', async () => {
    const { ws: workspace } = await ownerWithWorkspace(api);
    const backup = await takeBackup(api, workspace);
    const exported = await exportBackup(api, workspace, backup.id);
    const admin = await quickUser(api);
    const role = await createRole(api, workspace, [], { superAccess: true });
    await addMember(api, workspace, admin, role.id);
    const stranger = await quickUser(api);
    const id = workspace.id;
    const routes: [string, string, unknown?][] = [
      ['GET', backupPaths.list(id)],
      ['POST', backupPaths.backups, { workspaceId: id }],
      ['POST', backupPaths.backups, { workspaceId: id, code: '123456' }],
      ['POST', backupPaths.resend, { workspaceId: id }],
      ['DELETE', backupPaths.backups, { workspaceId: id, backupId: backup.id }],
      ['GET', backupPaths.export(id, backup.id)],
      ['PUT', backupPaths.restore, { workspaceId: id, backupId: backup.id }],
      ['PUT', backupPaths.restore, { workspaceId: id, backupId: backup.id, code: '123456' }],
    ];
    for (const [method, path, body] of routes) {
      const asAdmin = await call(method, path, admin.tokens.accessToken, body);
      expect({ method, path, status: asAdmin.status, code: asAdmin.body.statusCode }).toEqual({
        method,
        path,
        status: 400,
        code: 403,
      });
      const asStranger = await call(method, path, stranger.tokens.accessToken, body);
      expect({ method, path, status: asStranger.status }).toEqual({ method, path, status: 403 });
      const anonymous = await newClient(api).call(method, path, { body });
      expect({ method, path, status: anonymous.status }).toEqual({ method, path, status: 401 });
    }
    for (const person of [admin, stranger]) {
      const upload = await importBackup(api, id, exported.bytes, person.tokens.accessToken);
      expect(upload.body.statusCode).toBe(403);
    }
    // Nothing was sent to them, nothing was stored or deleted.
    expect(await outbox(api, admin.phone)).toEqual([]);
    expect(await backupIds(api, workspace)).toEqual([backup.id]);
  });

  it("another workspace's owner finds none of its backups through their own workspace (404)", async () => {
    const victim = await createWorkspace(api, await quickUser(api));
    const backup = await takeBackup(api, victim);
    const attacker = await quickUser(api);
    const mine = await createWorkspace(api, attacker);
    const token = attacker.tokens.accessToken;
    expect((await exportBackup(api, mine, backup.id, token)).status).toBe(404);
    expect(
      (await call('DELETE', backupPaths.backups, token, { workspaceId: mine.id, backupId: backup.id }))
        .status,
    ).toBe(404);
    expect(
      (await call('PUT', backupPaths.restore, token, { workspaceId: mine.id, backupId: backup.id })).status,
    ).toBe(404);
    const list = await call<{ items: Backup[] }>('GET', backupPaths.list(mine.id), token);
    expect(list.body.data.items).toEqual([]);
    // The victim's export, imported into the attacker's workspace, is refused.
    const file = await exportBackup(api, victim, backup.id);
    const upload = await importBackup(api, mine.id, file.bytes, token, 'en');
    expect(upload.status).toBe(400);
    expect(upload.body.data.reason).toBe('other_workspace');
    expect(await backupIds(api, victim)).toEqual([backup.id]);
    expect(await backupIds(api, mine)).toEqual([]);
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

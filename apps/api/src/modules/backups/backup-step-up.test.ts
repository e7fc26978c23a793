import { type Backup, type BackupChallenge, backupPaths, type RestoreResult } from '@wsm/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backupIds, callerOf, exportBackup, importBackup, takeBackup } from '../../../test/backup-fixtures';
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
import { appForFile } from '../../../test/test-app';

const api = appForFile();

const call = callerOf(api);

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

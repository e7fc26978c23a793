import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Notification } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  createRole,
  createWorkspace,
  invite,
  logIn,
  newClient,
  proxiedAppAndCaller,
  quickUser,
  signUp,
} from '../../../test/fixtures';
import { parseAnnouncementArgs } from '../../cli/announce';
import { openDatabase } from '../../db/client';
import type { NotificationParams, NotificationType } from './catalogue';
import { announce, listAnnouncements, notify } from './service';

type List = { notifications: Notification[]; total: number };
const { api, call } = proxiedAppAndCaller('fa');
const list = (token: string, query = '', lang = 'en') =>
  call<List>('GET', `/v1/notifications/simple/${query}`, token, undefined, lang);
const unread = async (token: string) =>
  (await call<{ count: number }>('GET', '/v1/notifications/unread/', token)).body.data.count;

type Note = [type: NotificationType, params?: NotificationParams];
/** Two new users, `a` notified of `aNotes` and then `b` of `bNotes` (each list oldest first). */
async function twoUsersNotified(aNotes: Note[], bNotes: Note[]) {
  const a = await quickUser(api);
  const b = await quickUser(api);
  const db = api.deps.database.db;
  for (const [type, params] of aNotes) await notify(db, a.id, type, params);
  for (const [type, params] of bNotes) await notify(db, b.id, type, params);
  return { a, b };
}

describe('notifications', () => {
  it('require a login', async () => {
    for (const path of ['simple/', 'simple/id/x/', 'bulk/', 'bulk/id/x/', 'unread/'])
      expect((await call('GET', `/v1/notifications/${path}`)).status).toBe(401);
    expect((await call('PUT', '/v1/notifications/ack/', undefined, { ids: ['x'] })).status).toBe(401);
  });

  it('lists only the caller’s own, newest first and paged, worded in the request language', async () => {
    const { a, b } = await twoUsersNotified(
      [
        ['password.changed'],
        ['member.role_changed', { workspaceName: 'Acme' }],
        ['phone.changed', { phone: '0912***4567' }],
      ],
      [['email.changed', { email: 'b***@example.com' }]],
    );

    const all = await list(a.tokens.accessToken);
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.notifications.map((n) => n.type)).toEqual([
      'phone.changed',
      'member.role_changed',
      'password.changed',
    ]);
    const first = all.body.data.notifications[0]!;
    expect(first).toEqual({
      id: expect.any(String),
      type: 'phone.changed',
      title: 'Your phone number was changed',
      body: expect.stringContaining('0912***4567'),
      link: null,
      read: false,
      createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    const fa = await list(a.tokens.accessToken, '', 'fa');
    expect(fa.body.data.notifications[2]!.title).toMatch(/رمز/);
    expect(fa.body.data.notifications[1]!.body).toContain('Acme');
    const ar = await list(a.tokens.accessToken, '', 'ar');
    expect(ar.body.data.notifications.map((n) => n.title)).toEqual([
      'تم تغيير رقم جوالك',
      'تم تغيير دورك',
      'تم تغيير كلمة المرور',
    ]);
    expect(ar.body.data.notifications[0]!.body).toBe('أصبح رقم جوال حسابك ٠٩١٢***٤٥٦٧.');

    const page2 = await list(a.tokens.accessToken, '?page=2&pageSize=2');
    expect(page2.body.data.total).toBe(3);
    expect(page2.body.data.notifications.map((n) => n.type)).toEqual(['password.changed']);

    const theirs = await list(b.tokens.accessToken);
    expect(theirs.body.data.total).toBe(1);
    expect(theirs.body.data.notifications[0]!.type).toBe('email.changed');

    const one = await call<Notification>(
      'GET',
      `/v1/notifications/simple/id/${first.id}`,
      a.tokens.accessToken,
    );
    expect(one.body.data.id).toBe(first.id);
    const stolen = await call('GET', `/v1/notifications/simple/id/${first.id}/`, b.tokens.accessToken);
    expect(stolen.status).toBe(404);
    expect(stolen.body.statusCode).toBe(404);
  });

  it('counts unread and acknowledges only the caller’s own ids', async () => {
    const { a, b } = await twoUsersNotified(
      [['password.changed'], ['email.changed', { email: 'a***@example.com' }]],
      [['password.changed']],
    );
    const [mineNewest, mineOldest] = (await list(a.tokens.accessToken)).body.data.notifications;
    const [theirs] = (await list(b.tokens.accessToken)).body.data.notifications;
    expect(await unread(a.tokens.accessToken)).toBe(2);

    // b cannot mark a's notification read.
    const foreign = await call('PUT', '/v1/notifications/ack/', b.tokens.accessToken, {
      ids: [mineNewest!.id],
    });
    expect(foreign.body.data).toEqual({ acknowledged: 0 });
    expect(await unread(a.tokens.accessToken)).toBe(2);

    const ack = await call('PUT', '/v1/notifications/ack', a.tokens.accessToken, {
      ids: [mineNewest!.id, theirs!.id, 'no-such-id'],
    });
    expect(ack.status).toBe(200);
    expect(ack.body.data).toEqual({ acknowledged: 1 });
    expect(await unread(a.tokens.accessToken)).toBe(1);
    expect(await unread(b.tokens.accessToken)).toBe(1);
    const after = (await list(a.tokens.accessToken)).body.data.notifications;
    expect(after.map((n) => n.read)).toEqual([true, false]);
    expect(after[1]!.id).toBe(mineOldest!.id);

    expect((await call('PUT', '/v1/notifications/ack/', a.tokens.accessToken, { ids: [] })).status).toBe(400);
  });

  it('raises one for a new login session', async () => {
    const user = await signUp(api);
    const before = await unread(user.tokens.accessToken);
    await logIn(api, user, newClient(api), { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' });
    const notes = (await list(user.tokens.accessToken)).body.data.notifications;
    expect(await unread(user.tokens.accessToken)).toBe(before + 1);
    expect(notes[0]!.type).toBe('session.new');
    expect(notes[0]!.title).toMatch(/login/i);
    // The device by name, never the raw user agent.
    expect(notes[0]!.body).toMatch(/^A new login from Firefox 130 on Linux at /);
    expect(notes[0]!.body).not.toContain('Mozilla');
  });

  it('reach the invitee, the inviter and the member on members events', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner, { name: 'Notify Co' });
    const invitee = await quickUser(api);
    const role = await createRole(api, ws, []);

    const invitationId = await invite(api, ws, { username: invitee.username });
    const received = (await list(invitee.tokens.accessToken)).body.data.notifications;
    expect(received[0]).toMatchObject({
      type: 'invitation.received',
      link: `/workspace/invitations/${invitationId}`,
    });
    expect(received[0]!.body).toContain('Notify Co');
    // The owner hears nothing of its own invitation.
    expect((await list(owner.tokens.accessToken)).body.data.total).toBe(0);

    await call('POST', '/v1/workspaces/members/identity/invitations/response/', invitee.tokens.accessToken, {
      invitationId,
      accept: true,
    });
    const ownerNotes = (await list(owner.tokens.accessToken)).body.data.notifications;
    expect(ownerNotes[0]).toMatchObject({ type: 'invitation.answered', title: 'Invitation accepted' });

    const members = await call<{ items: { id: string; user: { id: string } }[] }>(
      'GET',
      `/v1/workspaces/members/identity/workspace-id/${ws.id}/`,
      owner.tokens.accessToken,
    );
    const memberId = members.body.data.items.find((m) => m.user.id === invitee.id)!.id;
    await call('PUT', '/v1/workspaces/members/identity/', owner.tokens.accessToken, {
      workspaceId: ws.id,
      memberId,
      roleId: role.id,
    });
    await call('DELETE', '/v1/workspaces/members/identity/', owner.tokens.accessToken, {
      workspaceId: ws.id,
      memberId,
    });
    const types = (await list(invitee.tokens.accessToken)).body.data.notifications.map((n) => n.type);
    expect(types).toEqual(['member.removed', 'member.role_changed', 'invitation.received']);
  });

  it('marks the invitation notification read once the invitee answers, and only that one', async () => {
    const owner = await quickUser(api);
    const first = await createWorkspace(api, owner);
    const second = await createWorkspace(api, owner);
    const invitee = await quickUser(api);
    const accepted = await invite(api, first, { username: invitee.username });
    const pending = await invite(api, second, { username: invitee.username });
    expect(await unread(invitee.tokens.accessToken)).toBe(2);

    const answer = await call(
      'POST',
      '/v1/workspaces/members/identity/invitations/response/',
      invitee.tokens.accessToken,
      { invitationId: accepted, accept: true },
    );
    expect(answer.body.statusCode).toBe(200);
    expect(await unread(invitee.tokens.accessToken)).toBe(1);
    const notes = (await list(invitee.tokens.accessToken)).body.data.notifications;
    const readOf = (id: string) => notes.find((n) => n.link === `/workspace/invitations/${id}`)?.read;
    expect(readOf(accepted)).toBe(true);
    expect(readOf(pending)).toBe(false);
  });

  it('tells an invitee when its invitation is withdrawn', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const invitee = await quickUser(api);
    const other = await quickUser(api);
    await addMember(api, ws, other);
    const invitationId = await invite(api, ws, { username: invitee.username });
    await call('DELETE', '/v1/workspaces/members/identity/invitations/', owner.tokens.accessToken, {
      workspaceId: ws.id,
      invitationId,
    });
    const types = (await list(invitee.tokens.accessToken)).body.data.notifications.map((n) => n.type);
    expect(types).toEqual(['invitation.withdrawn', 'invitation.received']);
    // Nothing leaks to a bystander member.
    expect((await list(other.tokens.accessToken)).body.data.notifications.map((n) => n.type)).not.toContain(
      'invitation.withdrawn',
    );
  });
});

describe('announcements (bulk)', () => {
  it('are readable by every user in the request language', async () => {
    const user = await quickUser(api);
    const id = await announce(api.deps.database.db, {
      titleFa: 'نسخه تازه',
      titleEn: 'A new release',
      bodyEn: 'Read what changed.',
      link: '/announcement',
    });
    const en = await call<List>(
      'GET',
      '/v1/notifications/bulk/?pageSize=100',
      user.tokens.accessToken,
      undefined,
      'en',
    );
    const item = en.body.data.notifications.find((n) => n.id === id);
    expect(item).toMatchObject({
      type: 'announcement',
      title: 'A new release',
      body: 'Read what changed.',
      link: '/announcement',
    });
    expect(en.body.data.total).toBeGreaterThanOrEqual(1);
    const fa = await call<Notification>('GET', `/v1/notifications/bulk/id/${id}/`, user.tokens.accessToken);
    expect(fa.body.data.title).toBe('نسخه تازه');
    // Announcements are written in Persian and English: Arabic readers get the default, Persian.
    const ar = await call<Notification>(
      'GET',
      `/v1/notifications/bulk/id/${id}/`,
      user.tokens.accessToken,
      undefined,
      'ar',
    );
    expect(ar.body).toMatchObject({ statusMessage: 'تمت العملية بنجاح', data: { title: 'نسخه تازه' } });
    expect((await call('GET', '/v1/notifications/bulk/id/nope/', user.tokens.accessToken)).status).toBe(404);
    // Announcements do not count as the user's own.
    expect(await unread(user.tokens.accessToken)).toBe(0);
  });

  it('reads the CLI arguments and refuses a missing title or an outside link', () => {
    expect(
      parseAnnouncementArgs(['--title-fa', ' سلام ', '--title-en', 'Hello', '--link', '/workspace']),
    ).toEqual({
      titleFa: 'سلام',
      titleEn: 'Hello',
      bodyFa: null,
      bodyEn: null,
      link: '/workspace',
    });
    expect(() => parseAnnouncementArgs(['--title-en', 'Hello'])).toThrow(/Usage/);
    expect(() =>
      parseAnnouncementArgs(['--title-fa', 'a', '--title-en', 'b', '--link', 'https://evil.test']),
    ).toThrow(/path/);
    expect(() => parseAnnouncementArgs(['--title-fa', 'a', '--title-en', 'b', '--nope', 'x'])).toThrow();
  });

  it('are published by `npm run announce`', { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wsm-announce-'));
    try {
      const { DATABASE_URL: _ignored, ...env } = process.env;
      const { stdout } = await promisify(execFile)(
        'npx',
        ['tsx', 'src/cli/announce.ts', '--title-fa', 'اطلاعیه', '--title-en', 'Notice'],
        {
          cwd: join(import.meta.dirname, '../../..'),
          env: {
            ...env,
            NODE_ENV: 'test',
            DATA_DIR: dataDir,
            JWT_SECRET: 'cli-test-secret-long-enough-for-hs256-x',
          },
        },
      );
      expect(stdout).toMatch(/Announcement \S+ published/);
      const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
      try {
        const page = await listAnnouncements(database.db, { page: 1, pageSize: 10 }, 'en');
        expect(page.notifications.map((n) => n.title)).toEqual(['Notice']);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

// What an invitation may be and who may see it: one identifier, the answerer, expiry, roles, SMS limits, paging.
import type { Invitation } from '@wsm/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  createRole,
  createWorkspace,
  memberWith,
  outbox,
  quickUser,
  randomPhone,
} from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';
import { base, membersKit, type Page } from './members-test-kit';
import { invitations } from './schema';

const api = appForFile();
const {
  call,
  setup,
  recordEvents,
  sendInvitation,
  answerInvitation,
  workspaceReadStatus,
  directoryStatusOf,
} = membersKit(api);

describe('invitations', () => {
  it('needs exactly one of phone, nationalCode and username (message in both languages)', async () => {
    const { ws, token } = await setup();
    const both = await call<{ errors: unknown[] }>('POST', `${base}/invitations/`, token, {
      workspaceId: ws.id,
      username: 'abc',
      phone: '09121234567',
    });
    expect(both.status).toBe(400);
    expect(both.body.data.errors).toEqual([
      { path: 'phone', message: 'دقیقاً یکی از موبایل، کد ملی یا نام کاربری را وارد کنید' },
    ]);
    const none = await call<{ errors: unknown[] }>(
      'POST',
      `${base}/invitations/`,
      token,
      { workspaceId: ws.id },
      'en',
    );
    expect(none.body.data.errors).toEqual([
      { path: 'phone', message: 'Enter exactly one of mobile number, national code or username' },
    ]);
    const badPhone = await call<{ errors: { path: string }[] }>('POST', `${base}/invitations/`, token, {
      workspaceId: ws.id,
      phone: '12345',
    });
    expect(badPhone.body.data.errors[0]!.path).toBe('phone');
  });

  it('withdraw: the invitee no longer sees or answers it', async () => {
    const { ws, token } = await setup();
    const events = recordEvents();
    const invitee = await quickUser(api);
    const sent = await sendInvitation(token, ws.id, { username: invitee.username });
    const withdrawn = await call('DELETE', `${base}/invitations/`, token, {
      workspaceId: ws.id,
      invitationId: sent.body.data.id,
    });
    expect(withdrawn.status).toBe(200);
    expect(
      (await call<Invitation[]>('GET', `${base}/invitations/`, invitee.tokens.accessToken)).body.data,
    ).toEqual([]);
    const answer = await answerInvitation(invitee, sent.body.data.id, true);
    expect(answer.status).toBe(404);
    expect(
      (
        await call('DELETE', `${base}/invitations/`, token, {
          workspaceId: ws.id,
          invitationId: sent.body.data.id,
        })
      ).status,
    ).toBe(404);
    expect(events.map((e) => e.type)).toEqual(['invitation.received', 'invitation.withdrawn']);
    expect(await directoryStatusOf(ws.id, token, invitee.username)).toBeUndefined();
  });

  it('only the invitee may answer; only the invitee and the workspace readers may read it', async () => {
    const { ws, token } = await setup();
    const invitee = await quickUser(api);
    const other = await quickUser(api);
    const sent = await sendInvitation(token, ws.id, { username: invitee.username });
    const id = sent.body.data.id;
    const hijack = await answerInvitation(other, id, true);
    expect(hijack.status).toBe(404);
    expect(await workspaceReadStatus(other, ws.id)).toBe(403);
    expect((await call('GET', `${base}/invitations/id/${id}`, other.tokens.accessToken)).status).toBe(404);
    expect((await call('GET', `${base}/invitations/id/${id}`, token)).status).toBe(200);
    const noRead = await memberWith(api, ws, ['tenant_profile_read']);
    expect((await call('GET', `${base}/invitations/id/${id}`, noRead.user.tokens.accessToken)).status).toBe(
      404,
    );
    const sentList = await call(
      'GET',
      `${base}/invitations/?workspaceId=${ws.id}`,
      noRead.user.tokens.accessToken,
    );
    expect(sentList.body.statusCode).toBe(403);
  });

  it('expires after 7 days: gone for the invitee, and a new invitation may be sent', async () => {
    const { ws, token } = await setup();
    const invitee = await quickUser(api);
    const sent = await sendInvitation(token, ws.id, { username: invitee.username });
    const expires =
      new Date(sent.body.data.expiresDate).getTime() - new Date(sent.body.data.createdDate).getTime();
    expect(expires).toBe(7 * 86_400_000);
    await api.deps.database.db
      .update(invitations)
      .set({ expiresDate: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, sent.body.data.id));
    expect(
      (await call<Invitation[]>('GET', `${base}/invitations/`, invitee.tokens.accessToken)).body.data,
    ).toEqual([]);
    const late = await answerInvitation(invitee, sent.body.data.id, true);
    expect(late.status).toBe(404);
    const sentList = await call<Page<Invitation>>('GET', `${base}/invitations/?workspaceId=${ws.id}`, token);
    expect(sentList.body.data.items[0]!.status.key).toBe('expired');
    // Reading the list found it past its date and swept it: stored as expired, not only shown so.
    const [stored] = await api.deps.database.db
      .select({ status: invitations.status })
      .from(invitations)
      .where(eq(invitations.id, sent.body.data.id));
    expect(stored?.status).toBe('expired');
    const again = await call('POST', `${base}/invitations/`, token, {
      workspaceId: ws.id,
      username: invitee.username,
    });
    expect(again.status).toBe(200);
  });

  it('cannot invite with a role holding permissions the inviter lacks', async () => {
    const { ws } = await setup();
    const inviter = await memberWith(api, ws, ['tenant_members_invitations_send']);
    const strong = await createRole(api, ws, ['tenant_members_delete']);
    const invitee = await quickUser(api);
    const t = inviter.user.tokens.accessToken;
    const denied = await call('POST', `${base}/invitations/`, t, {
      workspaceId: ws.id,
      roleId: strong.id,
      username: invitee.username,
    });
    expect(denied.body.statusCode).toBe(403);
    const ownRole = await call('POST', `${base}/invitations/`, t, {
      workspaceId: ws.id,
      roleId: inviter.roleId,
      username: invitee.username,
    });
    expect(ownRole.status).toBe(200);
    const other = await createWorkspace(api, await quickUser(api));
    const foreignRole = await createRole(api, other, []);
    const second = await quickUser(api);
    const cross = await call('POST', `${base}/invitations/`, ws.owner.tokens.accessToken, {
      workspaceId: ws.id,
      roleId: foreignRole.id,
      username: second.username,
    });
    expect(cross.status).toBe(404);
  });

  it('limits invitation texts to one phone (260)', async () => {
    const phone = randomPhone();
    const owner = await quickUser(api);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const ws = await createWorkspace(api, owner);
      answers.push(
        await call('POST', `${base}/invitations/`, owner.tokens.accessToken, { workspaceId: ws.id, phone }),
      );
    }
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[3]!.body.statusCode).toBe(260);
    expect(Number(answers[3]!.headers.get('retry-after'))).toBeGreaterThan(0);
    await vi.waitFor(async () => expect(await outbox(api, phone)).toHaveLength(3));
  });

  it('lists sent invitations with paging', async () => {
    const { ws, token } = await setup();
    for (let i = 0; i < 3; i++) {
      const u = await quickUser(api);
      await call('POST', `${base}/invitations/`, token, { workspaceId: ws.id, username: u.username });
    }
    const page = await call<Page<Invitation>>(
      'GET',
      `${base}/invitations/?workspaceId=${ws.id}&page=2&pageSize=2`,
      token,
    );
    expect(page.body.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.body.data.items).toHaveLength(1);
  });
});

import { type Invitation, type Member, profilePaths, type WorkspaceUser } from '@wsm/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addMember,
  callIn,
  createRole,
  createWorkspace,
  maskedPhone,
  memberWith,
  newClient,
  outbox,
  ownerWithWorkspace,
  quickUser,
  randomNationalCode,
  randomPhone,
  signUp,
  type TestUser,
} from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';
import { on } from '../../events/bus';
import { smsOutbox } from '../../messaging/schema';
import { users } from '../identity/schema';
import type { MembersEvents } from './events';
import { invitations } from './schema';
import { claimInvitationsForAccount } from './service';

const api = appForFile();
// The handlers wired at start-up (notifications) stay; only this file's recorders are removed.
const unsubscribers: (() => void)[] = [];
afterEach(() => {
  for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
});

const base = '/v1/workspaces/members/identity';
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
const call = callIn(api, 'fa');

type MembersEvent = { type: keyof MembersEvents } & Record<string, unknown>;

function recordEvents(): MembersEvent[] {
  const seen: MembersEvent[] = [];
  const names: (keyof MembersEvents)[] = [
    'invitation.received',
    'invitation.answered',
    'invitation.withdrawn',
    'member.role_changed',
    'member.removed',
    'member.status_changed',
  ];
  for (const type of names) unsubscribers.push(on(type, (payload) => void seen.push({ type, ...payload })));
  return seen;
}

const setup = () => ownerWithWorkspace(api, { name: 'Acme' });

/** Sends an invitation to the workspace as whoever `token` is; `invitee` names the person (and may carry a role). */
const sendInvitation = (token: string, workspaceId: string, invitee: Record<string, string | null>) =>
  call<Invitation>('POST', `${base}/invitations/`, token, { workspaceId, ...invitee });

/** Accepts or declines an invitation as `person`. */
const answerInvitation = (person: TestUser, invitationId: string, accept: boolean) =>
  call('POST', `${base}/invitations/response/`, person.tokens.accessToken, { invitationId, accept });

/** Gives a member another role (null: none) as whoever `token` is. */
const setRole = (token: string, workspaceId: string, memberId: string, roleId: string | null) =>
  call<Member>('PUT', `${base}/`, token, { workspaceId, memberId, roleId });

/** Removes a member from the workspace (or, for one's own membership, leaves) as whoever `token` is. */
const removeMember = (token: string, workspaceId: string, memberId: string) =>
  call('DELETE', `${base}/`, token, { workspaceId, memberId });

/** The HTTP status of `person`'s read of the workspace (200 for a member, 403 for anyone else). */
const workspaceReadStatus = async (person: TestUser, workspaceId: string) =>
  (await call('GET', `/v1/workspaces/workspace-id/${workspaceId}`, person.tokens.accessToken)).status;

async function directoryStatusOf(wsId: string, token: string, username: string): Promise<string | undefined> {
  const page = await call<Page<WorkspaceUser>>(
    'GET',
    `/v1/workspaces/users/identity/workspace-id/${wsId}/`,
    token,
  );
  return page.body.data.items.find((u) => u.username === username)?.status.key;
}

describe('invitations', () => {
  it('invite by username → the invitee sees it → accepts → active member with the role', async () => {
    const { ws, token } = await setup();
    const events = recordEvents();
    const role = await createRole(api, ws, ['tenant_profile_read'], { name: 'Viewer' });
    const invitee = await quickUser(api);
    const sent = await sendInvitation(token, ws.id, {
      roleId: role.id,
      username: invitee.username.toUpperCase(),
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      workspaceId: ws.id,
      workspaceName: ws.workspaceName,
      name: 'Acme',
      logo: null,
      role: { id: role.id, name: 'Viewer' },
      status: { key: 'pending' },
      // Only what was typed, until the invitee accepts.
      invitee: {
        userId: null,
        firstName: null,
        lastName: null,
        username: invitee.username,
        phone: null,
        nationalCode: null,
      },
    });
    expect(sent.body.data.token.length).toBeGreaterThan(20);
    // No directory entry before the answer: an entry for an account and none for an unknown person
    // would tell the workspace who is registered.
    expect(await directoryStatusOf(ws.id, token, invitee.username)).toBeUndefined();

    const mine = await call<Invitation[]>('GET', `${base}/invitations/`, invitee.tokens.accessToken);
    expect(mine.body.data.map((i) => i.id)).toEqual([sent.body.data.id]);
    const one = await call<Invitation>(
      'GET',
      `${base}/invitations/id/${sent.body.data.id}`,
      invitee.tokens.accessToken,
    );
    expect(one.body.data.id).toBe(sent.body.data.id);

    const accepted = await answerInvitation(invitee, sent.body.data.id, true);
    expect(accepted.status).toBe(200);
    const workspaces = await call<{ id: string; level: string; role: { id: string } }[]>(
      'GET',
      '/v1/workspaces/',
      invitee.tokens.accessToken,
    );
    expect(workspaces.body.data).toMatchObject([{ id: ws.id, level: 'member', role: { id: role.id } }]);
    expect(
      (await call('GET', `/v1/workspaces/profile/workspace-id/${ws.id}/`, invitee.tokens.accessToken)).status,
    ).toBe(200);
    expect(
      (await call<Invitation[]>('GET', `${base}/invitations/`, invitee.tokens.accessToken)).body.data,
    ).toEqual([]);
    expect(await directoryStatusOf(ws.id, token, invitee.username)).toBe('confirmed');
    const sentList = await call<Page<Invitation>>('GET', `${base}/invitations/?workspaceId=${ws.id}`, token);
    expect(sentList.body.data.items[0]!.invitee).toMatchObject({
      userId: invitee.id,
      firstName: 'Sara',
      username: invitee.username,
    });
    expect(events.map((e) => e.type)).toEqual(['invitation.received', 'invitation.answered']);
    expect(events[1]).toMatchObject({ accepted: true, inviteeUserId: invitee.id, invitedBy: ws.owner.id });

    const again = await answerInvitation(invitee, sent.body.data.id, true);
    expect(again.status).toBe(404);
    // Inviting a member is answered like any invitation (a 261 would tell who is a member); the member
    // is offered nothing.
    const reinvite = await call('POST', `${base}/invitations/`, token, {
      workspaceId: ws.id,
      username: invitee.username,
    });
    expect(reinvite.body.statusCode).toBe(200);
    expect(
      (await call<Invitation[]>('GET', `${base}/invitations/`, invitee.tokens.accessToken)).body.data,
    ).toEqual([]);
  });

  it('invite by national code → decline: no membership, the directory forgets the invitee', async () => {
    const { ws, token } = await setup();
    const invitee = await quickUser(api);
    const sent = await sendInvitation(token, ws.id, { nationalCode: invitee.nationalCode });
    expect(sent.body.data.role).toBeNull();
    const declined = await answerInvitation(invitee, sent.body.data.id, false);
    expect(declined.status).toBe(200);
    expect(await workspaceReadStatus(invitee, ws.id)).toBe(403);
    expect(await directoryStatusOf(ws.id, token, invitee.username)).toBeUndefined();
    const sentList = await call<Page<Invitation>>('GET', `${base}/invitations/?workspaceId=${ws.id}`, token);
    expect(sentList.body.data.items[0]).toMatchObject({ id: sent.body.data.id, status: { key: 'declined' } });
  });

  it('invite a phone without an account: an SMS, then sign-up with that phone claims it', async () => {
    const { ws, token } = await setup();
    const events = recordEvents();
    const phone = randomPhone();
    const sent = await sendInvitation(token, ws.id, { phone: `+98${phone.slice(1)}` });
    expect(sent.status).toBe(200);
    expect(sent.body.data.invitee).toMatchObject({
      userId: null,
      phone: maskedPhone(phone),
    });
    // The text goes out once the invitation is committed.
    const sms = await vi.waitFor(async () => {
      const [sent] = await outbox(api, phone);
      if (!sent) throw new Error('no SMS yet');
      return sent;
    });
    expect(sms.text).toContain('Acme');
    expect(sms.text).toContain('/fa/signup');
    expect(events[0]).toMatchObject({ type: 'invitation.received', inviteeUserId: null, phone });
    const directory = await call<Page<WorkspaceUser>>(
      'GET',
      `/v1/workspaces/users/identity/workspace-id/${ws.id}/?status=unconfirmed`,
      token,
    );
    expect(directory.body.data.items).toHaveLength(1);
    const entry = directory.body.data.items[0]!;
    expect(entry.phone).toBe(sent.body.data.invitee.phone);

    const person = await quickUser(api, { phone });
    expect(await claimInvitationsForAccount(api.deps.database.db, { userId: person.id, phone })).toBe(1);
    expect(events.at(-1)).toMatchObject({ type: 'invitation.received', inviteeUserId: person.id });
    // Signing up changes nothing the inviter sees before the answer (docs/security.md).
    const afterSignUp = await call<WorkspaceUser>(
      'GET',
      `/v1/workspaces/users/identity/id/${entry.id}/workspace-id/${ws.id}/`,
      token,
    );
    expect(afterSignUp.body.data).toEqual(entry);
    const mine = await call<Invitation[]>('GET', `${base}/invitations/`, person.tokens.accessToken);
    expect(mine.body.data.map((i) => i.id)).toEqual([sent.body.data.id]);
    await answerInvitation(person, sent.body.data.id, true);
    expect(await directoryStatusOf(ws.id, token, person.username)).toBe('confirmed');
    // Claiming twice attaches nothing more.
    expect(await claimInvitationsForAccount(api.deps.database.db, { userId: person.id, phone })).toBe(0);
  });

  it('signing up through the API with an invited phone brings the invitation along', async () => {
    const { ws, token } = await setup();
    const phone = randomPhone();
    const sent = await sendInvitation(token, ws.id, { phone });
    expect(sent.status).toBe(200);
    const person = await signUp(api, newClient(api), { phone });
    const mine = await call<Invitation[]>('GET', `${base}/invitations/`, person.tokens.accessToken);
    expect(mine.body.data.map((i) => i.id)).toEqual([sent.body.data.id]);
    const accepted = await answerInvitation(person, sent.body.data.id, true);
    expect(accepted.status).toBe(200);
    expect(await workspaceReadStatus(person, ws.id)).toBe(200);
  });

  it('a phone that has an account is invited as that account, without an SMS', async () => {
    const { ws, token } = await setup();
    const invitee = await quickUser(api);
    const sent = await sendInvitation(token, ws.id, { phone: invitee.phone });
    expect(sent.body.data.invitee).toEqual({
      userId: null,
      firstName: null,
      lastName: null,
      username: null,
      phone: maskedPhone(invitee.phone),
      nationalCode: null,
      typed: { kind: 'phone', value: invitee.phone },
    });
    // Nothing queued, and so nothing sent.
    const queued = api.deps.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.recipient, invitee.phone));
    expect(await queued).toEqual([]);
    expect(await outbox(api, invitee.phone)).toEqual([]);
    const mine = await call<Invitation[]>('GET', `${base}/invitations/`, invitee.tokens.accessToken);
    expect(mine.body.data.map((i) => i.id)).toEqual([sent.body.data.id]);
  });

  it('answers a registered and an unknown national code or username alike; 261 for the same one twice', async () => {
    const { ws, token } = await setup();
    const registered = await quickUser(api);
    const invite = (body: Record<string, string>) => sendInvitation(token, ws.id, body);
    // What an answer looks like with its ids, token and dates left out.
    const shape = (answer: Awaited<ReturnType<typeof invite>>) => {
      const { id, token: _token, createdDate, expiresDate, ...rest } = answer.body.data;
      expect([id, createdDate, expiresDate].every((v) => typeof v === 'string')).toBe(true);
      return { http: answer.status, statusCode: answer.body.statusCode, ...rest };
    };
    const masked = (code: string) => `${code.slice(0, 3)}****${code.slice(-3)}`;
    const unknownCode = randomNationalCode();

    const byCode = [
      await invite({ nationalCode: registered.nationalCode }),
      await invite({ nationalCode: unknownCode }),
    ];
    expect(shape(byCode[0]!)).toEqual({
      ...shape(byCode[1]!),
      invitee: {
        ...shape(byCode[1]!).invitee,
        nationalCode: masked(registered.nationalCode),
        typed: { kind: 'nationalCode', value: registered.nationalCode },
      },
    });
    expect(shape(byCode[1]!)).toMatchObject({
      http: 200,
      statusCode: 200,
      status: { key: 'pending' },
      invitee: {
        userId: null,
        firstName: null,
        lastName: null,
        username: null,
        phone: null,
        nationalCode: masked(unknownCode),
      },
    });
    const byName = [
      await invite({ username: registered.username }),
      await invite({ username: 'nobody_here_x' }),
    ];
    expect(shape(byName[0]!)).toEqual({
      ...shape(byName[1]!),
      invitee: {
        ...shape(byName[1]!).invitee,
        username: registered.username,
        typed: { kind: 'username', value: registered.username },
      },
    });
    expect(shape(byName[1]!).statusCode).toBe(200);
    // The second identifier of the registered person was not refused (that would tie the two together).

    // The same identifier twice: 261 for both.
    const twice: Record<string, string>[] = [
      { nationalCode: registered.nationalCode },
      { nationalCode: unknownCode },
      { username: registered.username.toUpperCase() },
      { username: 'nobody_here_x' },
    ];
    for (const body of twice) expect((await invite(body)).body.statusCode, JSON.stringify(body)).toBe(261);
    const phone = randomPhone();
    await invite({ phone });
    expect((await invite({ phone })).body.statusCode).toBe(261);

    // The sent list shows what was typed, and a search by the account's name finds nothing before acceptance.
    const list = await call<Page<Invitation>>('GET', `${base}/invitations/?workspaceId=${ws.id}`, token);
    expect(list.body.data.items.every((i) => i.invitee.userId === null && i.invitee.firstName === null)).toBe(
      true,
    );
    const byNameSearch = await call<Page<Invitation>>(
      'GET',
      `${base}/invitations/?workspaceId=${ws.id}&search=Sara`,
      token,
    );
    expect(byNameSearch.body.data.total).toBe(0);
    const byTyped = await call<Page<Invitation>>(
      'GET',
      `${base}/invitations/?workspaceId=${ws.id}&search=nobody_here`,
      token,
    );
    expect(byTyped.body.data.items.map((i) => i.invitee.username)).toEqual(['nobody_here_x']);

    // The registered person sees the first one only; nothing was texted for a code or a username.
    const mine = await call<Invitation[]>('GET', `${base}/invitations/`, registered.tokens.accessToken);
    expect(mine.body.data.map((i) => i.id)).toEqual([byCode[0]!.body.data.id]);
    expect(await outbox(api, registered.phone)).toEqual([]);
  });

  it('an invitation to an unknown national code or username becomes the account’s that gets it', async () => {
    const { ws, token } = await setup();
    const nationalCode = randomNationalCode();
    const username = `later_${randomNationalCode()}`;
    const laterName = `named_${randomNationalCode()}`;
    const laterCode = randomNationalCode();
    const sent: Record<string, string> = {};
    const bodies: Record<string, { nationalCode: string } | { username: string }> = {
      signUpCode: { nationalCode },
      signUpName: { username },
      laterName: { username: laterName },
      laterCode: { nationalCode: laterCode },
    };
    for (const [key, body] of Object.entries(bodies)) {
      const answer = await sendInvitation(token, ws.id, body);
      expect(answer.body.statusCode).toBe(200);
      sent[key] = answer.body.data.id;
    }

    // Sign-up through the API with that national code and username claims both: one becomes the
    // account's, the other (the same workspace) waits for its expiry.
    const person = await signUp(api, newClient(api), { nationalCode, username });
    const mine = await call<Invitation[]>('GET', `${base}/invitations/`, person.tokens.accessToken);
    expect(mine.body.data).toHaveLength(1);
    expect([sent.signUpCode, sent.signUpName]).toContain(mine.body.data[0]!.id);

    // A username chosen later.
    const renamed = await quickUser(api);
    const rename = await call('PUT', profilePaths.username, renamed.tokens.accessToken, {
      username: laterName,
    });
    expect(rename.body.statusCode).toBe(200);
    const renamedSees = await call<Invitation[]>('GET', `${base}/invitations/`, renamed.tokens.accessToken);
    expect(renamedSees.body.data.map((i) => i.id)).toEqual([sent.laterName]);

    // A national code added later.
    const late = await quickUser(api);
    await api.deps.database.db.update(users).set({ nationalCode: null }).where(eq(users.id, late.id));
    const added = await call('POST', profilePaths.nationalCode, late.tokens.accessToken, {
      nationalCode: laterCode,
    });
    expect(added.body.statusCode).toBe(200);
    const lateSees = await call<Invitation[]>('GET', `${base}/invitations/`, late.tokens.accessToken);
    expect(lateSees.body.data.map((i) => i.id)).toEqual([sent.laterCode]);
    const accepted = await answerInvitation(late, sent.laterCode!, true);
    expect(accepted.body.statusCode).toBe(200);
    expect(await directoryStatusOf(ws.id, token, late.username)).toBe('confirmed');
  });

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

describe('members', () => {
  it('lists members owner first, with paging and search by name or username', async () => {
    const { owner, ws, token } = await setup();
    const people = [await quickUser(api), await quickUser(api), await quickUser(api)];
    const role = await createRole(api, ws, ['tenant_profile_read'], { name: 'Viewer' });
    for (const p of people) await addMember(api, ws, p, p === people[2] ? role.id : null);
    const all = await call<Page<Member>>('GET', `${base}/workspace-id/${ws.id}/`, token, undefined, 'en');
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.items[0]).toEqual({
      id: expect.any(String),
      level: 'owner',
      role: null,
      user: { id: owner.id, username: owner.username, firstName: 'Sara', lastName: expect.any(String) },
      status: { id: 'active', key: 'active', name: 'Active' },
    });
    // Each item is the member as its own view shows it, role included.
    for (const item of all.body.data.items) {
      const alone = await call<Member>(
        'GET',
        `${base}/id/${item.id}/workspace-id/${ws.id}`,
        token,
        undefined,
        'en',
      );
      expect(item).toEqual(alone.body.data);
    }
    expect(all.body.data.items.find((m) => m.user.id === people[2]!.id)?.role).toEqual({
      id: role.id,
      name: 'Viewer',
      key: expect.any(String),
    });
    // First pages of other sizes (a statement of its own each) are the same list, cut at their size.
    for (const size of [2, 3, 2]) {
      const first = await call<Page<Member>>('GET', `${base}/workspace-id/${ws.id}/?pageSize=${size}`, token);
      expect(first.body.data.items.map((m) => m.id)).toEqual(
        all.body.data.items.slice(0, size).map((m) => m.id),
      );
      expect(first.body.data.total).toBe(4);
    }
    const page = await call<Page<Member>>('GET', `${base}/workspace-id/${ws.id}/?page=2&pageSize=3`, token);
    expect(page.body.data.items).toHaveLength(1);
    const past = await call<Page<Member>>('GET', `${base}/workspace-id/${ws.id}/?page=9&pageSize=3`, token);
    expect(past.body.data).toEqual({ items: [], total: 4, page: 9, pageSize: 3 });
    const found = await call<Page<Member>>(
      'GET',
      `${base}/workspace-id/${ws.id}/?search=${people[1]!.username}`,
      token,
    );
    expect(found.body.data.items.map((m) => m.user.id)).toEqual([people[1]!.id]);
    expect(found.body.data.total).toBe(1);
    const one = await call<Member>(
      'GET',
      `${base}/id/${found.body.data.items[0]!.id}/workspace-id/${ws.id}`,
      token,
    );
    expect(one.body.data.user.id).toBe(people[1]!.id);
  });

  it('changes a member’s role within what the caller holds; never the owner', async () => {
    const { owner, ws, token } = await setup();
    const events = recordEvents();
    const manager = await memberWith(api, ws, [
      'tenant_members_update',
      'tenant_members_read',
      'tenant_profile_read',
    ]);
    const target = await memberWith(api, ws, null);
    const small = await createRole(api, ws, ['tenant_profile_read']);
    const big = await createRole(api, ws, ['tenant_profile_update']);
    const t = manager.user.tokens.accessToken;
    const changed = await setRole(t, ws.id, target.memberId, small.id);
    expect(changed.status).toBe(200);
    expect(changed.body.data.role?.id).toBe(small.id);
    expect(events.at(-1)).toMatchObject({
      type: 'member.role_changed',
      userId: target.user.id,
      roleId: small.id,
    });
    const escalate = await setRole(t, ws.id, target.memberId, big.id);
    expect(escalate.body.statusCode).toBe(403);
    const selfEscalate = await setRole(t, ws.id, manager.memberId, big.id);
    expect(selfEscalate.body.statusCode).toBe(403);
    const list = await call<Page<Member>>('GET', `${base}/workspace-id/${ws.id}/`, token);
    const ownerMember = list.body.data.items.find((m) => m.user.id === owner.id)!;
    const demote = await setRole(token, ws.id, ownerMember.id, small.id);
    expect(demote.body.statusCode).toBe(403);
    // Someone holding more than the manager cannot be demoted by it.
    const senior = await memberWith(api, ws, ['tenant_profile_update']);
    const demoteSenior = await setRole(t, ws.id, senior.memberId, null);
    expect(demoteSenior.body.statusCode).toBe(403);
    const noPerm = await setRole(target.user.tokens.accessToken, ws.id, target.memberId, null);
    expect(noPerm.body.statusCode).toBe(403);
  });

  it('removes a member (who loses access at once); a member may leave; the owner can never be removed', async () => {
    const { owner, ws, token } = await setup();
    const events = recordEvents();
    const remover = await memberWith(api, ws, ['tenant_members_delete']);
    const target = await memberWith(api, ws, null);
    const leaver = await memberWith(api, ws, null);
    const removed = await removeMember(remover.user.tokens.accessToken, ws.id, target.memberId);
    expect(removed.status).toBe(200);
    expect(await workspaceReadStatus(target.user, ws.id)).toBe(403);
    expect(events.at(-1)).toMatchObject({
      type: 'member.removed',
      userId: target.user.id,
      byUserId: remover.user.id,
    });
    const noPerm = await removeMember(leaver.user.tokens.accessToken, ws.id, remover.memberId);
    expect(noPerm.body.statusCode).toBe(403);
    const left = await removeMember(leaver.user.tokens.accessToken, ws.id, leaver.memberId);
    expect(left.status).toBe(200);
    const list = await call<Page<Member>>('GET', `${base}/workspace-id/${ws.id}/`, token);
    const ownerMember = list.body.data.items.find((m) => m.user.id === owner.id)!;
    const removeOwner = await removeMember(remover.user.tokens.accessToken, ws.id, ownerMember.id);
    expect(removeOwner.body.statusCode).toBe(403);
    const ownerLeaves = await removeMember(token, ws.id, ownerMember.id);
    expect(ownerLeaves.body.statusCode).toBe(403);
    const senior = await memberWith(api, ws, ['tenant_profile_update']);
    const removeSenior = await removeMember(remover.user.tokens.accessToken, ws.id, senior.memberId);
    expect(removeSenior.body.statusCode).toBe(403);
    expect(list.body.data.total).toBe(2);
  });
});

describe('edge cases of invitations by phone', () => {
  it('claiming skips workspaces where the account is already a member or already invited', async () => {
    const { ws, token } = await setup();
    const second = await createWorkspace(api, ws.owner);
    const phone = randomPhone();
    await call('POST', `${base}/invitations/`, token, { workspaceId: ws.id, phone });
    await call('POST', `${base}/invitations/`, token, { workspaceId: second.id, phone });
    // The phone now belongs to an account that is already a member of ws and invited to `second`.
    const person = await quickUser(api, { phone: randomPhone() });
    await addMember(api, ws, person);
    await call('POST', `${base}/invitations/`, token, { workspaceId: second.id, username: person.username });
    const claimed = await claimInvitationsForAccount(api.deps.database.db, { userId: person.id, phone });
    expect(claimed).toBe(0);
    const mine = await call<Invitation[]>('GET', `${base}/invitations/`, person.tokens.accessToken);
    expect(mine.body.data).toHaveLength(1);
  });
});

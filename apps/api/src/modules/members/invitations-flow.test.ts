// Invitations from sending to the answer: by username, national code and phone, with or without an account.
import { type Invitation, profilePaths, type WorkspaceUser } from '@wsm/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  createRole,
  maskedPhone,
  newClient,
  outbox,
  quickUser,
  randomNationalCode,
  randomPhone,
  signUp,
} from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';
import { smsOutbox } from '../../messaging/schema';
import { users } from '../identity/schema';
import { base, membersKit, type Page } from './members-test-kit';
import { claimInvitationsForAccount } from './service';

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
});

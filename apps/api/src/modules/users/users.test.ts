import type { NamedKey, WorkspaceUser } from '@wsm/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { literal, refuseWrites } from '../../../test/fault-triggers';
import {
  addMember,
  callIn,
  invite,
  maskedPhone,
  memberWith,
  ownerWithWorkspace,
  quickUser,
  randomPhone,
  type TestWorkspace,
} from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';
import { auditLog } from '../audit/schema';
import { invitations } from '../members/schema';

const api = appForFile();

const base = '/v1/workspaces/users/identity';
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
const call = callIn(api, 'fa');

const setup = () => ownerWithWorkspace(api);

/** The directory entry of an account (entries carry the username, not the account id). */
async function entryOf(wsId: string, token: string, userId: string): Promise<WorkspaceUser> {
  const members = await call<Page<{ user: { id: string; username: string } }>>(
    'GET',
    `/v1/workspaces/members/identity/workspace-id/${wsId}/?pageSize=100`,
    token,
  );
  const username = members.body.data.items.find((m) => m.user.id === userId)?.user.username;
  const page = await call<Page<WorkspaceUser>>('GET', `${base}/workspace-id/${wsId}/?pageSize=100`, token);
  const entry = page.body.data.items.find((u) => u.username === username);
  if (!entry) throw new Error('no directory entry');
  return entry;
}

/** A new person invited by phone, and its directory entry (unconfirmed until it answers). */
async function invitedByPhone(ws: TestWorkspace, token: string) {
  const invitee = await quickUser(api);
  // By phone: an invitation by username or national code has no directory entry before its answer.
  await invite(api, ws, { phone: invitee.phone });
  const page = await call<Page<WorkspaceUser>>(
    'GET',
    `${base}/workspace-id/${ws.id}/?status=unconfirmed`,
    token,
  );
  return { invitee, entry: page.body.data.items[0]! };
}

const setStatus = (token: string, workspaceId: string, userId: string, statusKey: string, lang = 'fa') =>
  call<WorkspaceUser & { errors?: { path: string; message: string }[] }>(
    'PUT',
    `${base}/status/`,
    token,
    { workspaceId, userId, statusKey },
    lang,
  );

describe('the directory', () => {
  it('lists the five statuses in both languages', async () => {
    const { ws, token } = await setup();
    const fa = await call<NamedKey[]>('GET', `${base}/status/workspace-id/${ws.id}/`, token);
    expect(fa.body.data.map((s) => s.key)).toEqual([
      'unregistered',
      'unconfirmed',
      'pending',
      'confirmed',
      'suspended',
    ]);
    expect(fa.body.data[3]).toEqual({ id: 'confirmed', key: 'confirmed', name: 'تأییدشده' });
    const en = await call<NamedKey[]>('GET', `${base}/status/workspace-id/${ws.id}/`, token, undefined, 'en');
    expect(en.body.data[3]!.name).toBe('Confirmed');
  });

  it('shows members and invitees with masked contacts, filtered by status, paged and searched', async () => {
    const { owner, ws, token } = await setup();
    const member = await quickUser(api);
    await addMember(api, ws, member);
    const invitee = await quickUser(api);
    // By phone: an invitation by username or national code has no directory entry before its answer.
    await invite(api, ws, { phone: invitee.phone });
    const phone = randomPhone();
    await invite(api, ws, { phone });

    const all = await call<Page<WorkspaceUser>>('GET', `${base}/workspace-id/${ws.id}/`, token);
    expect(all.body.data.total).toBe(4);
    const ownerEntry = all.body.data.items.find((u) => u.username === owner.username)!;
    expect(ownerEntry).toMatchObject({
      workspaceId: ws.id,
      status: { key: 'confirmed' },
      firstName: 'Sara',
      email: { value: null, verified: false },
      phone: maskedPhone(owner.phone),
      nationalId: `${owner.nationalCode.slice(0, 3)}****${owner.nationalCode.slice(-3)}`,
      image: null,
      birthDate: null,
    });
    expect(ownerEntry.joinDate).not.toBeNull();
    const byStatus = async (status: string) =>
      (await call<Page<WorkspaceUser>>('GET', `${base}/workspace-id/${ws.id}/?status=${status}`, token)).body
        .data.items;
    expect((await byStatus('confirmed')).map((u) => u.username).sort()).toEqual(
      [member.username, owner.username].sort(),
    );
    // Invitees, with an account or not, show only the typed phone until they accept.
    const invitees = await byStatus('unconfirmed');
    expect(invitees.map((u) => u.phone).sort()).toEqual(
      [maskedPhone(invitee.phone), maskedPhone(phone)].sort(),
    );
    for (const entry of invitees)
      expect(entry).toMatchObject({ username: null, firstName: null, joinDate: null, nationalId: null });
    expect(await byStatus('unregistered')).toEqual([]);

    const searched = await call<Page<WorkspaceUser>>(
      'GET',
      `${base}/workspace-id/${ws.id}/?search=${member.username}`,
      token,
    );
    expect(searched.body.data.items.map((u) => u.username)).toEqual([member.username]);
    const paged = await call<Page<WorkspaceUser>>(
      'GET',
      `${base}/workspace-id/${ws.id}/?page=2&pageSize=3`,
      token,
    );
    expect(paged.body.data).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(paged.body.data.items).toHaveLength(1);
    const past = await call<Page<WorkspaceUser>>(
      'GET',
      `${base}/workspace-id/${ws.id}/?page=3&pageSize=3`,
      token,
    );
    expect(past.body.data).toEqual({ items: [], total: 4, page: 3, pageSize: 3 });
    const badStatus = await call('GET', `${base}/workspace-id/${ws.id}/?status=deleted`, token);
    expect(badStatus.status).toBe(400);

    const one = await call<WorkspaceUser>('GET', `${base}/id/${ownerEntry.id}/workspace-id/${ws.id}/`, token);
    expect(one.body.data).toEqual(ownerEntry);
  });

  it('drops an invitee whose invitation is past its date, on the first page and on any other', async () => {
    const { ws, token } = await setup();
    const { entry } = await invitedByPhone(ws, token);
    const listed = async (query: string) =>
      (await call<Page<WorkspaceUser>>('GET', `${base}/workspace-id/${ws.id}/?${query}`, token)).body.data;
    expect((await listed('page=1')).items.map((u) => u.id)).toContain(entry.id);
    await api.deps.database.db
      .update(invitations)
      .set({ expiresDate: new Date(Date.now() - 1000) })
      .where(eq(invitations.workspaceId, ws.id));
    // The first read finds it due, sweeps it and answers without it, total included.
    const first = await listed('page=1');
    expect(first.items.map((u) => u.id)).not.toContain(entry.id);
    expect(first.total).toBe(first.items.length);
    expect((await listed('status=unconfirmed')).total).toBe(0);
    // Another invitee due later is swept by a read of a page past the first as well.
    const second = await invitedByPhone(ws, token);
    await api.deps.database.db
      .update(invitations)
      .set({ expiresDate: new Date(Date.now() - 1000) })
      .where(eq(invitations.workspaceId, ws.id));
    expect((await listed('page=2&pageSize=1')).items).toEqual([]);
    expect((await listed('page=1')).items.map((u) => u.id)).not.toContain(second.entry.id);
  });

  it("updates the workspace's own record of names and birth date, not the account", async () => {
    const { ws, token } = await setup();
    const member = await quickUser(api);
    await addMember(api, ws, member);
    const entry = await entryOf(ws.id, token, member.id);
    const updated = await call<WorkspaceUser>('PUT', `${base}/`, token, {
      workspaceId: ws.id,
      userId: entry.id,
      firstName: 'علي',
      birthDate: '1990-05-01',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      firstName: 'علی',
      birthDate: '1990-05-01',
      lastName: entry.lastName,
    });
    const members = await call<Page<{ user: { id: string; firstName: string } }>>(
      'GET',
      `/v1/workspaces/members/identity/workspace-id/${ws.id}/`,
      token,
    );
    expect(members.body.data.items.find((m) => m.user.id === member.id)?.user.firstName).toBe('Sara');
    const bad = await call<{ errors: { path: string }[] }>('PUT', `${base}/`, token, {
      workspaceId: ws.id,
      userId: entry.id,
      birthDate: '1990-13-45',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0]!.path).toBe('birthDate');
    const missing = await call('PUT', `${base}/`, token, {
      workspaceId: ws.id,
      userId: 'no-such-entry',
      firstName: 'x',
    });
    expect(missing.status).toBe(404);
  });

  it('needs tenant_users_role_read to read and tenant_users_role_update to change', async () => {
    const { ws, token } = await setup();
    const reader = await memberWith(api, ws, ['tenant_users_role_read']);
    const none = await memberWith(api, ws, null);
    const entry = await entryOf(ws.id, token, none.user.id);
    expect((await call('GET', `${base}/workspace-id/${ws.id}/`, reader.user.tokens.accessToken)).status).toBe(
      200,
    );
    expect(
      (await call('GET', `${base}/workspace-id/${ws.id}/`, none.user.tokens.accessToken)).body.statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `${base}/status/workspace-id/${ws.id}/`, none.user.tokens.accessToken)).body
        .statusCode,
    ).toBe(403);
    const write = await call('PUT', `${base}/`, reader.user.tokens.accessToken, {
      workspaceId: ws.id,
      userId: entry.id,
      firstName: 'x',
    });
    expect(write.body.statusCode).toBe(403);
    const status = await setStatus(reader.user.tokens.accessToken, ws.id, entry.id, 'suspended');
    expect(status.body.statusCode).toBe(403);
  });
});

describe('searching the directory', () => {
  it("follows an account's new names, puts the entry's own first, and shows an invitee's account only once it joins", async () => {
    const { ws, token } = await setup();
    const member = await quickUser(api);
    await addMember(api, ws, member);
    const named = await quickUser(api);
    await addMember(api, ws, named);
    const memberEntry = await entryOf(ws.id, token, member.id);
    const namedEntry = await entryOf(ws.id, token, named.id);
    await call('PUT', `${base}/`, token, {
      workspaceId: ws.id,
      userId: namedEntry.id,
      firstName: 'Nastaran',
    });
    const invitee = await quickUser(api);
    const invitationId = await invite(api, ws, { phone: invitee.phone });
    const rename = (person: { tokens: { accessToken: string } }, names: object) =>
      call('PUT', '/v1/auth/profile/', person.tokens.accessToken, names);
    const found = async (term: string) =>
      (
        await call<Page<WorkspaceUser>>(
          'GET',
          `${base}/workspace-id/${ws.id}/?search=${encodeURIComponent(term)}`,
          token,
        )
      ).body.data.items.map((u) => u.id);

    expect((await rename(member, { firstName: 'Kourosh', lastName: 'Rad' })).status).toBe(200);
    expect(await found('kOUROSH')).toEqual([memberEntry.id]);
    expect(await found('Rad')).toEqual([memberEntry.id]);
    expect(await found(`Test ${member.username}`)).toEqual([]);
    // Each name is matched on its own: no term reaches from one into the next.
    expect(await found('Kourosh\u0001Rad')).toEqual([]);
    // The workspace's own first name stays over the account's; the account's last name still counts.
    expect((await rename(named, { firstName: 'Bahram', lastName: 'Sohrabi' })).status).toBe(200);
    expect(await found('Bahram')).toEqual([]);
    expect(await found('Nastaran')).toEqual([namedEntry.id]);
    expect(await found('Sohrabi')).toEqual([namedEntry.id]);
    // Contacts are never searched.
    expect(await found(member.nationalCode)).toEqual([]);
    expect(await found(member.phone.slice(-7))).toEqual([]);
    // An invitee's account stays hidden (its entry shows only the typed phone) until it accepts.
    expect((await rename(invitee, { firstName: 'Farhad' })).status).toBe(200);
    expect(await found('Farhad')).toEqual([]);
    expect(await found(invitee.username)).toEqual([]);
    const accepted = await call(
      'POST',
      '/v1/workspaces/members/identity/invitations/response/',
      invitee.tokens.accessToken,
      {
        invitationId,
        accept: true,
      },
    );
    expect(accepted.status).toBe(200);
    const joined = await entryOf(ws.id, token, invitee.id);
    expect(await found('Farhad')).toEqual([joined.id]);
    expect(await found(invitee.username)).toEqual([joined.id]);
  });
});

describe('status transitions', () => {
  it('confirmed → suspended: the member loses access at once; → pending keeps it out; → confirmed lets it back', async () => {
    const { ws, token } = await setup();
    const member = await memberWith(api, ws, ['tenant_profile_read']);
    const entry = await entryOf(ws.id, token, member.user.id);
    const mt = member.user.tokens.accessToken;
    expect((await call('GET', `/v1/workspaces/profile/workspace-id/${ws.id}/`, mt)).status).toBe(200);

    const suspended = await setStatus(token, ws.id, entry.id, 'suspended');
    expect(suspended.body.data.status.key).toBe('suspended');
    expect((await call('GET', `/v1/workspaces/profile/workspace-id/${ws.id}/`, mt)).status).toBe(403);
    expect((await call<unknown[]>('GET', '/v1/workspaces/', mt)).body.data).toEqual([]);
    const members = await call<Page<{ user: { id: string }; status: { key: string } }>>(
      'GET',
      `/v1/workspaces/members/identity/workspace-id/${ws.id}/`,
      token,
    );
    expect(members.body.data.items.find((m) => m.user.id === member.user.id)?.status.key).toBe('suspended');

    expect((await setStatus(token, ws.id, entry.id, 'pending')).status).toBe(200);
    expect((await call('GET', `/v1/workspaces/workspace-id/${ws.id}`, mt)).status).toBe(403);
    expect((await setStatus(token, ws.id, entry.id, 'confirmed')).status).toBe(200);
    expect((await call('GET', `/v1/workspaces/profile/workspace-id/${ws.id}/`, mt)).status).toBe(200);
    expect((await setStatus(token, ws.id, entry.id, 'pending')).status).toBe(200);
    expect((await setStatus(token, ws.id, entry.id, 'suspended')).status).toBe(200);
  });

  it('refuses moves outside the table (400, both languages), the same status (261), and moves into invitation states', async () => {
    const { ws, token } = await setup();
    const member = await memberWith(api, ws, null);
    const entry = await entryOf(ws.id, token, member.user.id);
    const same = await setStatus(token, ws.id, entry.id, 'confirmed');
    expect(same.body.statusCode).toBe(261);
    for (const target of ['unregistered', 'unconfirmed']) {
      const illegal = await setStatus(token, ws.id, entry.id, target);
      expect(illegal.status).toBe(400);
      expect(illegal.body.statusCode).toBe(400);
      expect(illegal.body.data.errors).toEqual([{ path: 'statusKey', message: 'این تغییر وضعیت مجاز نیست' }]);
    }
    const en = await setStatus(token, ws.id, entry.id, 'unconfirmed', 'en');
    expect(en.body.data.errors).toEqual([
      { path: 'statusKey', message: 'This status change is not allowed' },
    ]);
    const { entry: invitedEntry } = await invitedByPhone(ws, token);
    for (const target of ['confirmed', 'pending', 'suspended']) {
      const answer = await setStatus(token, ws.id, invitedEntry.id, target);
      expect(answer.status).toBe(400);
    }
    const unknown = await setStatus(token, ws.id, entry.id, 'banned');
    expect(unknown.status).toBe(400);
  });

  it('nobody changes the owner, itself, or someone holding more than it', async () => {
    const { owner, ws, token } = await setup();
    const admin = await memberWith(api, ws, ['tenant_users_role_read', 'tenant_users_role_update']);
    const senior = await memberWith(api, ws, ['tenant_profile_update']);
    const ownerEntry = await entryOf(ws.id, token, owner.id);
    const t = admin.user.tokens.accessToken;
    expect((await setStatus(t, ws.id, ownerEntry.id, 'suspended')).body.statusCode).toBe(403);
    expect((await setStatus(token, ws.id, ownerEntry.id, 'suspended')).body.statusCode).toBe(403);
    const self = await entryOf(ws.id, token, admin.user.id);
    expect((await setStatus(t, ws.id, self.id, 'pending')).body.statusCode).toBe(403);
    const seniorEntry = await entryOf(ws.id, token, senior.user.id);
    expect((await setStatus(t, ws.id, seniorEntry.id, 'suspended')).body.statusCode).toBe(403);
    const peer = await memberWith(api, ws, ['tenant_users_role_read']);
    const peerEntry = await entryOf(ws.id, token, peer.user.id);
    expect((await setStatus(t, ws.id, peerEntry.id, 'suspended')).status).toBe(200);
  });
});

describe('deleting a directory entry', () => {
  it('removes a member from the workspace, withdraws an invitee, never the owner', async () => {
    const { owner, ws, token } = await setup();
    const member = await memberWith(api, ws, null);
    const entry = await entryOf(ws.id, token, member.user.id);
    expect((await call('DELETE', `${base}/`, token, { workspaceId: ws.id, userId: entry.id })).status).toBe(
      200,
    );
    expect(
      (await call('GET', `/v1/workspaces/workspace-id/${ws.id}`, member.user.tokens.accessToken)).status,
    ).toBe(403);

    const invited = await invitedByPhone(ws, token);
    expect(
      (await call('DELETE', `${base}/`, token, { workspaceId: ws.id, userId: invited.entry.id })).status,
    ).toBe(200);
    expect(
      (
        await call<unknown[]>(
          'GET',
          '/v1/workspaces/members/identity/invitations/',
          invited.invitee.tokens.accessToken,
        )
      ).body.data,
    ).toEqual([]);

    const ownerEntry = await entryOf(ws.id, token, owner.id);
    expect(
      (await call('DELETE', `${base}/`, token, { workspaceId: ws.id, userId: ownerEntry.id })).body
        .statusCode,
    ).toBe(403);
    const all = await call<Page<WorkspaceUser>>('GET', `${base}/workspace-id/${ws.id}/`, token);
    expect(all.body.data.total).toBe(1);
  });

  it('deleting an invitee is whole: a failure deleting its entry leaves its invitation pending and unaudited', async () => {
    const { ws, token } = await setup();
    const invitationId = await invite(api, ws, { phone: randomPhone() });
    const page = await call<Page<WorkspaceUser>>(
      'GET',
      `${base}/workspace-id/${ws.id}/?status=unconfirmed`,
      token,
    );
    const entryId = page.body.data.items[0]!.id;
    // The last write of the delete (the directory entry itself) fails.
    const allowWrites = await refuseWrites(api.deps.database.db, {
      table: 'workspace_users',
      operation: 'DELETE',
      when: `OLD.id = ${literal(entryId)}`,
    });
    try {
      expect((await call('DELETE', `${base}/`, token, { workspaceId: ws.id, userId: entryId })).status).toBe(
        500,
      );
    } finally {
      await allowWrites();
    }
    const invitations = await call<Page<{ id: string; status: { key: string } }>>(
      'GET',
      `/v1/workspaces/members/identity/invitations/?workspaceId=${ws.id}`,
      token,
    );
    expect(invitations.body.data.items).toMatchObject([{ id: invitationId, status: { key: 'pending' } }]);
    const audit = await api.deps.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.workspaceId, ws.id));
    expect(audit.map((row) => row.action)).not.toContain('invitation.withdrawn');
    // Once the database accepts it, the same delete goes through whole.
    expect((await call('DELETE', `${base}/`, token, { workspaceId: ws.id, userId: entryId })).status).toBe(
      200,
    );
  });

  it('needs tenant_members_delete for members', async () => {
    const { ws, token } = await setup();
    const updater = await memberWith(api, ws, ['tenant_users_role_update']);
    const member = await memberWith(api, ws, null);
    const entry = await entryOf(ws.id, token, member.user.id);
    const denied = await call('DELETE', `${base}/`, updater.user.tokens.accessToken, {
      workspaceId: ws.id,
      userId: entry.id,
    });
    expect(denied.body.statusCode).toBe(403);
  });
});

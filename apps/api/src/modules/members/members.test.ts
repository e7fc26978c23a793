// The members list, role changes and removal, and claiming invitations by phone.
import type { Invitation, Member } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  createRole,
  createWorkspace,
  memberWith,
  quickUser,
  randomPhone,
  type TestWorkspace,
} from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';
import { base, membersKit, type Page } from './members-test-kit';
import { claimInvitationsForAccount } from './service';

const api = appForFile();
const { call, setup, recordEvents, setRole, removeMember, workspaceReadStatus } = membersKit(api);

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

  it('finds a member by the names its account has now, in every workspace it belongs to', async () => {
    const { ws } = await setup();
    const person = await quickUser(api);
    await addMember(api, ws, person);
    const other = await createWorkspace(api, await quickUser(api));
    await addMember(api, other, person);
    const found = async (workspace: TestWorkspace, term: string) =>
      (
        await call<Page<Member>>(
          'GET',
          `${base}/workspace-id/${workspace.id}/?search=${encodeURIComponent(term)}`,
          workspace.owner.tokens.accessToken,
        )
      ).body.data.items.map((m) => m.user.id);
    const renamed = await call('PUT', '/v1/auth/profile/', person.tokens.accessToken, {
      firstName: 'Kourosh',
      lastName: 'Rad',
    });
    expect(renamed.status).toBe(200);
    for (const workspace of [ws, other]) {
      expect(await found(workspace, 'kOUROSH')).toEqual([person.id]);
      expect(await found(workspace, 'Kourosh Rad')).toEqual([person.id]);
      expect(await found(workspace, `Test ${person.username}`)).toEqual([]);
      // Each field is matched on its own: no term reaches from the name into the username.
      expect(await found(workspace, `Rad\u0001${person.username}`)).toEqual([]);
      expect(await found(workspace, person.nationalCode)).toEqual([]);
    }
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

import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  createRole,
  createWorkspace,
  invite,
  memberWith,
  newClient,
  quickUser,
  randomPhone,
} from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';
import { auditLog } from './schema';

// Every write that changes someone's access leaves one audit row (who, what, when, which workspace),
// written with the change itself: a refused or stale change leaves none.

const api = appForFile();

const call = (method: string, path: string, token: string, body?: unknown) =>
  newClient(api).call<{ id: string; lastChangeDate: string }>(method, path, { token, body });

async function auditOf(workspaceId: string) {
  return api.deps.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.workspaceId, workspaceId))
    .orderBy(asc(auditLog.createdDate), asc(auditLog.id));
}

describe('access audit', () => {
  it('records roles, memberships and invitations with the actor, and nothing for refused changes', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const token = owner.tokens.accessToken;
    const role = await createRole(api, ws, ['tenant_members_read'], { name: 'Readers' });
    const person = await quickUser(api);
    const memberId = await addMember(api, ws, person, role.id);

    // A stale update changes nothing and records nothing; a fresh one is recorded.
    const update = (lastChangeDate: string) =>
      call('PUT', '/v1/workspaces/members/access/roles/', token, {
        workspaceId: ws.id,
        roleId: role.id,
        name: 'Readers',
        superAccess: false,
        permissionIds: ['tenant_members_read', 'tenant_roles_read'],
        lastChangeDate,
      });
    expect((await update('2000-01-01T00:00:00.000Z')).body.statusCode).toBe(261);
    expect((await update(role.lastChangeDate)).body.statusCode).toBe(200);

    // A member without the permission is refused, and nothing is recorded for it.
    const refused = await call('POST', '/v1/workspaces/members/access/roles/', person.tokens.accessToken, {
      workspaceId: ws.id,
      name: 'Mine',
      superAccess: false,
      permissionIds: [],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.statusCode).toBe(403);

    expect(
      (
        await call('PUT', '/v1/workspaces/members/identity/', token, {
          workspaceId: ws.id,
          memberId,
          roleId: null,
        })
      ).body.statusCode,
    ).toBe(200);
    const phone = randomPhone();
    const invitationId = await invite(api, ws, { phone });
    await call('DELETE', '/v1/workspaces/members/identity/invitations/', token, {
      workspaceId: ws.id,
      invitationId,
    });
    await call('DELETE', '/v1/workspaces/members/identity/', token, { workspaceId: ws.id, memberId });
    await call('DELETE', '/v1/workspaces/members/access/roles/', token, {
      workspaceId: ws.id,
      roleId: role.id,
    });

    const rows = await auditOf(ws.id);
    expect(rows.map((row) => [row.action, row.actorUserId])).toEqual([
      ['member.added', owner.id],
      ['role.created', owner.id],
      ['invitation.sent', owner.id],
      ['invitation.accepted', person.id],
      ['role.updated', owner.id],
      ['member.role_changed', owner.id],
      ['invitation.sent', owner.id],
      ['invitation.withdrawn', owner.id],
      ['member.removed', owner.id],
      ['role.deleted', owner.id],
    ]);
    expect(rows[4]?.subject).toMatchObject({
      roleId: role.id,
      permissions: ['tenant_members_read', 'tenant_roles_read'],
      before: { permissions: ['tenant_members_read'] },
    });
    expect(rows[5]?.subject).toMatchObject({ memberId, userId: person.id, roleId: null, before: role.id });
    expect(rows[6]?.subject).toMatchObject({ phone });
  });

  it('records a member leaving and a suspension, only in their own workspace', async () => {
    const owner = await quickUser(api);
    const ws = await createWorkspace(api, owner);
    const other = await createWorkspace(api, await quickUser(api));
    const leaver = await memberWith(api, ws, null);
    const left = await call('DELETE', '/v1/workspaces/members/identity/', leaver.user.tokens.accessToken, {
      workspaceId: ws.id,
      memberId: leaver.memberId,
    });
    expect(left.body.statusCode).toBe(200);

    const suspended = await memberWith(api, ws, null);
    const directory = await newClient(api).call<{ items: { id: string; username: string | null }[] }>(
      'GET',
      `/v1/workspaces/users/identity/workspace-id/${ws.id}/?search=${suspended.user.username}`,
      { token: owner.tokens.accessToken },
    );
    const entry = directory.body.data.items.find((item) => item.username === suspended.user.username);
    expect(entry).toBeDefined();
    const change = await call('PUT', '/v1/workspaces/users/identity/status/', owner.tokens.accessToken, {
      workspaceId: ws.id,
      userId: entry?.id,
      statusKey: 'suspended',
    });
    expect(change.body.statusCode).toBe(200);

    const actions = (await auditOf(ws.id)).map((row) => [row.action, row.actorUserId]);
    expect(actions).toContainEqual(['member.left', leaver.user.id]);
    expect(actions).toContainEqual(['user.status_changed', owner.id]);
    expect((await auditOf(other.id)).map((row) => row.action)).toEqual(['member.added']);
  });
});

import type { AccessInformation, Permission, Role, Software } from '@wsm/contracts';
import { permissionKeys } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { callIn, createRole, memberWith, ownerWithWorkspace, quickUser } from '../../../test/fixtures';
import { appForFile } from '../../../test/test-app';

const api = appForFile();

const base = '/v1/workspaces/members/access';
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
const call = callIn(api, 'fa');

const setup = () => ownerWithWorkspace(api);

describe('catalogues', () => {
  it('lists the built-in software with its three sections and the permission catalogue, in both languages', async () => {
    const { ws, token } = await setup();
    const softwares = await call<Software[]>('GET', `${base}/softwares/workspace-id/${ws.id}`, token);
    expect(softwares.body.data).toEqual([
      {
        id: 'tenant-settings',
        key: 'tenant-settings',
        name: 'تنظیمات فضای کاری',
        imageId: null,
        sections: [
          { key: 'info', name: 'اطلاعات فضای کاری' },
          { key: 'members', name: 'اعضا' },
          { key: 'roles', name: 'نقش‌ها' },
        ],
      },
    ]);
    const perms = await call<Permission[]>(
      'GET',
      `${base}/permissions/workspace-id/${ws.id}`,
      token,
      undefined,
      'en',
    );
    expect(perms.body.data.map((p) => p.key)).toEqual([...permissionKeys]);
    expect(perms.body.data.find((p) => p.key === 'tenant_roles_read')).toEqual({
      id: 'tenant_roles_read',
      key: 'tenant_roles_read',
      name: 'Read roles',
      pointers: ['tenant-settings/roles'],
    });
    expect(perms.body.data.find((p) => p.key === 'tenant_profile_update')?.pointers).toEqual([
      'tenant-settings/info',
    ]);
    expect(perms.body.data.find((p) => p.key === 'tenant_members_read')?.pointers).toEqual([
      'tenant-settings/members',
    ]);
  });

  it('is for members only', async () => {
    const { ws } = await setup();
    const stranger = await quickUser(api);
    expect(
      (await call('GET', `${base}/softwares/workspace-id/${ws.id}`, stranger.tokens.accessToken)).status,
    ).toBe(403);
    expect((await call('GET', `${base}/permissions/workspace-id/${ws.id}`)).status).toBe(401);
  });
});

describe('roles', () => {
  it('creates, reads, lists with paging and search, updates and deletes a role', async () => {
    const { ws, token } = await setup();
    const created = await call<Role>('POST', `${base}/roles/`, token, {
      workspaceId: ws.id,
      name: 'Support Team',
      superAccess: false,
      permissionIds: ['tenant_members_read', 'tenant_roles_read', 'tenant_members_read'],
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name: 'Support Team',
      key: 'support-team',
      superAccess: false,
      totalMembers: 0,
      permissions: [{ key: 'tenant_members_read' }, { key: 'tenant_roles_read' }],
    });
    expect(created.body.data.softwares[0]!.sections.map((s) => s.key)).toEqual(['members', 'roles']);

    for (let i = 0; i < 3; i++) await createRole(api, ws, [], { name: `Extra ${i}` });
    const page1 = await call<Page<Role>>(
      'GET',
      `${base}/roles/workspace-id/${ws.id}?page=1&pageSize=2`,
      token,
    );
    expect(page1.body.data).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(page1.body.data.items).toHaveLength(2);
    const page2 = await call<Page<Role>>(
      'GET',
      `${base}/roles/workspace-id/${ws.id}?page=2&pageSize=2`,
      token,
    );
    expect(page2.body.data.items.map((r) => r.id)).not.toContain(page1.body.data.items[0]!.id);
    const searched = await call<Page<Role>>(
      'GET',
      `${base}/roles/workspace-id/${ws.id}?search=support`,
      token,
    );
    expect(searched.body.data.items.map((r) => r.name)).toEqual(['Support Team']);
    const tooBig = await call('GET', `${base}/roles/workspace-id/${ws.id}?pageSize=101`, token);
    expect(tooBig.status).toBe(400);

    const one = await call<Role>(
      'GET',
      `${base}/roles/role-id/${created.body.data.id}/workspace-id/${ws.id}`,
      token,
    );
    expect(one.body.data.id).toBe(created.body.data.id);

    const updated = await call<Role>('PUT', `${base}/roles/`, token, {
      workspaceId: ws.id,
      roleId: created.body.data.id,
      name: 'Support',
      superAccess: false,
      permissionIds: ['tenant_profile_read'],
      lastChangeDate: created.body.data.lastChangeDate,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'Support',
      key: 'support-team',
      permissions: [{ key: 'tenant_profile_read' }],
    });
    expect(updated.body.data.lastChangeDate).not.toBe(created.body.data.lastChangeDate);

    const deleted = await call('DELETE', `${base}/roles/`, token, {
      workspaceId: ws.id,
      roleId: created.body.data.id,
    });
    expect(deleted.status).toBe(200);
    const gone = await call(
      'GET',
      `${base}/roles/role-id/${created.body.data.id}/workspace-id/${ws.id}`,
      token,
    );
    expect(gone.status).toBe(404);
  });

  it('answers 261 for a duplicate name (case-insensitive) and for a stale lastChangeDate, changing nothing', async () => {
    const { ws, token } = await setup();
    const role = await createRole(api, ws, [], { name: 'Editors' });
    const dup = await call('POST', `${base}/roles/`, token, {
      workspaceId: ws.id,
      name: 'EDITORS',
      permissionIds: [],
    });
    expect(dup.body.statusCode).toBe(261);
    const first = await call<Role>('PUT', `${base}/roles/`, token, {
      workspaceId: ws.id,
      roleId: role.id,
      name: 'Editors A',
      superAccess: false,
      permissionIds: [],
      lastChangeDate: role.lastChangeDate,
    });
    expect(first.status).toBe(200);
    const stale = await call('PUT', `${base}/roles/`, token, {
      workspaceId: ws.id,
      roleId: role.id,
      name: 'Editors B',
      superAccess: false,
      permissionIds: ['tenant_roles_read'],
      lastChangeDate: role.lastChangeDate,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.statusCode).toBe(261);
    const now = await call<Role>('GET', `${base}/roles/role-id/${role.id}/workspace-id/${ws.id}`, token);
    expect(now.body.data).toMatchObject({ name: 'Editors A', permissions: [] });
  });

  it('refuses unknown permission ids with a field error in both languages', async () => {
    const { ws, token } = await setup();
    const body = { workspaceId: ws.id, name: 'x', permissionIds: ['tenant_everything'] };
    const fa = await call<{ errors: unknown[] }>('POST', `${base}/roles/`, token, body);
    expect(fa.status).toBe(400);
    expect(fa.body.data.errors).toEqual([{ path: 'permissionIds', message: 'دسترسی ناشناخته است' }]);
    const en = await call<{ errors: unknown[] }>('POST', `${base}/roles/`, token, body, 'en');
    expect(en.body.data.errors).toEqual([{ path: 'permissionIds', message: 'Unknown permission' }]);
  });

  it('needs the matching permission for each role call', async () => {
    const { ws } = await setup();
    const target = await createRole(api, ws, []);
    const reader = await memberWith(api, ws, ['tenant_roles_read']);
    const t = reader.user.tokens.accessToken;
    expect((await call('GET', `${base}/roles/workspace-id/${ws.id}`, t)).status).toBe(200);
    const attempts = [
      call('POST', `${base}/roles/`, t, { workspaceId: ws.id, name: 'n', permissionIds: [] }),
      call('PUT', `${base}/roles/`, t, {
        workspaceId: ws.id,
        roleId: target.id,
        name: 'n',
        superAccess: false,
        permissionIds: [],
        lastChangeDate: target.lastChangeDate,
      }),
      call('DELETE', `${base}/roles/`, t, { workspaceId: ws.id, roleId: target.id }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(400);
      expect(answer.body.statusCode).toBe(403);
    }
    const none = await memberWith(api, ws, null);
    const list = await call('GET', `${base}/roles/workspace-id/${ws.id}`, none.user.tokens.accessToken);
    expect(list.body.statusCode).toBe(403);
  });

  it('deleting a role keeps its members, without a role', async () => {
    const { ws, token } = await setup();
    const m = await memberWith(api, ws, ['tenant_profile_read']);
    const role = await call<Role>('GET', `${base}/roles/role-id/${m.roleId}/workspace-id/${ws.id}`, token);
    expect(role.body.data.totalMembers).toBe(1);
    expect(
      (await call('DELETE', `${base}/roles/`, token, { workspaceId: ws.id, roleId: m.roleId })).status,
    ).toBe(200);
    const member = await call<{ role: unknown }>(
      'GET',
      `/v1/workspaces/members/identity/id/${m.memberId}/workspace-id/${ws.id}`,
      token,
    );
    expect(member.body.data.role).toBeNull();
    const profile = await call(
      'GET',
      `/v1/workspaces/profile/workspace-id/${ws.id}/`,
      m.user.tokens.accessToken,
    );
    expect(profile.body.statusCode).toBe(403);
  });
});

describe('nobody can grant what they do not hold', () => {
  async function roleManager() {
    const { ws, token } = await setup();
    const manager = await memberWith(api, ws, [
      'tenant_roles_read',
      'tenant_roles_create',
      'tenant_roles_update',
      'tenant_roles_delete',
      'tenant_members_read',
    ]);
    return { ws, ownerToken: token, manager, t: manager.user.tokens.accessToken };
  }

  it('a role manager creates roles with its own permissions but not with others or superAccess', async () => {
    const { ws, t } = await roleManager();
    const fine = await call('POST', `${base}/roles/`, t, {
      workspaceId: ws.id,
      name: 'Readers',
      permissionIds: ['tenant_roles_read', 'tenant_members_read'],
    });
    expect(fine.status).toBe(200);
    const escalate = await call('POST', `${base}/roles/`, t, {
      workspaceId: ws.id,
      name: 'Deleters',
      permissionIds: ['tenant_members_delete'],
    });
    expect(escalate.body.statusCode).toBe(403);
    const sup = await call('POST', `${base}/roles/`, t, {
      workspaceId: ws.id,
      name: 'Gods',
      superAccess: true,
      permissionIds: [],
    });
    expect(sup.body.statusCode).toBe(403);
  });

  it('cannot add a permission it lacks to its own or another role, nor touch a role holding more', async () => {
    const { ws, manager, t } = await roleManager();
    const own = await call<Role>('GET', `${base}/roles/role-id/${manager.roleId}/workspace-id/${ws.id}`, t);
    const selfEscalate = await call('PUT', `${base}/roles/`, t, {
      workspaceId: ws.id,
      roleId: manager.roleId,
      name: own.body.data.name,
      superAccess: false,
      permissionIds: [...own.body.data.permissions.map((p) => p.key), 'tenant_members_delete'],
      lastChangeDate: own.body.data.lastChangeDate,
    });
    expect(selfEscalate.body.statusCode).toBe(403);
    const superRole = await createRole(api, ws, [], { superAccess: true });
    const bigger = await createRole(api, ws, ['tenant_profile_update']);
    for (const role of [superRole, bigger]) {
      const change = await call('PUT', `${base}/roles/`, t, {
        workspaceId: ws.id,
        roleId: role.id,
        name: 'weakened',
        superAccess: false,
        permissionIds: [],
        lastChangeDate: role.lastChangeDate,
      });
      expect(change.body.statusCode).toBe(403);
      const remove = await call('DELETE', `${base}/roles/`, t, { workspaceId: ws.id, roleId: role.id });
      expect(remove.body.statusCode).toBe(403);
    }
  });

  it('a superAccess role holds everything and may grant anything', async () => {
    const { ws } = await setup();
    const admin = await memberWith(api, ws, []);
    const { ownerToken } = { ownerToken: ws.owner.tokens.accessToken };
    const superRole = await createRole(api, ws, [], { superAccess: true });
    await call('PUT', '/v1/workspaces/members/identity/', ownerToken, {
      workspaceId: ws.id,
      memberId: admin.memberId,
      roleId: superRole.id,
    });
    const t = admin.user.tokens.accessToken;
    const created = await call('POST', `${base}/roles/`, t, {
      workspaceId: ws.id,
      name: 'All',
      superAccess: true,
      permissionIds: [...permissionKeys],
    });
    expect(created.status).toBe(200);
    expect((await call('GET', `/v1/workspaces/profile/workspace-id/${ws.id}/`, t)).status).toBe(200);
  });
});

describe('access information', () => {
  it('tells the owner it holds "*" and every application', async () => {
    const { owner, ws, token } = await setup();
    const info = await call<AccessInformation>(
      'GET',
      `${base}/information/user-id/${owner.id}/workspace-id/${ws.id}`,
      token,
    );
    expect(info.body.data).toEqual({
      workspaceId: ws.id,
      memberId: expect.any(String),
      roles: [{ level: 'owner', role: null, applications: ['tenant-settings'], permissions: ['*'] }],
    });
  });

  it('tells a member its role and permissions; another member’s needs tenant_members_read', async () => {
    const { ws, token } = await setup();
    const m = await memberWith(api, ws, ['tenant_profile_read']);
    const none = await memberWith(api, ws, null);
    const own = await call<AccessInformation>(
      'GET',
      `${base}/information/user-id/${m.user.id}/workspace-id/${ws.id}`,
      m.user.tokens.accessToken,
    );
    // The member's own id, which is what it sends to leave the workspace.
    expect(own.body.data.memberId).toBe(m.memberId);
    expect(own.body.data.roles[0]).toMatchObject({
      level: 'member',
      role: { id: m.roleId, superAccess: false },
      applications: ['tenant-settings'],
      permissions: ['tenant_profile_read'],
    });
    const bare = await call<AccessInformation>(
      'GET',
      `${base}/information/user-id/${none.user.id}/workspace-id/${ws.id}`,
      none.user.tokens.accessToken,
    );
    expect(bare.body.data.roles[0]).toMatchObject({ role: null, applications: [], permissions: [] });
    const peek = await call(
      'GET',
      `${base}/information/user-id/${m.user.id}/workspace-id/${ws.id}`,
      none.user.tokens.accessToken,
    );
    expect(peek.body.statusCode).toBe(403);
    const byOwner = await call(
      'GET',
      `${base}/information/user-id/${m.user.id}/workspace-id/${ws.id}`,
      token,
    );
    expect(byOwner.status).toBe(200);
    const stranger = await quickUser(api);
    const notMember = await call(
      'GET',
      `${base}/information/user-id/${stranger.id}/workspace-id/${ws.id}`,
      token,
    );
    expect(notMember.status).toBe(404);
  });
});

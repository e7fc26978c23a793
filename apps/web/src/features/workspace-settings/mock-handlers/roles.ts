import { type PermissionKey, permissionKeys, StatusCode } from '@wsm/contracts';
import { http } from 'msw';
import { bodyOf, fail, ok } from '../../../lib/mock-http';
import { langOf, permissionOf, softwares } from './catalogue';
import { nextId, page, roleView, type StoredRole, store } from './store';

// The mocked workspace's audit log, catalogue and roles.

const access = '/v1/workspaces/members/access';
const ws = 'workspace-id/:workspaceId';

const knownPermissions = (ids: unknown): PermissionKey[] =>
  ((ids as string[] | undefined) ?? []).filter((key): key is PermissionKey =>
    (permissionKeys as readonly string[]).includes(key),
  );

export const roleMockHandlers = [
  // The mocked workspace keeps no history: its audit log is empty.
  http.get(`/v1/workspaces/audit/${ws}`, () => ok({ items: [], total: 0, page: 1, pageSize: 20 })),
  http.get(`${access}/softwares/${ws}`, ({ request }) => ok(softwares(langOf(request)))),
  http.get(`${access}/permissions/${ws}`, ({ request }) =>
    ok(permissionKeys.map((key) => permissionOf(key, langOf(request)))),
  ),
  http.get(`${access}/roles/${ws}`, ({ request }) => {
    const lang = langOf(request);
    const found = page(store.roles, request, (role, search) => role.name.toLowerCase().includes(search));
    return ok({ ...found, items: found.items.map((role) => roleView(role, lang)) });
  }),
  http.get(`${access}/roles/role-id/:roleId/${ws}`, ({ request, params }) => {
    const role = store.roles.find((item) => item.id === params.roleId);
    return role ? ok(roleView(role, langOf(request))) : fail(404, StatusCode.notFound);
  }),
  http.post(`${access}/roles`, async ({ request }) => {
    const body = await bodyOf(request);
    const name = String(body.name ?? '').trim();
    if (store.roles.some((role) => role.name === name)) return fail(400, StatusCode.duplicate);
    const role: StoredRole = {
      id: nextId('role'),
      name,
      superAccess: body.superAccess === true,
      permissions: knownPermissions(body.permissionIds),
      lastChangeDate: new Date().toISOString(),
    };
    store.roles.push(role);
    return ok(roleView(role, langOf(request)));
  }),
  http.put(`${access}/roles`, async ({ request }) => {
    const body = await bodyOf(request);
    const role = store.roles.find((item) => item.id === body.roleId);
    if (!role) return fail(404, StatusCode.notFound);
    // Optimistic concurrency as the server does it: a stale lastChangeDate changes nothing.
    if (body.lastChangeDate !== role.lastChangeDate) return fail(400, StatusCode.duplicate);
    const name = String(body.name ?? '').trim();
    if (store.roles.some((item) => item.id !== role.id && item.name === name))
      return fail(400, StatusCode.duplicate);
    role.name = name;
    role.superAccess = body.superAccess === true;
    role.permissions = knownPermissions(body.permissionIds);
    role.lastChangeDate = new Date().toISOString();
    return ok(roleView(role, langOf(request)));
  }),
  http.delete(`${access}/roles`, async ({ request }) => {
    const { roleId } = await bodyOf(request);
    if (!store.roles.some((role) => role.id === roleId)) return fail(404, StatusCode.notFound);
    store.roles = store.roles.filter((role) => role.id !== roleId);
    for (const member of store.members) if (member.roleId === roleId) member.roleId = null;
    return ok(null);
  }),
];

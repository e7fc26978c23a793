import {
  invitationsPageSchema,
  membersPageSchema,
  namedKeySchema,
  permissionSchema,
  roleSchema,
  rolesPageSchema,
  softwareSchema,
  workspacePaths,
  workspaceUsersPageSchema,
} from '@wsm/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { HttpRequest, QueryParams } from '../../lib/http';
import type { MockRoute } from '../../lib/mock-api';
import { resetWorkspaceAdminMock, workspaceAdminMockRoutes } from './mock-routes';

// The mocked-API mode must answer in the contract's shapes, and keep the server's rules that the
// screens react to (stale role versions, the status transition table).

function call(
  method: MockRoute['method'],
  url: string,
  options: { params?: QueryParams; data?: unknown } = {},
) {
  const path = url.replace(/\/+$/, '');
  const route = workspaceAdminMockRoutes.find(
    (item) =>
      item.method === method && (typeof item.path === 'string' ? item.path === path : item.path.test(path)),
  );
  if (!route) throw new Error(`no mock route for ${method} ${path}`);
  const config: HttpRequest = {
    method,
    baseURL: '',
    url,
    headers: { 'Accept-Language': 'en' },
    ...(options.params ? { params: options.params } : {}),
    ...(options.data === undefined ? {} : { data: JSON.stringify(options.data) }),
  };
  const answer = route.answer(config);
  return { status: answer.status ?? 200, ...(answer.body as { statusCode: number; data: unknown }) };
}

const ws = 'ws-1';

beforeEach(resetWorkspaceAdminMock);

describe('workspace settings mock routes', () => {
  it.each([
    ['softwares', workspacePaths.softwares(ws), z.array(softwareSchema)],
    ['permissions', workspacePaths.permissions(ws), z.array(permissionSchema)],
    ['roles', workspacePaths.rolesOf(ws), rolesPageSchema],
    ['one role', workspacePaths.role(ws, 'role-hr'), roleSchema],
    ['members', workspacePaths.membersOf(ws), membersPageSchema],
    ['user statuses', workspacePaths.userStatuses(ws), z.array(namedKeySchema)],
    ['users', workspacePaths.usersOf(ws), workspaceUsersPageSchema],
  ])('answer %s in the contract shape', (_name, path, schema) => {
    const answer = call('get', path, { params: { page: 1, pageSize: 10 } });
    expect(answer.statusCode).toBe(200);
    expect(schema.safeParse(answer.data).success).toBe(true);
  });

  it("hand the caller's own invitations (no workspaceId) to the workspaces mock", () => {
    expect(Array.isArray(call('get', workspacePaths.invitations).data)).toBe(true);
  });

  it('answer sent invitations as a page', () => {
    const answer = call('get', workspacePaths.invitations, {
      params: { workspaceId: ws, page: 1, pageSize: 10 },
    });
    expect(invitationsPageSchema.parse(answer.data).total).toBeGreaterThan(0);
  });

  it('refuse a stale role version with 261 and accept the current one', () => {
    const role = roleSchema.parse(call('get', workspacePaths.role(ws, 'role-hr')).data);
    const body = { workspaceId: ws, roleId: role.id, name: 'HR', superAccess: false, permissionIds: [] };
    const stale = call('put', workspacePaths.roles, {
      data: { ...body, lastChangeDate: '2020-01-01T00:00:00.000Z' },
    });
    expect([stale.status, stale.statusCode]).toEqual([400, 261]);
    const fresh = call('put', workspacePaths.roles, {
      data: { ...body, lastChangeDate: role.lastChangeDate },
    });
    expect(roleSchema.parse(fresh.data).name).toBe('HR');
  });

  it('refuse a status change outside the transition table', () => {
    const refused = call('put', workspacePaths.userStatus, {
      data: { workspaceId: ws, userId: 'entry-user-4', statusKey: 'unconfirmed' },
    });
    expect([refused.status, refused.statusCode]).toEqual([400, 400]);
    const moved = call('put', workspacePaths.userStatus, {
      data: { workspaceId: ws, userId: 'entry-user-4', statusKey: 'confirmed' },
    });
    expect(moved.statusCode).toBe(200);
  });
});

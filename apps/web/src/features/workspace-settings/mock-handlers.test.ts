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
import { callMock as call } from '../../test/mock-call';
import { resetWorkspaceAdminMock } from './mock-handlers';

// The mocked-API mode must answer in the contract's shapes, and keep the server's rules that the
// screens react to (stale role versions, the status transition table).

const ws = 'ws-1';

beforeEach(resetWorkspaceAdminMock);

describe('workspace settings mock handlers', () => {
  it.each([
    ['softwares', workspacePaths.softwares(ws), z.array(softwareSchema)],
    ['permissions', workspacePaths.permissions(ws), z.array(permissionSchema)],
    ['roles', workspacePaths.rolesOf(ws), rolesPageSchema],
    ['one role', workspacePaths.role(ws, 'role-hr'), roleSchema],
    ['members', workspacePaths.membersOf(ws), membersPageSchema],
    ['user statuses', workspacePaths.userStatuses(ws), z.array(namedKeySchema)],
    ['users', workspacePaths.usersOf(ws), workspaceUsersPageSchema],
  ])('answer %s in the contract shape', async (_name, path, schema) => {
    const answer = await call('get', path, { params: { page: 1, pageSize: 10 } });
    expect(answer.statusCode).toBe(200);
    expect(schema.safeParse(answer.data).success).toBe(true);
  });

  it("hand the caller's own invitations (no workspaceId) to the workspaces mock", async () => {
    expect(Array.isArray((await call('get', workspacePaths.invitations)).data)).toBe(true);
  });

  it('answer sent invitations as a page', async () => {
    const answer = await call('get', workspacePaths.invitations, {
      params: { workspaceId: ws, page: 1, pageSize: 10 },
    });
    expect(invitationsPageSchema.parse(answer.data).total).toBeGreaterThan(0);
  });

  it('refuse a stale role version with 261 and accept the current one', async () => {
    const role = roleSchema.parse((await call('get', workspacePaths.role(ws, 'role-hr'))).data);
    const body = { workspaceId: ws, roleId: role.id, name: 'HR', superAccess: false, permissionIds: [] };
    const stale = await call('put', workspacePaths.roles, {
      data: { ...body, lastChangeDate: '2020-01-01T00:00:00.000Z' },
    });
    expect([stale.status, stale.statusCode]).toEqual([400, 261]);
    const fresh = await call('put', workspacePaths.roles, {
      data: { ...body, lastChangeDate: role.lastChangeDate },
    });
    expect(roleSchema.parse(fresh.data).name).toBe('HR');
  });

  it('refuse a status change outside the transition table', async () => {
    const refused = await call('put', workspacePaths.userStatus, {
      data: { workspaceId: ws, userId: 'entry-user-4', statusKey: 'unconfirmed' },
    });
    expect([refused.status, refused.statusCode]).toEqual([400, 400]);
    const moved = await call('put', workspacePaths.userStatus, {
      data: { workspaceId: ws, userId: 'entry-user-4', statusKey: 'confirmed' },
    });
    expect(moved.statusCode).toBe(200);
  });
});

import {
  accessInformationSchema,
  applicationSchema,
  invitationSchema,
  workspaceProfileSchema,
  workspaceSchema,
} from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resetMockState } from '../../app/mock-handlers';
import { callMock } from '../../test/mock-call';

// The mocked-API mode must answer in the contract's shapes, or the screens show errors in a mock build.

const call = (method: 'get' | 'post', path: string, data?: unknown) => callMock(method, path, { data });

describe('mocked answers of the workspace calls', () => {
  it.each([
    ['/v1/workspaces', z.array(workspaceSchema)],
    ['/v1/workspaces/workspace-id/ws-1', workspaceSchema],
    ['/v1/workspaces/profile/workspace-id/ws-1', workspaceProfileSchema],
    ['/v1/workspaces/members/access/information/user-id/user-1/workspace-id/ws-2', accessInformationSchema],
    ['/v1/workspaces/profile/applications/workspace-id/ws-1', z.array(applicationSchema)],
    ['/v1/workspaces/members/identity/invitations', z.array(invitationSchema)],
    ['/v1/workspaces/members/identity/invitations/id/invitation-1', invitationSchema],
  ] as const)('GET %s matches the contract schema', async (path, schema) => {
    expect(schema.safeParse((await call('get', path)).data).success).toBe(true);
  });

  it('keeps what was created, and refuses a duplicate application key with 261', async () => {
    const first = await call('post', '/v1/workspaces/profile/applications', {
      workspaceId: 'ws-1',
      key: 'crm',
      name: 'CRM',
    });
    expect(applicationSchema.parse(first.data).key).toBe('crm');
    const again = await call('post', '/v1/workspaces/profile/applications', {
      workspaceId: 'ws-1',
      key: 'crm',
      name: 'CRM',
    });
    expect(again.statusCode).toBe(261);
    const list = z
      .array(applicationSchema)
      .parse((await call('get', '/v1/workspaces/profile/applications/workspace-id/ws-1')).data);
    expect(list.map((application) => application.key)).toContain('crm');
  });

  it('starts each test from the samples again: what one test created, the next does not see', async () => {
    await call('post', '/v1/workspaces/profile/applications', {
      workspaceId: 'ws-1',
      key: 'erp',
      name: 'ERP',
    });
    await call('post', '/v1/workspaces', { workspaceName: 'mock-reset', name: 'Reset' });
    const keys = async () =>
      z
        .array(applicationSchema)
        .parse((await call('get', '/v1/workspaces/profile/applications/workspace-id/ws-1')).data)
        .map((app) => app.key);
    const names = async () =>
      z
        .array(workspaceSchema)
        .parse((await call('get', '/v1/workspaces')).data)
        .map((w) => w.workspaceName);
    expect(await keys()).toContain('erp');
    expect(await names()).toContain('mock-reset');
    resetMockState();
    expect(await keys()).not.toContain('erp');
    expect(await names()).toEqual(['acme', 'globex']);
  });
});

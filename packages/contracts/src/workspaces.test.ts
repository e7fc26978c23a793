import { describe, expect, it } from 'vitest';
import { validationErrors } from './issue-messages';
import {
  createWorkspaceRequestSchema,
  permissionKeys,
  sendInvitationRequestSchema,
  updateRoleRequestSchema,
  workspacePaths,
  workspaceUserStatuses,
  workspaceUserTransitions,
} from './workspaces';

describe('workspace schemas', () => {
  it('lower-cases workspaceName and refuses anything but 3–40 of [a-z0-9-]', () => {
    expect(createWorkspaceRequestSchema.parse({ workspaceName: 'Acme-1', name: 'A' }).workspaceName).toBe(
      'acme-1',
    );
    for (const bad of ['ab', 'a b', 'a_b', 'x'.repeat(41), 'شرکت']) {
      const result = createWorkspaceRequestSchema.safeParse({ workspaceName: bad, name: 'A' });
      expect(result.success).toBe(false);
      if (!result.success)
        expect(validationErrors(result.error, 'en')).toEqual([
          { path: 'workspaceName', message: 'The workspace name must be 3–40 of a-z, 0-9 and -' },
        ]);
    }
  });

  it('turns an empty description into null (cleared)', () => {
    expect(
      createWorkspaceRequestSchema.parse({ workspaceName: 'abc', name: 'A', description: '' }).description,
    ).toBeNull();
  });

  it('names the invitee by exactly one of phone, national code or username, normalising each', () => {
    const phone = sendInvitationRequestSchema.parse({ workspaceId: 'w', phone: '+989121234567' });
    expect(phone.phone).toBe('09121234567');
    const user = sendInvitationRequestSchema.parse({ workspaceId: 'w', username: 'Sara_1' });
    expect(user.username).toBe('sara_1');
    expect(sendInvitationRequestSchema.safeParse({ workspaceId: 'w' }).success).toBe(false);
    expect(
      sendInvitationRequestSchema.safeParse({ workspaceId: 'w', phone: '09121234567', username: 'sara' })
        .success,
    ).toBe(false);
    expect(
      sendInvitationRequestSchema.safeParse({ workspaceId: 'w', nationalCode: '1111111111' }).success,
    ).toBe(false);
  });

  it('needs the role lastChangeDate as an ISO date', () => {
    const base = { workspaceId: 'w', roleId: 'r', name: 'n', superAccess: false, permissionIds: [] };
    expect(
      updateRoleRequestSchema.safeParse({ ...base, lastChangeDate: '2026-01-01T00:00:00.000Z' }).success,
    ).toBe(true);
    expect(updateRoleRequestSchema.safeParse({ ...base, lastChangeDate: 'yesterday' }).success).toBe(false);
  });

  it('keeps the permission catalogue of the spec (tenant_{area}_{action})', () => {
    expect(permissionKeys).toHaveLength(17);
    for (const key of permissionKeys)
      expect(key).toMatch(/^tenant_(roles|users_role|members|profile|audit|integrations)_[a-z_]+$/);
  });

  it('never lets a manual transition reach the invitation-only statuses', () => {
    for (const from of workspaceUserStatuses) {
      expect(workspaceUserTransitions[from]).not.toContain('unregistered');
      expect(workspaceUserTransitions[from]).not.toContain('unconfirmed');
      expect(workspaceUserTransitions[from]).not.toContain(from);
    }
  });

  it('builds the paths the web app calls', () => {
    expect(workspacePaths.role('w1', 'r1')).toBe(
      '/v1/workspaces/members/access/roles/role-id/r1/workspace-id/w1',
    );
    expect(workspacePaths.applicationByKey('w1', 'shop')).toBe(
      '/v1/profiles/applications/application-key/shop/workspace-id/w1/',
    );
  });
});

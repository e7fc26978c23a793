import { describe, expect, it } from 'vitest';
import { createRole, createWorkspace, memberWith, newClient, quickUser } from '../../../test/fixtures';
import { appForFile, startTestApp, testDatabase } from '../../../test/test-app';
import { tappedDatabase } from '../../../test/transaction-taps';

// A role change checks the caller's rights in the transaction that writes it: a caller demoted while
// their request is under way cannot change anyone's role any more.

const api = appForFile();

const membersPath = '/v1/workspaces/members/identity/';

/** A workspace with a manager (who may change roles), a member without a role, and a readers role. */
async function roleChangeCast() {
  const owner = await quickUser(api);
  const workspace = await createWorkspace(api, owner);
  const manager = await memberWith(api, workspace, ['tenant_members_update', 'tenant_members_read']);
  const target = await memberWith(api, workspace, null);
  const readers = await createRole(api, workspace, ['tenant_members_read']);
  return { owner, workspace, manager, target, readers };
}

describe('a role change racing the demotion of whoever makes it', () => {
  it('the demoted member’s change, held until the demotion is committed, is refused (body 403) and changes nothing', async () => {
    const { owner, workspace, manager, target, readers } = await roleChangeCast();

    // The manager's request goes through an app whose next transaction waits for a signal: the
    // owner's demotion of the manager is committed in between, whatever the request read before.
    const tapped = tappedDatabase(await testDatabase());
    let reached!: () => void;
    const atTransaction = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    tapped.tap.current = {
      beforeBegin: async () => {
        tapped.tap.current = undefined;
        reached();
        await released;
      },
    };
    const managerApp = await startTestApp({ database: tapped.handle });
    try {
      const change = newClient(managerApp).call('PUT', membersPath, {
        token: manager.user.tokens.accessToken,
        body: { workspaceId: workspace.id, memberId: target.memberId, roleId: readers.id },
      });
      await atTransaction;
      const demotion = await newClient(api).call('PUT', membersPath, {
        token: owner.tokens.accessToken,
        body: { workspaceId: workspace.id, memberId: manager.memberId, roleId: null },
      });
      expect(demotion.status).toBe(200);
      release();
      const answer = await change;
      expect(answer.body.statusCode).toBe(403);
    } finally {
      release();
      await managerApp.close();
    }
    const read = await newClient(api).call<{ role: { id: string } | null }>(
      'GET',
      `${membersPath}id/${target.memberId}/workspace-id/${workspace.id}`,
      { token: owner.tokens.accessToken },
    );
    expect(read.body.data.role).toBeNull();
  });

  it('a member with the right changes a role as before', async () => {
    const { workspace, manager, target, readers } = await roleChangeCast();
    const changed = await newClient(api).call<{ role: { id: string } | null }>('PUT', membersPath, {
      token: manager.user.tokens.accessToken,
      body: { workspaceId: workspace.id, memberId: target.memberId, roleId: readers.id },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.role?.id).toBe(readers.id);
  });
});

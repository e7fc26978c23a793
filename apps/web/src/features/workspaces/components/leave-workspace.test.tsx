import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getWorkspaceId } from '../../../lib/storage';
import { featureTestHarness, renderScreen, toasts } from '../../../test/feature-harness';
import { workspaceKeys } from '../api';
import { selectWorkspace } from '../selection';
import { UserMenu } from './user-menu';

const accessPath = '/v1/workspaces/members/access/information/user-id/u1/workspace-id/ws-1';
const access = (level: 'owner' | 'member') => ({
  workspaceId: 'ws-1',
  memberId: 'm7',
  roles: [{ level, role: null, applications: [], permissions: level === 'owner' ? ['*'] : [] }],
});

const api = featureTestHarness({ userId: 'u1' });
beforeEach(() => {
  selectWorkspace('ws-1');
});

const open = () =>
  renderScreen(<UserMenu />, {
    path: '/en/workspace/apps',
    pattern: '/:locale/workspace/apps',
    locale: 'en',
    extraRoutes: [{ path: '/:locale', element: <p>picker</p> }],
  });

describe('leaving a workspace from the account menu', { timeout: 30_000 }, () => {
  it('a member without any permission leaves with its own membership id and lands on the picker', async () => {
    api.on(`GET ${accessPath}`, access('member'));
    api.on('DELETE /v1/workspaces/members/identity/', null);
    const { router } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Leave workspace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this workspace?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave workspace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    expect(api.calls('DELETE /v1/workspaces/members/identity/')[0]?.body).toEqual({
      workspaceId: 'ws-1',
      memberId: 'm7',
    });
    expect(getWorkspaceId()).toBeNull();
    expect(toasts.success).toHaveBeenCalledWith('You left the workspace.');
  });

  it('the owner is not offered to leave', async () => {
    api.on(`GET ${accessPath}`, access('owner'));
    const { queryClient } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    // The owner's access answer is handled (in the cache), not merely asked for.
    await waitFor(() =>
      expect(queryClient.getQueryState(workspaceKeys.access('ws-1'))?.status).toBe('success'),
    );
    expect(screen.queryByRole('menuitem', { name: 'Leave workspace' })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAppId, getWorkspaceId } from '../../lib/storage';
import { featureTestHarness, renderScreen, toasts } from '../../test/feature-harness';
import { PickerPage } from './picker-page';
import { selectApp, selectWorkspace } from './selection';
import { pendingInvitation, workspace } from './test-fixtures';

const invitation = pendingInvitation({ id: 'r-acc', name: 'Accounting', key: 'accounting' });

const api = featureTestHarness({ userId: 'u1' });

const open = (locale: 'fa' | 'en' = 'en') =>
  renderScreen(<PickerPage />, {
    path: `/${locale}`,
    pattern: '/:locale',
    locale,
    extraRoutes: [{ path: '/:locale/workspace/apps', element: <p>apps page</p> }],
  });

describe('the workspace picker (/)', { timeout: 30_000 }, () => {
  it('lists my workspaces with my level or role; choosing one selects it and opens its applications', async () => {
    selectWorkspace('ws-2');
    selectApp('app-of-ws-2');
    api.on('GET /v1/workspaces/', [
      workspace('ws-1', 'Acme', 'owner', null),
      workspace('ws-2', 'Globex', 'member', 'Clerk'),
    ]);
    api.on('GET /v1/workspaces/members/identity/invitations/', []);
    const { router } = await open();
    const cards = await screen.findAllByTestId('workspace-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Acme', 'Globex']);
    expect(within(cards[0] as HTMLElement).getByText('Owner')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('Clerk')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Acme/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/workspace/apps'));
    expect(getWorkspaceId()).toBe('ws-1');
    expect(getAppId()).toBeNull();
  });

  it('offers to create a workspace when there is none', async () => {
    api.on('GET /v1/workspaces/', []);
    api.on('GET /v1/workspaces/members/identity/invitations/', []);
    await open('fa');
    const empty = await screen.findByTestId('workspaces-empty');
    expect(within(empty).getByRole('link', { name: 'ساختن فضای کاری' }).getAttribute('href')).toBe(
      '/fa/workspace/new',
    );
  });

  it('accepts a pending invitation and takes me into the joined workspace, selected', async () => {
    let accepted = false;
    api.on('GET /v1/workspaces/', () => ({
      data: accepted ? [workspace('ws-9', 'Initech', 'member', 'Accounting')] : [],
    }));
    api.on('GET /v1/workspaces/members/identity/invitations/', () => ({
      data: accepted ? [] : [invitation],
    }));
    api.on('POST /v1/workspaces/members/identity/invitations/response/', () => {
      accepted = true;
      return { data: null };
    });
    const { router } = await open();
    const card = await screen.findByTestId('invitation-card');
    expect(within(card).getByText(/Invited as Accounting/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Accept the invitation of Initech' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/workspace/apps'));
    expect(getWorkspaceId()).toBe('ws-9');
    expect(api.calls('POST /v1/workspaces/members/identity/invitations/response/')[0]?.body).toEqual({
      invitationId: 'inv-1',
      accept: true,
    });
    expect(toasts.success).toHaveBeenCalledWith('You joined Initech');
  });

  it('declines only after a confirmation', async () => {
    api.on('GET /v1/workspaces/', []);
    api.on('GET /v1/workspaces/members/identity/invitations/', [invitation]);
    api.on('POST /v1/workspaces/members/identity/invitations/response/', null);
    await open();
    const card = await screen.findByTestId('invitation-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Decline the invitation of Initech' }));
    // The confirmation is MUI's dialog, loaded on this first press (half a second here, more on a busy machine).
    const dialog = await screen.findByRole('dialog', { name: 'Decline this invitation?' }, { timeout: 5000 });
    expect(api.calls('POST /v1/workspaces/members/identity/invitations/response/')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(api.calls('POST /v1/workspaces/members/identity/invitations/response/')[0]?.body).toEqual({
        invitationId: 'inv-1',
        accept: false,
      }),
    );
  });
});

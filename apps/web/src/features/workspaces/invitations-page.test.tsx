import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getWorkspaceId } from '../../lib/storage';
import { featureTestHarness, renderScreen } from '../../test/feature-harness';
import { NotificationBell } from '../notifications/notification-bell';
import { InvitationsPage } from './invitations-page';
import { pendingInvitation } from './test-fixtures';

const invitation = pendingInvitation(null);

const api = featureTestHarness({ userId: 'u1' });

describe('my invitations (/workspace/invitations)', { timeout: 30_000 }, () => {
  it('accepting one opens the joined workspace, selected, and the bell stops counting it', async () => {
    let accepted = false;
    api.on('GET /v1/workspaces/members/identity/invitations/', () => ({
      data: accepted ? [] : [invitation],
    }));
    // The server marks the invitation's notification read when it is answered.
    api.on('GET /v1/notifications/unread/', () => ({ data: { count: accepted ? 0 : 1 } }));
    api.on('POST /v1/workspaces/members/identity/invitations/response/', () => {
      accepted = true;
      return { data: null };
    });
    const { router } = await renderScreen(
      <>
        <NotificationBell />
        <InvitationsPage />
      </>,
      {
        path: '/en/workspace/invitations',
        pattern: '/:locale/workspace/invitations',
        locale: 'en',
        extraRoutes: [{ path: '/:locale/workspace/apps', element: <NotificationBell /> }],
      },
    );
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe(
        '1 unread notification',
      ),
    );
    const card = await screen.findByTestId('invitation-card');
    await userEvent.click(within(card).getByRole('button', { name: 'Accept the invitation of Initech' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/workspace/apps'));
    expect(getWorkspaceId()).toBe('ws-9');
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe(
        'Notifications, none unread',
      ),
    );
    expect(api.calls('GET /v1/notifications/unread/').length).toBeGreaterThanOrEqual(2);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { readSession, sessionKeys } from '../../lib/storage';
import { featureTestHarness, renderScreen } from '../../test/feature-harness';
import { AnnouncementPrompt } from './announcement-prompt';
import { notificationKeys } from './api';

// What the API answers: announcements newest first, each `read: false` (announcements are not tracked
// per reader, apps/api notifications service).
const item = (id: string, createdDate: string) => ({
  id,
  type: 'announcement',
  title: `Announcement ${id}`,
  body: 'Body',
  link: null,
  read: false,
  createdDate,
});

const api = featureTestHarness();
beforeEach(() => {
  api.on('GET /v1/notifications/bulk/', {
    notifications: [item('a2', '2026-11-21T10:00:00.000Z'), item('a1', '2026-11-20T10:00:00.000Z')],
    total: 2,
  });
});

const open = () =>
  renderScreen(<AnnouncementPrompt />, {
    path: '/en/workspace/apps',
    pattern: '/:locale/workspace/apps',
    locale: 'en',
    extraRoutes: [{ path: '/:locale/announcement/:id', element: <p>announcement page</p> }],
  });

describe('the announcement prompt', () => {
  it('offers the newest announcement and leads to it; then not again in this session', async () => {
    const { router } = await open();
    expect(await screen.findByText('Announcement a2')).toBeInTheDocument();
    expect(screen.queryByText('Announcement a1')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Read' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/announcement/a2'));
    expect(readSession(sessionKeys.announcementAllowed)).toBe('false');
  });

  it('dismissed, it stays away and asks the server nothing more in this session', async () => {
    const first = await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss the announcement' }));
    await waitFor(() => expect(screen.queryByText('Announcement a1')).not.toBeInTheDocument());
    expect(readSession(sessionKeys.announcementAllowed)).toBe('false');
    first.unmount();
    const calls = api.calls('GET /v1/notifications/bulk/').length;

    const { queryClient } = await open();
    // The prompt is mounted and has decided (its query is observed), and it decided not to fetch.
    const query = () => queryClient.getQueryCache().find({ queryKey: notificationKeys.announcements(1) });
    await waitFor(() => expect(query()?.getObserversCount()).toBe(1));
    expect(query()?.state.fetchStatus).toBe('idle');
    expect(api.calls('GET /v1/notifications/bulk/')).toHaveLength(calls);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows nothing when there is no announcement', async () => {
    api.on('GET /v1/notifications/bulk/', { notifications: [], total: 0 });
    const { queryClient } = await open();
    // Wait until the answer is in the cache (handled), then look.
    await waitFor(() =>
      expect(queryClient.getQueryState(notificationKeys.announcements(1))?.status).toBe('success'),
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

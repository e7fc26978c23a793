import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSession, sessionKeys } from '../../lib/storage';
import { type FakeApi, fakeApi, logIn, renderScreen, resetHarness } from '../../test/feature-harness';
import { AnnouncementPrompt } from './announcement-prompt';

const item = (id: string, read: boolean) => ({
  id,
  type: 'announcement',
  title: `Announcement ${id}`,
  body: 'Body',
  link: null,
  read,
  createdDate: '2026-11-20T10:00:00.000Z',
});

let api: FakeApi;
beforeEach(() => {
  logIn();
  api = fakeApi();
  api.on('GET /v1/notifications/bulk/', { notifications: [item('a2', true), item('a1', false)], total: 2 });
});
afterEach(resetHarness);

const open = () =>
  renderScreen(<AnnouncementPrompt />, {
    path: '/en/workspace/apps',
    pattern: '/:locale/workspace/apps',
    locale: 'en',
    extraRoutes: [{ path: '/:locale/announcement/:id', element: <p>announcement page</p> }],
  });

describe('the announcement prompt', () => {
  it('offers the newest unread announcement and leads to it; then not again in this session', async () => {
    const { router } = await open();
    expect(await screen.findByText('Announcement a1')).toBeTruthy();
    expect(screen.queryByText('Announcement a2')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Read' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/announcement/a1'));
    expect(readSession(sessionKeys.announcementAllowed)).toBe('false');
  });

  it('dismissed, it stays away and asks the server nothing more in this session', async () => {
    const first = await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss the announcement' }));
    await waitFor(() => expect(screen.queryByText('Announcement a1')).toBeNull());
    first.unmount();
    const calls = api.calls('GET /v1/notifications/bulk/').length;
    await open();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('Announcement a1')).toBeNull();
    expect(api.calls('GET /v1/notifications/bulk/')).toHaveLength(calls);
  });

  it('shows nothing when every announcement is read', async () => {
    api.on('GET /v1/notifications/bulk/', { notifications: [item('a2', true)], total: 1 });
    await open();
    await waitFor(() => expect(api.calls('GET /v1/notifications/bulk/')).toHaveLength(1));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeApi,
  fakeApi,
  logIn,
  type RecordedRequest,
  renderScreen,
  resetHarness,
} from '../../test/feature-harness';
import { AnnouncementPage, AnnouncementsPage } from './announcements-page';
import { NotificationBell } from './notification-bell';
import { NotificationsPage } from './notifications-page';

const note = (id: string, read: boolean, title = `Notice ${id}`) => ({
  id,
  type: 'password.changed',
  title,
  body: `Body ${id}`,
  link: null,
  read,
  createdDate: new Date(Date.now() - 5 * 60_000).toISOString(),
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  vi.useRealTimers();
  resetHarness();
});

describe('the notification bell', () => {
  it('shows the unread count, and asks again on each route change and every 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    logIn();
    let count = 3;
    api.on('GET /v1/notifications/unread/', () => ({ data: { count } }));
    const { router } = await renderScreen(<NotificationBell />, {
      path: '/en/profile',
      pattern: '/:locale/*',
      locale: 'en',
    });
    const bell = await screen.findByRole('link', { name: '3 unread notifications' });
    expect(bell).toHaveAttribute('href', '/en/profile/notifications');
    expect(api.calls('GET /v1/notifications/unread/')).toHaveLength(1);

    count = 4;
    await act(async () => {
      await router.navigate('/en/profile/security');
    });
    await screen.findByRole('link', { name: '4 unread notifications' });
    expect(api.calls('GET /v1/notifications/unread/')).toHaveLength(2);

    count = 0;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    await screen.findByRole('link', { name: 'Notifications, none unread' });
    expect(api.calls('GET /v1/notifications/unread/')).toHaveLength(3);
  });

  it('counts in Persian digits in fa', async () => {
    logIn();
    api.on('GET /v1/notifications/unread/', { count: 12 });
    await renderScreen(<NotificationBell />, { path: '/fa/profile', pattern: '/:locale/*', locale: 'fa' });
    await screen.findByRole('link', { name: '۱۲ اعلان خوانده‌نشده' });
    expect(screen.getByTestId('notification-count').textContent).toContain('۱۲');
  });

  it('is not shown and asks nothing without a logged-in user', async () => {
    await renderScreen(<NotificationBell />, {
      path: '/en/announcement',
      pattern: '/:locale/*',
      locale: 'en',
    });
    await act(async () => {});
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});

describe('the notifications list', () => {
  beforeEach(logIn);

  it('lists the notifications and marks one as read with PUT ack { ids }', async () => {
    let items = [note('n1', false, 'Your password was changed'), note('n2', true)];
    api.on('GET /v1/notifications/simple/', () => ({ data: { notifications: items, total: 2 } }));
    api.on('PUT /v1/notifications/ack/', (request: RecordedRequest) => {
      const ids = (request.body as { ids: string[] }).ids;
      items = items.map((item) => (ids.includes(item.id) ? { ...item, read: true } : item));
      return { data: null };
    });
    await renderScreen(<NotificationsPage />, {
      path: '/en/profile/notifications',
      pattern: '/:locale/profile/notifications',
      locale: 'en',
    });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByTestId('notification-item')).toHaveLength(2);
    expect(within(list).getByText('Your password was changed')).toBeInTheDocument();
    expect(within(list).getAllByText('5 minutes ago')).toHaveLength(2);
    expect(api.calls('GET /v1/notifications/simple/')[0]?.params).toEqual({ page: 1, pageSize: 20 });
    await userEvent.click(within(list).getByRole('button', { name: 'Mark as read' }));
    expect(await api.sentOnce('PUT /v1/notifications/ack/')).toEqual({ ids: ['n1'] });
    await waitFor(() =>
      expect(within(list).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument(),
    );
  });

  it('says so when there are none, in Persian', async () => {
    api.on('GET /v1/notifications/simple/', { notifications: [], total: 0 });
    await renderScreen(<NotificationsPage />, {
      path: '/fa/profile/notifications',
      pattern: '/:locale/profile/notifications',
      locale: 'fa',
    });
    expect(await screen.findByText('هنوز اعلانی ندارید.')).toBeInTheDocument();
    expect(
      (screen.getByRole('button', { name: 'علامت‌گذاری همه به‌عنوان خوانده‌شده' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('shows an error state with a retry when the list fails', async () => {
    api.on('GET /v1/notifications/simple/', () => ({ status: 404, statusCode: 404 }));
    await renderScreen(<NotificationsPage />, {
      path: '/en/profile/notifications',
      pattern: '/:locale/profile/notifications',
      locale: 'en',
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('announcements', () => {
  it('lists bulk announcements with links to each one, also without login', async () => {
    api.on('GET /v1/notifications/bulk/', {
      notifications: [note('b1', false, 'Maintenance on Friday')],
      total: 1,
    });
    await renderScreen(<AnnouncementsPage />, {
      path: '/en/announcement',
      pattern: '/:locale/announcement',
      locale: 'en',
    });
    const link = await screen.findByRole('link', { name: 'Maintenance on Friday' });
    expect(link).toHaveAttribute('href', '/en/announcement/b1');
    expect(screen.queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
  });

  it('shows one announcement, and a clear message for a missing one', async () => {
    api.on('GET /v1/notifications/bulk/id/b1/', note('b1', false, 'Maintenance on Friday'));
    await renderScreen(<AnnouncementPage />, {
      path: '/en/announcement/b1',
      pattern: '/:locale/announcement/:id',
      locale: 'en',
    });
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Maintenance on Friday');
    expect(screen.getByText('Body b1')).toBeInTheDocument();
    resetHarness();
    api.on('GET /v1/notifications/bulk/id/zz/', () => ({ status: 404, statusCode: 404 }));
    await renderScreen(<AnnouncementPage />, {
      path: '/en/announcement/zz',
      pattern: '/:locale/announcement/:id',
      locale: 'en',
    });
    expect(
      await screen.findByText('This announcement does not exist or is no longer available.'),
    ).toBeTruthy();
  });
});

import { notificationList, unreadCount } from 'virtual:read-checks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@wsm/contracts';
import { apiClient, unwrap } from '../../lib/api-client';
import { checked, parsedWith } from '../../lib/read-check';

// Notifications: the calls and their hooks. The
// lists and the unread count, which the signed-in frame reads at once (the bell, the announcement), are
// checked by code compiled from the contracts' schemas (virtual:read-checks); the rest load zod's.

export type { Notification, NotificationList } from '@wsm/contracts';

export const notificationPaths = {
  simple: '/v1/notifications/simple/',
  simpleById: (id: string) => `/v1/notifications/simple/id/${encodeURIComponent(id)}/`,
  bulk: '/v1/notifications/bulk/',
  bulkById: (id: string) => `/v1/notifications/bulk/id/${encodeURIComponent(id)}/`,
  unread: '/v1/notifications/unread/',
  ack: '/v1/notifications/ack/',
} as const;

/** Unread count refresh. */
export const notificationRefreshMs = 60_000;
export const notificationPageSize = 20;

/** What the shared paged list needs to know of a notification page. */
export const countNotifications = (list: NotificationList) => ({
  items: list.notifications.length,
  total: list.total,
});

const schemas = () => import('./notification-schemas');

export interface ListQuery {
  page: number;
  pageSize?: number;
}

export const notificationApi = {
  list: async ({ page, pageSize = notificationPageSize }: ListQuery) =>
    checked(
      notificationList,
      await unwrap(apiClient.get(notificationPaths.simple, { params: { page, pageSize } })),
    ),
  one: (id: string) =>
    parsedWith(schemas, (s) => s.notificationSchema, unwrap(apiClient.get(notificationPaths.simpleById(id)))),
  announcements: async ({ page, pageSize = notificationPageSize }: ListQuery) =>
    checked(
      notificationList,
      await unwrap(
        apiClient.get(notificationPaths.bulk, {
          params: { page, pageSize },
          noRedirection: true,
          onError: () => {},
        }),
      ),
    ),
  announcement: (id: string) =>
    parsedWith(
      schemas,
      (s) => s.notificationSchema,
      unwrap(apiClient.get(notificationPaths.bulkById(id), { noRedirection: true, onError: () => {} })),
    ),
  unread: async () =>
    // A background refresh: a failure must not toast every minute or move the user.
    checked(unreadCount, await unwrap(apiClient.get(notificationPaths.unread, { noRedirection: true })))
      .count,
  ack: async (ids: string[]) => {
    const { ackRequestSchema } = await schemas();
    return unwrap(apiClient.put(notificationPaths.ack, ackRequestSchema.parse({ ids })));
  },
};

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: (page: number) => ['notifications', 'list', page] as const,
  announcements: (page: number) => ['announcements', 'list', page] as const,
  announcement: (id: string) => ['announcements', id] as const,
};

/** The unread count: fetched at startup, every 60 seconds (the caller adds "on each route change"). */
export const useUnreadCount = (enabled = true) =>
  useQuery({
    queryKey: notificationKeys.unread,
    queryFn: notificationApi.unread,
    refetchInterval: notificationRefreshMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
    enabled,
  });

export const useNotifications = (page: number) =>
  useQuery({
    queryKey: notificationKeys.list(page),
    queryFn: () => notificationApi.list({ page }),
    placeholderData: keepPreviousData,
  });

export const useAnnouncements = (page: number, enabled = true) =>
  useQuery({
    queryKey: notificationKeys.announcements(page),
    queryFn: () => notificationApi.announcements({ page }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useAnnouncement = (id: string) =>
  useQuery({ queryKey: notificationKeys.announcement(id), queryFn: () => notificationApi.announcement(id) });

export function useAck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: notificationApi.ack,
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

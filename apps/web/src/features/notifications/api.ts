import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, unwrap } from '../../lib/api-client';

// Notifications (api-contract.md section 7, product-spec.md section 7): schemas named after the
// contract's fields, the calls and their hooks. The lead moves the schemas to packages/contracts.

export const notificationPaths = {
  simple: '/v1/notifications/simple/',
  simpleById: (id: string) => `/v1/notifications/simple/id/${encodeURIComponent(id)}/`,
  bulk: '/v1/notifications/bulk/',
  bulkById: (id: string) => `/v1/notifications/bulk/id/${encodeURIComponent(id)}/`,
  unread: '/v1/notifications/unread/',
  ack: '/v1/notifications/ack/',
} as const;

/** Unread count refresh (product-spec.md section 9). */
export const notificationRefreshMs = 60_000;
export const notificationPageSize = 20;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  body: z.string().nullable().optional(),
  link: z.string().nullable().optional(),
  read: z.boolean().optional().default(false),
  createdDate: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `data: { notifications, total }`. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  total: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
/** What the shared paged list needs to know of a notification page. */
export const countNotifications = (list: NotificationList) => ({
  items: list.notifications.length,
  total: list.total,
});

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });
export const ackRequestSchema = z.object({ ids: z.array(z.string()).min(1) });

export interface ListQuery {
  page: number;
  pageSize?: number;
}

export const notificationApi = {
  list: async ({ page, pageSize = notificationPageSize }: ListQuery) =>
    notificationListSchema.parse(
      await unwrap(apiClient.get(notificationPaths.simple, { params: { page, pageSize } })),
    ),
  one: async (id: string) =>
    notificationSchema.parse(await unwrap(apiClient.get(notificationPaths.simpleById(id)))),
  announcements: async ({ page, pageSize = notificationPageSize }: ListQuery) =>
    notificationListSchema.parse(
      await unwrap(
        apiClient.get(notificationPaths.bulk, {
          params: { page, pageSize },
          noRedirection: true,
          onError: () => {},
        }),
      ),
    ),
  announcement: async (id: string) =>
    notificationSchema.parse(
      await unwrap(apiClient.get(notificationPaths.bulkById(id), { noRedirection: true, onError: () => {} })),
    ),
  unread: async () =>
    unreadCountSchema.parse(
      // A background refresh: a failure must not toast every minute or move the user.
      await unwrap(apiClient.get(notificationPaths.unread, { noRedirection: true })),
    ).count,
  ack: (ids: string[]) => unwrap(apiClient.put(notificationPaths.ack, ackRequestSchema.parse({ ids }))),
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

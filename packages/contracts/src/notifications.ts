import { z } from 'zod';

// Notifications; the `data` of each envelope.

export const notificationPaths = {
  simple: '/v1/notifications/simple/',
  simpleById: '/v1/notifications/simple/id/:id/',
  bulk: '/v1/notifications/bulk/',
  bulkById: '/v1/notifications/bulk/id/:id/',
  unread: '/v1/notifications/unread/',
  ack: '/v1/notifications/ack/',
} as const;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdDate: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `data: { notifications, total }` of the lists (paged by `?page=&pageSize=`). */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  total: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });
/** Ids to mark read; only the caller's own notifications are touched, others are ignored. */
export const ackRequestSchema = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100) });
/** How many of the given ids were the caller's and are now read. */
export const ackResponseSchema = z.object({ acknowledged: z.number().int().min(0) });

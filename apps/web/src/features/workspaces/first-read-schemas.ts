import {
  accessInformationSchema,
  applicationSchema,
  invitationSchema,
  notificationListSchema,
  unreadCountSchema,
  workspaceSchema,
} from '@wsm/contracts';
import { z } from 'zod';

/**
 * The answers the signed-in frame and its first screens read at once, by the name of the check
 * `virtual:read-checks` exports for each (apps/web/read-checks-plugin.ts compiles them at build time).
 */
export const firstReadSchemas = {
  workspaces: z.array(workspaceSchema),
  invitations: z.array(invitationSchema),
  applications: z.array(applicationSchema),
  access: accessInformationSchema,
  notificationList: notificationListSchema,
  unreadCount: unreadCountSchema,
};

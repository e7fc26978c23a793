// The module apps/web/read-checks-plugin.ts writes at build time: checks of the signed-in frame's first
// reads, compiled from the contracts' schemas of the same names.
declare module 'virtual:read-checks' {
  import type {
    AccessInformation,
    Application,
    Invitation,
    NotificationList,
    Workspace,
  } from '@wsm/contracts';

  /**
   * True when `data` fits the schema, whose unknown keys it drops, as zod's parse does; when false,
   * `errors` says where the answer did not fit.
   */
  export interface ReadCheck<T> {
    (data: unknown): data is T;
    errors?: { instancePath: string; keyword: string }[] | null;
  }

  export const workspaces: ReadCheck<Workspace[]>;
  export const invitations: ReadCheck<Invitation[]>;
  export const applications: ReadCheck<Application[]>;
  export const access: ReadCheck<AccessInformation>;
  export const notificationList: ReadCheck<NotificationList>;
  export const unreadCount: ReadCheck<{ count: number }>;
}

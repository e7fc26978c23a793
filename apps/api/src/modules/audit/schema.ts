import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';
import { workspaces } from '../workspaces/schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The workspace audit log: every notable change of a workspace (access, profile, applications, backups)
 * — who did what to what, when. Written in the same transaction as the change, so the history never
 * claims a change that did not happen. A restore leaves it alone (it is history, not workspace data).
 * The table keeps its first name, from when it held access changes only.
 */
export const auditLog = pgTable(
  'access_audit',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The user who acted; null once that account is deleted. */
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A stable key of @wsm/contracts auditActions. */
    action: text('action').notNull(),
    /** What was acted on and how, e.g. { roleId, name, permissions, before } (service.ts describes each). */
    subject: jsonb('subject').$type<Record<string, unknown>>().notNull(),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    // The log newest first, ties broken by id: the page's order straight from the index, so no plan
    // sorts the workspace's entries to find 20 (docs/performance.md, "Every list").
    index('access_audit_page_idx').on(t.workspaceId, t.createdDate, t.id),
    // The log filtered by who acted or by action, newest first, without walking the whole log
    // (docs/performance.md, "Every list").
    index('access_audit_actor_page_idx').on(t.workspaceId, t.actorUserId, t.createdDate, t.id),
    index('access_audit_action_page_idx').on(t.workspaceId, t.action, t.createdDate, t.id),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;

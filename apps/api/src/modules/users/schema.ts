import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';
import { workspaces } from '../workspaces/schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const directoryStatuses = [
  'unregistered',
  'unconfirmed',
  'pending',
  'confirmed',
  'suspended',
] as const;
export type DirectoryStatus = (typeof directoryStatuses)[number];

/**
 * The workspace's user directory: one entry per person the workspace knows — invited without an account
 * (unregistered, phone only), invited with one (unconfirmed), or a member (pending, confirmed, suspended).
 * The names and birth date are the workspace's own record; the account's are used until it sets them.
 */
export const directoryUsers = pgTable(
  'workspace_users',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone'),
    status: text('status', { enum: directoryStatuses }).notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    birthDate: date('birth_date', { mode: 'string' }),
    joinDate: timestamptz('join_date'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    updatedDate: timestamptz('updated_date').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspace_users_workspace_user_key').on(t.workspaceId, t.userId),
    uniqueIndex('workspace_users_workspace_phone_key')
      .on(t.workspaceId, t.phone)
      .where(sql`${t.userId} is null`),
    index('workspace_users_workspace_status_idx').on(t.workspaceId, t.status),
    index('workspace_users_user_id_idx').on(t.userId),
    // Backups read a workspace's rows in id order, a page at a time (backups/repository.ts).
    index('workspace_users_workspace_id_id_idx').on(t.workspaceId, t.id),
    // The page order, read from either end; with a status filter too.
    index('workspace_users_page_idx').on(t.workspaceId, t.createdDate, t.id),
    index('workspace_users_status_page_idx').on(t.workspaceId, t.status, t.createdDate, t.id),
    // The few entries with names of the workspace's own, in page order: a search by their accounts'
    // names tests them apart (repository.ts, searchMatches) without reading the whole directory.
    index('workspace_users_named_page_idx')
      .on(t.workspaceId, t.createdDate, t.id)
      .where(sql`${t.firstName} is not null or ${t.lastName} is not null`),
    check(
      'workspace_users_status_check',
      sql`${t.status} in ('unregistered', 'unconfirmed', 'pending', 'confirmed', 'suspended')`,
    ),
    check('workspace_users_identity_check', sql`${t.userId} is not null or ${t.phone} is not null`),
  ],
);

export type DirectoryUserRow = typeof directoryUsers.$inferSelect;

/** The account behind a directory entry, as the lists read it (repository.ts, pages.ts). */
export interface DirectoryAccount {
  username: string | null;
  email: string | null;
  emailVerified: boolean;
  phone: string;
  nationalCode: string | null;
  firstName: string | null;
  lastName: string | null;
}

import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const workspaceStatuses = ['active'] as const;
export type WorkspaceStatus = (typeof workspaceStatuses)[number];

/** Tenants. workspaceName is a unique lower-case slug. */
export const workspaces = pgTable(
  'workspaces',
  {
    id: text('id').primaryKey(),
    workspaceName: text('workspace_name').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** An image of the assets store, uploaded for this workspace (see workspaceImages). */
    logoImageId: text('logo_image_id'),
    status: text('status', { enum: workspaceStatuses }).notNull().default('active'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    updatedDate: timestamptz('updated_date').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspaces_workspace_name_key').on(sql`lower(${t.workspaceName})`),
    check('workspaces_status_check', sql`${t.status} in ('active')`),
    check('workspaces_workspace_name_check', sql`${t.workspaceName} ~ '^[a-z0-9-]{3,40}$'`),
  ],
);

export interface SocialNetworksColumn {
  instagram?: string | null;
  telegram?: string | null;
  x?: string | null;
  rubika?: string | null;
}

/** The contact side of a workspace's profile (name, description and logo live on the workspace). */
export const workspaceProfiles = pgTable(
  'workspace_profiles',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    fax: text('fax'),
    socialNetworks: jsonb('social_networks').$type<SocialNetworksColumn>().notNull().default({}),
    updatedDate: timestamptz('updated_date').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workspace_profiles_workspace_id_key').on(t.workspaceId)],
);

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceProfileRow = typeof workspaceProfiles.$inferSelect;

/**
 * How many rows each workspace list holds, kept by triggers (migration 0019_list_counts_and_search) in the same
 * transaction as the rows, so a page's total is one row read however large the workspace. `list`:
 * 'members' (key ''), 'members-by-role' (key: the role id), 'users' (key: the directory status),
 * 'invitations' (key ''). No foreign key: a workspace's counts go with its delete trigger.
 */
export const workspaceListCounts = pgTable(
  'workspace_list_counts',
  {
    workspaceId: text('workspace_id').notNull(),
    list: text('list').notNull(),
    key: text('key').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.list, t.key] })],
);

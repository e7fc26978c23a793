import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SocialNetworksColumn } from '../workspaces/schema';
import { workspaces } from '../workspaces/schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface VersionColumn {
  pwa?: string | null;
  ios?: string | null;
  android?: string | null;
  windows?: string | null;
  macos?: string | null;
}

/** A workspace's applications; `key` is unique in the workspace. `tenant-settings` is built in. */
export const applications = pgTable(
  'workspace_applications',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    title: text('title'),
    slogan: text('slogan'),
    description: text('description'),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    version: jsonb('version').$type<VersionColumn>().notNull().default({}),
    socialNetworks: jsonb('social_networks').$type<SocialNetworksColumn>().notNull().default({}),
    builtIn: boolean('built_in').notNull().default(false),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    updatedDate: timestamptz('updated_date').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspace_applications_key_key').on(t.workspaceId, t.key),
    // (workspace_id, id): lists by workspace, and backups read a workspace's rows in id order a page at a time.
    index('workspace_applications_workspace_id_id_idx').on(t.workspaceId, t.id),
  ],
);

export type ApplicationRow = typeof applications.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A workspace's roles. Names are unique in the workspace case-insensitively; keys are fixed at creation. */
export const roles = pgTable(
  'workspace_roles',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    key: text('key').notNull(),
    superAccess: boolean('super_access').notNull().default(false),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    /** Moves on every change; PUT must send the one it read (optimistic locking). */
    lastChangeDate: timestamptz('last_change_date').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspace_roles_name_key').on(t.workspaceId, sql`lower(${t.name})`),
    uniqueIndex('workspace_roles_key_key').on(t.workspaceId, t.key),
    // Target of the foreign keys that carry workspace_id, so a row never points into another tenant.
    unique('workspace_roles_workspace_id_id_key').on(t.workspaceId, t.id),
    index('workspace_roles_page_idx').on(t.workspaceId, t.createdDate, t.id),
  ],
);

/** The permission keys of each role (the catalogue itself lives in code: permissionKeys). */
export const rolePermissions = pgTable(
  'workspace_role_permissions',
  {
    workspaceId: text('workspace_id').notNull(),
    roleId: text('role_id').notNull(),
    permissionKey: text('permission_key').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permissionKey] }),
    foreignKey({
      columns: [t.workspaceId, t.roleId],
      foreignColumns: [roles.workspaceId, roles.id],
      name: 'workspace_role_permissions_role_fk',
    }).onDelete('cascade'),
    index('workspace_role_permissions_workspace_id_idx').on(t.workspaceId),
  ],
);

export type RoleRow = typeof roles.$inferSelect;

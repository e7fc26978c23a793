import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';
import { workspaces } from '../workspaces/schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const backupSourceValues = ['created', 'imported', 'pre-restore'] as const;

/**
 * Stored backups of a workspace: the zip itself (in the database, so every API instance serves it and a
 * database backup holds it) and what the list shows. The archive column is stored uncompressed out of
 * line (migration 0004 sets STORAGE EXTERNAL): a zip does not compress further, and export reads it in
 * slices, which PostgreSQL only serves without decompressing the whole value when it is not compressed.
 */
export const workspaceBackups = pgTable(
  'workspace_backups',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    source: text('source', { enum: backupSourceValues }).notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the archive. */
    sha256: text('sha256').notNull(),
    formatVersion: integer('format_version').notNull(),
    /** Rows per table, from the manifest. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    /** The manifest's created date: when the data was read. */
    snapshotDate: timestamptz('snapshot_date').notNull(),
    archive: bytea('archive').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    index('workspace_backups_workspace_created_idx').on(t.workspaceId, t.createdDate),
    check('workspace_backups_source_check', sql`${t.source} in ('created', 'imported', 'pre-restore')`),
    check('workspace_backups_size_check', sql`${t.size} > 0`),
  ],
);

export type WorkspaceBackupRow = typeof workspaceBackups.$inferSelect;

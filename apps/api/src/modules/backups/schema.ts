import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';
import { workspaces } from '../workspaces/schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const backupSourceValues = ['created', 'imported', 'pre-restore'] as const;

/**
 * Stored backups of a workspace: what the list shows. The zip itself is in workspace_backup_chunks (in
 * the database, so every API instance serves it and a database backup holds it).
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

/**
 * A backup's zip in pieces (repository.ts archiveChunkBytes; migration 0009 cut older archives at 1 MiB),
 * in order of `position`. Each piece is written by one short statement and read by one, so storing or
 * streaming an archive of any size never holds the API's thread or the embedded database's one connection
 * long, or a whole archive's memory, and no statement rewrites what an earlier one stored. Stored uncompressed
 * (the migration sets STORAGE EXTERNAL): a zip does not compress further.
 */
export const workspaceBackupChunks = pgTable(
  'workspace_backup_chunks',
  {
    backupId: text('backup_id')
      .notNull()
      .references(() => workspaceBackups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.backupId, t.position] })],
);

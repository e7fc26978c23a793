import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const imageKinds = ['user-profile', 'workspace-logo'] as const;
export type ImageKind = (typeof imageKinds)[number];

/**
 * Uploaded images, re-encoded, kept in the database so a backup of the database is a backup of the
 * images too. Ids are random UUIDs (not v7): the image address is public, so the id must be unguessable.
 */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: imageKinds }).notNull(),
    ownerUserId: text('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The workspace of a logo; null for a user's own image. */
    workspaceId: text('workspace_id'),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('images_owner_idx').on(t.ownerUserId),
    index('images_workspace_idx').on(t.workspaceId),
    check('images_kind_check', sql`${t.kind} in ('user-profile', 'workspace-logo')`),
  ],
);

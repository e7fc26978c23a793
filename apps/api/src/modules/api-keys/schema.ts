import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';
import { workspaces } from '../workspaces/schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A workspace's API keys (docs/api.md, "API keys"): only the SHA-256 of a key is kept, never the key.
 * Revoking deletes the row (the audit log keeps the history); the triggers of the migration that made
 * this table tell every process's auth cache (lib/auth-cache.ts) to forget a deleted or changed key.
 */
export const apiKeys = pgTable(
  'workspace_api_keys',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text('key_hash').notNull(),
    /** `wsk_` and the next 8 characters, to recognise a key in the list. */
    prefix: text('prefix').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull(),
    /** Who made it; the key acts with at most that member's permissions. Null once the account is deleted. */
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    expiresDate: timestamptz('expires_date'),
    /** Moved at most once a minute per key, in batches (last-used.ts). */
    lastUsedDate: timestamptz('last_used_date'),
  },
  (t) => [
    uniqueIndex('workspace_api_keys_key_hash_key').on(t.keyHash),
    index('workspace_api_keys_workspace_id_id_idx').on(t.workspaceId, t.id),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;

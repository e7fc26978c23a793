import { sql } from 'drizzle-orm';
import { invitations } from './schema';

// Read by the unsearched pages of the invitations sent (sent-pages.ts) and of the directory
// (users/pages.ts), which sweep expired invitations before they are listed.

/**
 * Whether the workspace has pending invitations past their date (placeholders `workspaceId` and `now`),
 * as a column of a list's page statement, so the list needs no round trip of its own for it. The
 * earliest pending expiry is compared afterwards: a prepared statement's generic plan cannot know how
 * many rows `expires_date <= $now` keeps, and for an EXISTS it chose a scan of every invitation.
 */
export const expiredPending = sql`coalesce((select expiring.expires_date from ${invitations} expiring
  where expiring.workspace_id = ${sql.placeholder('workspaceId')} and expiring.status = 'pending'
  order by expiring.expires_date limit 1) <= ${sql.placeholder('now')}::timestamptz, false)`;

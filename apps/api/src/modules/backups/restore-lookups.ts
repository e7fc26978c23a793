import { sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { users } from '../identity/schema';
import { globalKeyBatches } from './archive-summary';
import type { WorkspaceData } from './format';
import { archivedRow, ident, rowsOf, t, yieldToEventLoop } from './pace';
import { type ArchiveRow, tableName, workspaceTables } from './registry';

// What a restore asks about the people its archive names (service planRestore, in restore-plan.ts).

/**
 * The accounts the workspace has a relation with right now: its members, and the invitees of its
 * pending invitations. A restore may bring back rows about these people only. Taken from the rows the
 * restore has already read in its snapshot (readWorkspaceData): asking the embedded database about
 * 100,000 accounts a batch at a time scanned the workspace's rows for every batch, for minutes.
 */
export function currentPeople(current: WorkspaceData): {
  members: Set<string>;
  pendingInvitees: Set<string>;
} {
  const members = new Set<string>();
  const pendingInvitees = new Set<string>();
  for (const row of current.tables.get('workspace_members') ?? []) members.add(String(row.user_id));
  for (const row of current.tables.get('workspace_invitations') ?? [])
    if (row.status === 'pending' && typeof row.invitee_user_id === 'string')
      pendingInvitees.add(row.invitee_user_id);
  return { members, pendingInvitees };
}

/** The phones among `phones` that an account holds now. */
export async function registeredPhones(db: Db, phones: string[]): Promise<Set<string>> {
  const held = new Set<string>();
  for (const batchJson of globalKeyBatches(phones)) {
    await yieldToEventLoop();
    const result = await db.execute(
      sql`select phone from ${users} where phone in (select jsonb_array_elements_text(${batchJson}::jsonb))`,
    );
    for (const row of rowsOf<{ phone: string }>(result)) held.add(row.phone);
  }
  return held;
}

/** A row of a registry table as it would be archived (the restoring owner's membership and directory entry). */
export async function currentRow(
  tx: Db,
  table: string,
  where: { workspaceId: string; userId: string },
): Promise<ArchiveRow | undefined> {
  const entry = workspaceTables.find((candidate) => tableName(candidate) === table);
  if (!entry) throw new Error(`${table} is not a registry table`);
  await tx.execute(sql`set local timezone to 'UTC'`);
  const result = await tx.execute(
    sql`select ${archivedRow(entry)} as "row" from ${ident(tableName(entry))} ${t}
        where ${t}.workspace_id = ${where.workspaceId} and ${t}.user_id = ${where.userId}`,
  );
  return rowsOf<{ row: ArchiveRow }>(result)[0]?.row;
}

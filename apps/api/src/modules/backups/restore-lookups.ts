import { sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { users } from '../identity/schema';
import { globalKeyBatches } from './archive-summary';
import { ident, rowsOf, t, yieldToEventLoop } from './pace';
import type { ArchiveRow } from './registry';

// What a restore asks about the people its archive names (service planRestore, in restore-plan.ts).

/**
 * Which of the accounts `userIds` the workspace has a relation with right now: its members, and the
 * invitees of its pending invitations. A restore may bring back rows about these people only. Asked a
 * batch of ids at a time: one answer with every invitee of a large workspace held the embedded
 * database, and so every request, for a long stretch.
 */
export async function currentPeople(
  db: Db,
  workspaceId: string,
  userIds: string[],
): Promise<{ members: Set<string>; pendingInvitees: Set<string> }> {
  const members = new Set<string>();
  const pendingInvitees = new Set<string>();
  for (const batchJson of globalKeyBatches(userIds)) {
    await yieldToEventLoop();
    const ids = sql`(select jsonb_array_elements_text(${batchJson}::jsonb))`;
    const memberRows = await db.execute(
      sql`select user_id from workspace_members where workspace_id = ${workspaceId} and user_id in ${ids}`,
    );
    for (const row of rowsOf<{ user_id: string }>(memberRows)) members.add(row.user_id);
    const inviteeRows = await db.execute(
      sql`select invitee_user_id as user_id from workspace_invitations
          where workspace_id = ${workspaceId} and status = 'pending' and invitee_user_id in ${ids}`,
    );
    for (const row of rowsOf<{ user_id: string }>(inviteeRows)) pendingInvitees.add(row.user_id);
  }
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
  await tx.execute(sql`set local timezone to 'UTC'`);
  const result = await tx.execute(
    sql`select to_jsonb(${t}) as "row" from ${ident(table)} ${t}
        where ${t}.workspace_id = ${where.workspaceId} and ${t}.user_id = ${where.userId}`,
  );
  return rowsOf<{ row: ArchiveRow }>(result)[0]?.row;
}

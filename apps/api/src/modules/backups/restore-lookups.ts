import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { users } from '../identity/schema';
import { ident, Pace, rowsOf, t } from './pace';
import type { ArchiveRow } from './registry';

// What a restore asks about the people its archive names (service planRestore, in restore-plan.ts).

/**
 * Asks the database about `values` a paced slice at a time, each slice one JSON array parameter
 * joined on the database side (`ask` writes the statement): the values are not sent back, and no
 * statement runs long on the embedded database, which holds the API's thread while it runs.
 */
async function askInSlices<T>(db: Db, values: string[], ask: (json: string) => SQL): Promise<T[]> {
  const answers: T[] = [];
  const pace = new Pace();
  for (let done = 0; done < values.length; ) {
    done += await pace.run(async (size) => {
      const slice = values.slice(done, done + size);
      for (const row of rowsOf<T>(await db.execute(ask(JSON.stringify(slice))))) answers.push(row);
      return slice.length;
    });
  }
  return answers;
}

/**
 * Which of the accounts `userIds` the workspace has a relation with right now: its members, and the
 * invitees of its pending invitations. A restore may bring back rows about these people only. Each id
 * is looked up by index through a lateral sub-select (`limit 1`, `offset 0`), which the planner cannot
 * turn into a hash join nor merge with the workspace filter: so planned, the embedded database (no
 * statistics) read all of a large workspace's members or pending invitations for every id or slice
 * (planRestore took 111 s at 100,000 users). Invitations are found by invitee only
 * (workspace_invitations_invitee_idx); their workspace and status are compared after.
 */
export async function currentPeople(
  db: Db,
  workspaceId: string,
  userIds: string[],
): Promise<{ members: Set<string>; pendingInvitees: Set<string> }> {
  const rows = await askInSlices<{ id: string; member: boolean; invitee: boolean }>(
    db,
    userIds,
    (json) =>
      sql`select p.id, m.found is not null as member, i.found is not null as invitee
          from jsonb_array_elements_text(${json}::jsonb) p(id)
          left join lateral (select 1 as found from workspace_members m
                             where m.workspace_id = ${workspaceId} and m.user_id = p.id limit 1) m on true
          left join lateral (select i.workspace_id as found, i.status from workspace_invitations i
                             where i.invitee_user_id = p.id offset 0) i
            on i.found = ${workspaceId} and i.status = 'pending'
          where m.found is not null or i.found is not null`,
  );
  const members = new Set<string>();
  const pendingInvitees = new Set<string>();
  for (const row of rows) {
    if (row.member) members.add(row.id);
    if (row.invitee) pendingInvitees.add(row.id);
  }
  return { members, pendingInvitees };
}

/** The phones among `phones` that an account holds now (each looked up in users_phone_key, as above). */
export async function registeredPhones(db: Db, phones: string[]): Promise<Set<string>> {
  const rows = await askInSlices<{ phone: string }>(
    db,
    phones,
    (json) =>
      sql`select p.phone from jsonb_array_elements_text(${json}::jsonb) p(phone)
          join lateral (select 1 from ${users} u where u.phone = p.phone limit 1) u on true`,
  );
  return new Set(rows.map((row) => row.phone));
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

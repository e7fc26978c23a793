import { and, asc, desc, eq, inArray, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/types';
import { nearerEndPage, searchedPage } from '../../lib/paging';
import { containsPattern, searchTextSeparator } from '../../lib/search';
import { users } from '../identity/schema';
import { readListCount } from '../workspaces/list-counts';
import { type DirectoryItemRow, directoryFirstPage, directoryLaterPage } from './pages';
import { type DirectoryAccount, type DirectoryStatus, type DirectoryUserRow, directoryUsers } from './schema';

export type { DirectoryItemRow } from './pages';

// Queries of the users (directory) module. Other modules use service.ts, never this file.

export const directoryColumns = {
  entry: directoryUsers,
  account: {
    username: users.username,
    email: users.email,
    emailVerified: users.emailVerified,
    phone: users.phone,
    nationalCode: users.nationalCode,
    firstName: users.firstName,
    lastName: users.lastName,
  },
};

export interface DirectoryRow {
  entry: DirectoryUserRow;
  account: DirectoryAccount | null;
}

const entryOrder = [asc(directoryUsers.createdDate), asc(directoryUsers.id)];
const entryOrderBackwards = [desc(directoryUsers.createdDate), desc(directoryUsers.id)];

function entryQuery(db: Db) {
  return db
    .select(directoryColumns)
    .from(directoryUsers)
    .leftJoin(users, eq(users.id, directoryUsers.userId));
}

/**
 * What a search of the directory tests: the entry's kept search text (migration 0032), which holds its
 * own names over the account's, and the account's names and username once the person is a member, so
 * the walk reads no account row. A term holding the fields' separator is tested field by field as well.
 */
function directorySearch(search: string): SQL {
  const pattern = containsPattern(search);
  const kept = sql`${directoryUsers}.search_text like lower(${pattern})`;
  if (!search.includes(searchTextSeparator)) return kept;
  const member = sql`${directoryUsers.status} not in ('unregistered', 'unconfirmed')`;
  const account = (column: string) =>
    sql`case when ${member} then (select a.${sql.raw(column)} from users a where a.id = ${directoryUsers.userId}) end`;
  return sql`${kept} and (coalesce(${directoryUsers.firstName}, ${account('first_name')}, '') ilike ${pattern}
    or coalesce(${directoryUsers.lastName}, ${account('last_name')}, '') ilike ${pattern}
    or coalesce(${account('username')}, '') ilike ${pattern})`;
}

/**
 * The ids of the first `reach` entries a search matches, in the list's order: the page index walked and
 * stopped after `reach` matches, so a broad search never gathers all 10,000 (a narrow one is found by the
 * kept text's trigram index).
 */
async function searchMatchIds(
  db: Db,
  workspaceId: string,
  statuses: DirectoryStatus[] | undefined,
  search: string,
  reach: number,
): Promise<string[]> {
  const matches = await db
    .select({ id: directoryUsers.id })
    .from(directoryUsers)
    .where(
      and(
        eq(directoryUsers.workspaceId, workspaceId),
        statuses ? inArray(directoryUsers.status, statuses) : undefined,
        directorySearch(search),
      ),
    )
    .orderBy(...entryOrder)
    .limit(reach);
  return matches.map((match) => match.id);
}

/**
 * The stored statuses behind a shown one: an invitee is shown `unconfirmed` with or without an account
 * (service.ts `shownStatus`), so that filter takes both and `unregistered` matches nothing.
 */
function storedStatuses(shown: DirectoryStatus): DirectoryStatus[] {
  if (shown === 'unconfirmed') return ['unregistered', 'unconfirmed'];
  return shown === 'unregistered' ? [] : [shown];
}

/**
 * A page of the directory and the total. Unsearched: the total is counted by triggers (per status) and
 * the page is read from the nearer end (lib/paging.ts); searched: the kept search text (searchMatchIds).
 */
export async function listEntries(
  db: Db,
  workspaceId: string,
  page: { offset: number; limit: number; search?: string | undefined; status?: DirectoryStatus | undefined },
  now: Date,
): Promise<{ rows: DirectoryItemRow[]; total: number; capped?: boolean; expiredPending?: boolean }> {
  const stored = page.status ? storedStatuses(page.status) : undefined;
  if (stored?.length === 0) return { rows: [], total: 0 };
  if (!page.search) {
    // One stored status (or none) has its prepared pages; a shown status of two takes the way below.
    if (page.offset === 0 && (!stored || stored.length === 1)) {
      return directoryFirstPage(db, workspaceId, page.limit, now, stored?.[0]);
    }
    if (!stored || stored.length === 1) return directoryLaterPage(db, workspaceId, page, now, stored?.[0]);
    return nearerEndPage(
      await readListCount(db, workspaceId, 'users', stored),
      page,
      async (window) =>
        (await entryQuery(db)
          .where(
            and(
              eq(directoryUsers.workspaceId, workspaceId),
              stored ? inArray(directoryUsers.status, stored) : undefined,
            ),
          )
          .orderBy(...(window.reverse ? entryOrderBackwards : entryOrder))
          .limit(window.limit)
          .offset(window.offset)) as DirectoryRow[],
    );
  }
  const search = page.search;
  return searchedPage(
    page,
    (reach) => searchMatchIds(db, workspaceId, stored, search, reach),
    async (ids) =>
      (await entryQuery(db)
        .where(and(eq(directoryUsers.workspaceId, workspaceId), inArray(directoryUsers.id, ids)))
        .orderBy(...entryOrder)) as DirectoryRow[],
  );
}

export async function findEntry(db: Db, workspaceId: string, id: string): Promise<DirectoryRow | undefined> {
  const [row] = await db
    .select(directoryColumns)
    .from(directoryUsers)
    .leftJoin(users, eq(users.id, directoryUsers.userId))
    .where(and(eq(directoryUsers.workspaceId, workspaceId), eq(directoryUsers.id, id)))
    .limit(1);
  return row as DirectoryRow | undefined;
}

export async function findEntryOf(
  db: Db,
  workspaceId: string,
  who: { userId: string } | { phone: string },
): Promise<DirectoryUserRow | undefined> {
  const match =
    'userId' in who
      ? eq(directoryUsers.userId, who.userId)
      : and(eq(directoryUsers.phone, who.phone), isNull(directoryUsers.userId));
  const [row] = await db
    .select()
    .from(directoryUsers)
    .where(and(eq(directoryUsers.workspaceId, workspaceId), match))
    .limit(1);
  return row;
}

export async function insertEntry(db: Db, values: typeof directoryUsers.$inferInsert): Promise<void> {
  await db.insert(directoryUsers).values(values).onConflictDoNothing();
}

export async function updateEntry(
  db: Db,
  workspaceId: string,
  id: string,
  patch: Partial<Omit<typeof directoryUsers.$inferInsert, 'id' | 'workspaceId'>>,
): Promise<DirectoryUserRow | undefined> {
  const [row] = await db
    .update(directoryUsers)
    .set(patch)
    .where(and(eq(directoryUsers.workspaceId, workspaceId), eq(directoryUsers.id, id)))
    .returning();
  return row;
}

export async function deleteEntry(db: Db, workspaceId: string, id: string): Promise<void> {
  await db
    .delete(directoryUsers)
    .where(and(eq(directoryUsers.workspaceId, workspaceId), eq(directoryUsers.id, id)));
}

/** Deletes the entry of an invitee who never became a member (status unregistered or unconfirmed). */
export async function deleteInviteeEntry(
  db: Db,
  workspaceId: string,
  who: { userId: string } | { phone: string },
): Promise<void> {
  const match =
    'userId' in who
      ? eq(directoryUsers.userId, who.userId)
      : and(eq(directoryUsers.phone, who.phone), isNull(directoryUsers.userId));
  await db
    .delete(directoryUsers)
    .where(
      and(
        eq(directoryUsers.workspaceId, workspaceId),
        match,
        inArray(directoryUsers.status, ['unregistered', 'unconfirmed']),
      ),
    );
}

/** Gives a new account the entries that waited for its phone: unregistered becomes unconfirmed. */
export async function claimPhoneEntries(db: Db, phone: string, userId: string, now: Date): Promise<number> {
  const known = alias(directoryUsers, 'known_entry');
  const rows = await db
    .update(directoryUsers)
    .set({ userId, status: 'unconfirmed', updatedDate: now })
    .where(
      and(
        eq(directoryUsers.phone, phone),
        isNull(directoryUsers.userId),
        // An account already known to the workspace keeps its own entry.
        notExists(
          db
            .select({ one: sql`1` })
            .from(known)
            .where(and(eq(known.workspaceId, directoryUsers.workspaceId), eq(known.userId, userId))),
        ),
      ),
    )
    .returning({ id: directoryUsers.id });
  return rows.length;
}

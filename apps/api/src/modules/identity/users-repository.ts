import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { preparedPer } from '../../db/prepared';
import type { Db } from '../../db/types';
import { type UserRow, users } from './schema';

// Queries of users: the accounts and their lookups. Other modules use service.ts, never this file.

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

// The login step's statements are prepared: after the password's hash they are its whole cost.
const userByNationalCode = preparedPer((db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.nationalCode, sql.placeholder('nationalCode')))
    .limit(1)
    .prepare('user_by_national_code'),
);

export async function findUserByNationalCode(db: Db, nationalCode: string): Promise<UserRow | undefined> {
  const [row] = await userByNationalCode(db).execute({ nationalCode });
  return row;
}

const userByUsername = preparedPer((db: Db) =>
  db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${sql.placeholder('username')}`)
    .limit(1)
    .prepare('user_by_username'),
);

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await userByUsername(db).execute({ username: username.toLowerCase() });
  return row;
}

/** True when a phone or a national code already belongs to an account. */
export async function phoneOrNationalCodeTaken(
  db: Db,
  phone: string,
  nationalCode: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.phone, phone), eq(users.nationalCode, nationalCode)))
    .limit(1);
  return row !== undefined;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<Omit<typeof users.$inferInsert, 'id'>>,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedDate: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Sets a national code only while the account has none (no race can overwrite one). */
export async function setNationalCodeIfNone(
  db: Db,
  id: string,
  nationalCode: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ nationalCode, updatedDate: now })
    .where(and(eq(users.id, id), isNull(users.nationalCode)))
    .returning({ id: users.id });
  return rows.length > 0;
}

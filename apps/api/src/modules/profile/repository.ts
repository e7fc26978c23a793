import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/types';
import { type UserProfileRow, userProfiles } from './schema';

// Queries of the profile module.

/** The user's profile row, created empty on first use. */
export async function ensureProfile(db: Db, userId: string): Promise<UserProfileRow> {
  await db.insert(userProfiles).values({ id: uuidv7(), userId }).onConflictDoNothing();
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return row!;
}

export async function updateProfile(
  db: Db,
  userId: string,
  patch: Partial<Pick<UserProfileRow, 'gender' | 'birthDate' | 'language' | 'imageId' | 'mode'>>,
  now: Date,
): Promise<void> {
  await db
    .update(userProfiles)
    .set({ ...patch, updatedDate: now })
    .where(eq(userProfiles.userId, userId));
}

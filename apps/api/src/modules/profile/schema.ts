import { sql } from 'drizzle-orm';
import { check, date, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { images } from '../assets/schema';
import { users } from '../identity/schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const genderKeys = ['male', 'female'] as const;
export type GenderKey = (typeof genderKeys)[number];
export const languageKeys = ['persian', 'english', 'arabic'] as const;
export type LanguageKey = (typeof languageKeys)[number];
export const colorModes = ['light', 'dark'] as const;

/**
 * The personal profile beside the account: what only the profile screens use. Names stay on `users`
 * (identity, members and the workspace directory read them there); the language is mirrored to
 * `users.language` when it is one messages are written in (persian, english).
 */
export const userProfiles = pgTable(
  'user_profiles',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gender: text('gender', { enum: genderKeys }),
    birthDate: date('birth_date', { mode: 'string' }),
    language: text('language', { enum: languageKeys }),
    imageId: text('image_id').references(() => images.id, { onDelete: 'set null' }),
    mode: text('mode', { enum: colorModes }),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    updatedDate: timestamptz('updated_date').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_profiles_user_id_key').on(t.userId),
    check('user_profiles_gender_check', sql`${t.gender} is null or ${t.gender} in ('male', 'female')`),
    check(
      'user_profiles_language_check',
      sql`${t.language} is null or ${t.language} in ('persian', 'english', 'arabic')`,
    ),
    check('user_profiles_mode_check', sql`${t.mode} is null or ${t.mode} in ('light', 'dark')`),
  ],
);

export type UserProfileRow = typeof userProfiles.$inferSelect;

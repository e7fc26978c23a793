import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../identity/schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's own notifications. Stored as a type and its parameters and rendered in the request's
 * language on every read (catalogue.ts), so switching the language re-words old notifications too.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    link: text('link'),
    readDate: timestamptz('read_date'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdDate),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readDate} is null`),
    // Housekeeping (housekeeping.ts) finds old read notifications by this.
    index('notifications_read_created_idx').on(t.createdDate).where(sql`${t.readDate} is not null`),
  ],
);

/** Announcements to everyone (bulk), written by an operator in both languages (cli/announce.ts). */
export const announcements = pgTable(
  'announcements',
  {
    id: text('id').primaryKey(),
    titleFa: text('title_fa').notNull(),
    titleEn: text('title_en').notNull(),
    bodyFa: text('body_fa'),
    bodyEn: text('body_en'),
    link: text('link'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    index('announcements_created_idx').on(t.createdDate),
    check('announcements_title_check', sql`length(${t.titleFa}) > 0 and length(${t.titleEn}) > 0`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;

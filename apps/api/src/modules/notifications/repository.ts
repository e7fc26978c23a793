import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { rowsWithTotal } from '../../lib/paging';
import { type AnnouncementRow, announcements, type NotificationRow, notifications } from './schema';

// Queries of the notifications module. Every query of `notifications` filters on the owner.

export async function insertNotification(db: Db, values: typeof notifications.$inferInsert): Promise<void> {
  await db.insert(notifications).values(values);
}

export async function listOwn(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  return rowsWithTotal(
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdDate), desc(notifications.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ value: count() }).from(notifications).where(eq(notifications.userId, userId)),
  );
}

export async function findOwn(db: Db, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readDate)));
  return Number(row?.value ?? 0);
}

/** Marks read a user's unread notifications of one type whose parameter `key` is `value`. */
export async function markReadByParam(
  db: Db,
  userId: string,
  type: string,
  param: { key: string; value: string },
  now: Date,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readDate: now })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, type),
        isNull(notifications.readDate),
        sql`${notifications.params} ->> ${param.key} = ${param.value}`,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks the caller's own notifications of `ids` read; ids of others match nothing. */
export async function markRead(db: Db, userId: string, ids: string[], now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readDate: now })
    .where(
      and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readDate)),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function insertAnnouncement(db: Db, values: typeof announcements.$inferInsert): Promise<void> {
  await db.insert(announcements).values(values);
}

export async function listAnnouncements(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ rows: AnnouncementRow[]; total: number }> {
  return rowsWithTotal(
    db
      .select()
      .from(announcements)
      .orderBy(desc(announcements.createdDate), desc(announcements.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ value: count() }).from(announcements),
  );
}

export async function findAnnouncement(db: Db, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  return row;
}

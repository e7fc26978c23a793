import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { constantLimit, driverRows, preparedBy, preparedPer } from '../../db/prepared';
import type { Db } from '../../db/types';
import { type AnnouncementRow, announcements, type NotificationRow, notifications } from './schema';

// Queries of the notifications module. Every query of `notifications` filters on the owner.

export async function insertNotification(db: Db, values: typeof notifications.$inferInsert): Promise<void> {
  await db.insert(notifications).values(values);
}

// The hot reads of the bell (the own list, announcements, the unread count): one named prepared statement
// each, the page size written into it (db/prepared.ts, constantLimit), the total read beside the page.
// The pages' rows are taken as the driver gives them (driverRows) and shaped by hand in service.ts, as
// the members first page (docs/performance.md, "What keeps it fast").
const ownPage = preparedPer((db: Db) =>
  preparedBy((pageSize: number) =>
    db
      .select({
        id: notifications.id,
        type: notifications.type,
        params: notifications.params,
        link: notifications.link,
        readDate: notifications.readDate,
        createdDate: notifications.createdDate,
        total:
          sql<number>`(select count(*) from ${notifications} where ${notifications.userId} = ${sql.placeholder('userId')})`.as(
            'total',
          ),
      })
      .from(notifications)
      .where(eq(notifications.userId, sql.placeholder('userId')))
      .orderBy(desc(notifications.createdDate), desc(notifications.id))
      .offset(sql.placeholder('offset'))
      .limit(constantLimit(pageSize))
      .prepare(`notifications_own_page_${pageSize}`),
  ),
);

/** A row of `ownPage` as the driver answers it: the column names, a timestamptz as text. */
export interface OwnListedRow {
  id: string;
  type: string;
  params: NotificationRow['params'];
  link: string | null;
  read_date: string | null;
  created_date: string;
}

/** A row carrying its statement's total (a bigint: a string on node-postgres). */
type WithTotal<Row> = Row & { total: string | number };

/** A page of the rows of a statement carrying the total; a page past the end counts apart. */
async function pageOf<Row>(
  rows: WithTotal<Row>[],
  offset: number,
  counted: () => Promise<number>,
): Promise<{ rows: Row[]; total: number }> {
  if (rows.length === 0 && offset > 0) return { rows: [], total: await counted() };
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export async function listOwn(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: OwnListedRow[]; total: number }> {
  const rows = await driverRows<WithTotal<OwnListedRow>>(ownPage(db)(page.limit), {
    userId,
    offset: page.offset,
  });
  return pageOf(rows, page.offset, async () => {
    const [row] = await db
      .select({ value: count() })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    return Number(row?.value ?? 0);
  });
}

export async function findOwn(db: Db, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row;
}

const unread = preparedPer((db: Db) =>
  db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readDate)))
    .prepare('notifications_unread_count'),
);

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await unread(db).execute({ userId });
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

const announcementPage = preparedPer((db: Db) =>
  preparedBy((pageSize: number) =>
    db
      .select({
        id: announcements.id,
        titleFa: announcements.titleFa,
        titleEn: announcements.titleEn,
        bodyFa: announcements.bodyFa,
        bodyEn: announcements.bodyEn,
        link: announcements.link,
        createdDate: announcements.createdDate,
        total: sql<number>`(select count(*) from ${announcements})`.as('total'),
      })
      .from(announcements)
      .orderBy(desc(announcements.createdDate), desc(announcements.id))
      .offset(sql.placeholder('offset'))
      .limit(constantLimit(pageSize))
      .prepare(`announcements_page_${pageSize}`),
  ),
);

/** A row of `announcementPage` as the driver answers it: the column names, a timestamptz as text. */
export interface ListedAnnouncement {
  id: string;
  title_fa: string;
  title_en: string;
  body_fa: string | null;
  body_en: string | null;
  link: string | null;
  created_date: string;
}

export async function listAnnouncements(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ rows: ListedAnnouncement[]; total: number }> {
  const rows = await driverRows<WithTotal<ListedAnnouncement>>(announcementPage(db)(page.limit), {
    offset: page.offset,
  });
  return pageOf(rows, page.offset, async () => {
    const [row] = await db.select({ value: count() }).from(announcements);
    return Number(row?.value ?? 0);
  });
}

export async function findAnnouncement(db: Db, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  return row;
}

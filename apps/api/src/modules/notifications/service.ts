import type { Locale, Notification } from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/types';
import { found } from '../../http/app-error';
import { pageSlice } from '../../lib/paging';
import { type NotificationParams, type NotificationType, renderNotification } from './catalogue';
import * as repo from './repository';
import type { AnnouncementRow, NotificationRow } from './schema';

const now = (): Date => new Date();

/**
 * Raises a notification for one user (what other modules call). Only the type and its parameters are
 * stored; the words are rendered in the reader's language.
 */
export async function notify(
  db: Db,
  userId: string,
  type: NotificationType,
  params: NotificationParams = {},
  link: string | null = null,
): Promise<void> {
  await repo.insertNotification(db, { id: uuidv7(), userId, type, params, link, createdDate: now() });
}

/** Marks read the invitee's notification of an invitation once it is answered or withdrawn: it asks nothing more. */
export async function markInvitationNotificationRead(
  db: Db,
  userId: string,
  invitationId: string,
): Promise<void> {
  await repo.markReadByParam(
    db,
    userId,
    'invitation.received',
    { key: 'invitationId', value: invitationId },
    now(),
  );
}

/** A notification in the reader's words; `read` and the dates as they are shown. */
function shown(
  row: Pick<NotificationRow, 'id' | 'type' | 'params' | 'link'>,
  read: boolean,
  createdDate: string,
  locale: Locale,
): Notification {
  const { title, body } = renderNotification(row.type, row.params, locale);
  return { id: row.id, type: row.type, title, body, link: row.link, read, createdDate };
}

function view(row: NotificationRow, locale: Locale): Notification {
  return shown(row, row.readDate !== null, row.createdDate.toISOString(), locale);
}

// As Drizzle maps a timestamptz: both drivers hand it over as text.
const isoDate = (value: string) => new Date(value).toISOString();

function announcementView(
  row: Pick<AnnouncementRow, 'id' | 'titleFa' | 'titleEn' | 'bodyFa' | 'bodyEn' | 'link'>,
  createdDate: string,
  locale: Locale,
): Notification {
  return {
    id: row.id,
    type: 'announcement',
    // Announcements are written in Persian and English only; Arabic readers get the default, Persian.
    title: locale === 'en' ? row.titleEn : row.titleFa,
    body: locale === 'en' ? row.bodyEn : row.bodyFa,
    link: row.link,
    // Announcements are not tracked per reader.
    read: false,
    createdDate,
  };
}

interface Page {
  page: number;
  pageSize: number;
}

/** A page of the caller's own notifications, newest first, with their total. */
export async function listNotifications(
  db: Db,
  userId: string,
  page: Page,
  locale: Locale,
): Promise<{ notifications: Notification[]; total: number }> {
  const { rows, total } = await repo.listOwn(db, userId, pageSlice(page));
  return {
    notifications: rows.map((row) => shown(row, row.read_date !== null, isoDate(row.created_date), locale)),
    total,
  };
}

/** One of the caller's own notifications; 404 for anyone else's. */
export async function getNotification(
  db: Db,
  userId: string,
  id: string,
  locale: Locale,
): Promise<Notification> {
  const row = found(await repo.findOwn(db, userId, id));
  return view(row, locale);
}

/** The caller's unread count. */
export async function unreadCount(db: Db, userId: string): Promise<{ count: number }> {
  return { count: await repo.countUnread(db, userId) };
}

/** Marks the caller's own notifications read; ids of others are ignored (and not revealed). */
export async function acknowledge(db: Db, userId: string, ids: string[]): Promise<{ acknowledged: number }> {
  return { acknowledged: await repo.markRead(db, userId, [...new Set(ids)], now()) };
}

/** A page of announcements to everyone, newest first. */
export async function listAnnouncements(
  db: Db,
  page: Page,
  locale: Locale,
): Promise<{ notifications: Notification[]; total: number }> {
  const { rows, total } = await repo.listAnnouncements(db, pageSlice(page));
  const views = rows.map((row) =>
    announcementView(
      {
        id: row.id,
        titleFa: row.title_fa,
        titleEn: row.title_en,
        bodyFa: row.body_fa,
        bodyEn: row.body_en,
        link: row.link,
      },
      isoDate(row.created_date),
      locale,
    ),
  );
  return { notifications: views, total };
}

/** One announcement; 404 when unknown. */
export async function getAnnouncement(db: Db, id: string, locale: Locale): Promise<Notification> {
  const row = found(await repo.findAnnouncement(db, id));
  return announcementView(row, row.createdDate.toISOString(), locale);
}

/** Publishes an announcement to everyone (cli/announce.ts). */
export async function announce(
  db: Db,
  input: {
    titleFa: string;
    titleEn: string;
    bodyFa?: string | null;
    bodyEn?: string | null;
    link?: string | null;
  },
): Promise<string> {
  const id = uuidv7();
  await repo.insertAnnouncement(db, {
    id,
    titleFa: input.titleFa,
    titleEn: input.titleEn,
    bodyFa: input.bodyFa ?? null,
    bodyEn: input.bodyEn ?? null,
    link: input.link ?? null,
    createdDate: now(),
  });
  return id;
}

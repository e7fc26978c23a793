import { and, desc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { roles } from '../access/schema';
import { users } from '../identity/schema';
import { type AuditRow, auditLog } from './schema';

// Queries of the audit module. Other modules write through record.ts and never read this table.

export interface AuditBounds {
  actorUserId?: string | undefined;
  action?: string | undefined;
  /** Inclusive. */
  from?: Date | undefined;
  /** Inclusive when `toExclusive` is false. */
  to?: Date | undefined;
  toExclusive?: boolean;
}

export interface AuditListRow extends Omit<AuditRow, 'createdDate'> {
  /** ISO 8601 in UTC, as the API answers it. */
  createdDate: string;
  actor: { id: string; firstName: string | null; lastName: string | null; username: string | null } | null;
}

const columns = {
  id: auditLog.id,
  workspaceId: auditLog.workspaceId,
  actorUserId: auditLog.actorUserId,
  action: auditLog.action,
  subject: auditLog.subject,
  createdDate: auditLog.createdDate,
  actorId: users.id,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
  actorUsername: users.username,
};

type Selected = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

function toListRow(row: Selected): AuditListRow {
  return {
    id: row.id!,
    workspaceId: row.workspaceId!,
    actorUserId: row.actorUserId,
    action: row.action!,
    subject: row.subject ?? {},
    createdDate: row.createdDate!.toISOString(),
    actor:
      row.actorId !== null
        ? {
            id: row.actorId,
            firstName: row.actorFirstName,
            lastName: row.actorLastName,
            username: row.actorUsername,
          }
        : null,
  };
}

function filterOf(workspaceId: string, bounds: AuditBounds): SQL | undefined {
  const filters: (SQL | undefined)[] = [eq(auditLog.workspaceId, workspaceId)];
  if (bounds.actorUserId) filters.push(eq(auditLog.actorUserId, bounds.actorUserId));
  if (bounds.action) filters.push(eq(auditLog.action, bounds.action));
  if (bounds.from) filters.push(gte(auditLog.createdDate, bounds.from));
  if (bounds.to)
    filters.push(
      bounds.toExclusive ? lt(auditLog.createdDate, bounds.to) : lte(auditLog.createdDate, bounds.to),
    );
  return and(...filters);
}

// Newest first; entries of one transaction share their date, so the id breaks the tie.
const newestFirst = [desc(auditLog.createdDate), desc(auditLog.id)];

/**
 * The next `limit` entries after `afterId` (newest first), for reading a whole log a batch at a time.
 * The cursor is compared in the database, (date, id) against the row it names: no precision is lost
 * on the way through JavaScript dates, which keep milliseconds where PostgreSQL keeps microseconds.
 */
export async function entriesAfter(
  db: Db,
  workspaceId: string,
  bounds: AuditBounds,
  afterId: string | null,
  limit: number,
): Promise<AuditListRow[]> {
  const cursor = afterId
    ? sql`(${auditLog.createdDate}, ${auditLog.id}) < (select c.created_date, c.id from ${auditLog} c where c.id = ${afterId})`
    : undefined;
  const rows = await db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(filterOf(workspaceId, bounds), cursor))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toListRow);
}

export interface PersonName {
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  phone: string;
}

/** Names of the accounts given (the people entries are about). */
export async function peopleByIds(db: Db, ids: string[]): Promise<Map<string, PersonName>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      phone: users.phone,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map(({ id, ...name }) => [id, name]));
}

/** Names of the workspace's roles given (a deleted role has none). */
export async function roleNamesByIds(
  db: Db,
  workspaceId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.workspaceId, workspaceId), inArray(roles.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

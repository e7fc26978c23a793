import { type SQL, sql } from 'drizzle-orm';
import { constantLimit, driverRows, preparedBy, preparedPer, unseenValue } from '../../db/prepared';
import type { Db } from '../../db/types';
import { type CappedTotal, cappedTotal, totalCap } from '../../lib/paging';
import { roles } from '../access/schema';
import { users } from '../identity/schema';
import type { AuditBounds, AuditListRow, PersonName } from './repository';
import { auditLog } from './schema';

// A page of the audit log as ONE named prepared statement per page size and filter shape (as the members
// first page, docs/performance.md "What keeps it fast"): the total counted up to the cap, the page with
// its actors, and the names its entries refer to (the person of `subject.userId`, the roles of
// `subject.roleId` and `subject.before`), so the screen costs one round trip. Rows are shaped by hand.
// The page's ids come first, from an index in the page's order, and only its 20 rows are joined to
// names: an offset then skips index entries, not joined rows, and the generic plan (which takes every
// workspace for an average one) has no sort to share among parallel workers.

/** Which filters a statement carries: each shape is a statement of its own (its plan kept). */
function shapeOf(bounds: AuditBounds): string {
  const to = bounds.to ? (bounds.toExclusive ? 'b' : 't') : '';
  return `${bounds.actorUserId ? 'u' : ''}${bounds.action ? 'a' : ''}${bounds.from ? 'f' : ''}${to}`;
}

/** The filter of `shape` on the log aliased `alias`, its values placeholders (named as in `auditPage`). */
function filterOf(shape: string, alias: string): SQL {
  const a = sql.raw(alias);
  const filters = [sql`${a}.workspace_id = ${unseenValue('workspaceId', 'text')}`];
  if (shape.includes('u')) filters.push(sql`${a}.actor_user_id = ${unseenValue('actor', 'text')}`);
  if (shape.includes('a')) filters.push(sql`${a}.action = ${unseenValue('action', 'text')}`);
  if (shape.includes('f')) filters.push(sql`${a}.created_date >= ${unseenValue('from', 'timestamptz')}`);
  if (shape.includes('t')) filters.push(sql`${a}.created_date <= ${unseenValue('to', 'timestamptz')}`);
  if (shape.includes('b')) filters.push(sql`${a}.created_date < ${unseenValue('to', 'timestamptz')}`);
  return sql.join(filters, sql` and `);
}

const column = (name: string) => sql.raw(`p.${name}`).as(name);

const pageStatement = preparedPer((db: Db) =>
  preparedBy((key: string) => {
    const [size, shape = '', counted] = key.split(':');
    const pageSize = Number(size);
    // Past the cap once, past it for good (see pastTheCap): the page alone, its total the cap + 1.
    const total =
      counted === 'counted'
        ? sql`(select count(*) as total from (select 1 from ${auditLog} a where ${filterOf(shape, 'a')}
               limit ${sql.raw(String(totalCap + 1))}) as capped_rows) t`
        : sql`(select ${sql.raw(String(totalCap + 1))} as total) t`;
    // One row even past the end (the count, the page's columns null), so the total always comes back.
    return db
      .select({
        total: sql.raw('t.total').as('total'),
        ...Object.fromEntries(
          [
            'id',
            'workspace_id',
            'actor_user_id',
            'action',
            'subject',
            'created_at',
            'actor',
            'person',
            'role_name',
            'before_name',
          ].map((name) => [name, column(name)]),
        ),
      })
      .from(
        sql`${total}
            left join lateral (
              select a.id, a.workspace_id, a.actor_user_id, a.action, a.subject, a.created_date,
                to_char(a.created_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
                case when u.id is not null
                  then json_build_array(u.id, u.first_name, u.last_name, u.username) end as actor,
                case when a.subject ->> 'userId' is not null then
                  (select json_build_array(s.first_name, s.last_name, s.username, s.phone)
                   from ${users} s where s.id = a.subject ->> 'userId') end as person,
                case when a.subject ->> 'roleId' is not null then
                  (select r.name from ${roles} r
                   where r.workspace_id = a.workspace_id and r.id = a.subject ->> 'roleId') end as role_name,
                case when a.subject ->> 'before' is not null then
                  (select b.name from ${roles} b
                   where b.workspace_id = a.workspace_id and b.id = a.subject ->> 'before') end as before_name
              from (select k.id from ${auditLog} k where ${filterOf(shape, 'k')}
                    order by k.created_date desc, k.id desc
                    limit ${constantLimit(pageSize)} offset ${unseenValue('offset', 'int')}) page_ids
              join ${auditLog} a on a.id = page_ids.id
              left join ${users} u on u.id = a.actor_user_id
            ) p on true`,
      )
      .orderBy(sql`p.created_date desc, p.id desc`)
      .prepare(`audit_page_${pageSize}_${shape || 'all'}_${counted}`);
  }),
);

/**
 * The filters (workspace, shape and values) whose total this process has seen past the cap. Entries are
 * never deleted but with their workspace, so such a total stays past it: counting 1,001 index entries on
 * every page (most of a filtered page's time at 100,000 entries) is then skipped. One exception: deleting
 * an account clears it as actor from all its entries at once, so a page that comes back short is counted
 * again. Held per database (tests open many); forgotten all at once when it grows large.
 */
const pastTheCap = preparedPer((_db: Db) => new Set<string>());
const rememberedFilters = 10_000;

/**
 * A row of the page statement as the driver answers it (the count is a bigint: a string on node-postgres).
 * The people come as JSON arrays and the date as the API's ISO text: fewer fields to parse per row, and
 * no date to parse and print again.
 */
interface PageRow {
  total: string | number;
  id: string | null;
  workspace_id: string;
  actor_user_id: string | null;
  action: string;
  subject: Record<string, unknown> | string;
  created_at: string;
  /** id, first name, last name, username */
  actor: [string, string | null, string | null, string | null] | string | null;
  /** first name, last name, username, phone */
  person: [string | null, string | null, string | null, string] | string | null;
  role_name: string | null;
  before_name: string | null;
}

/** The names a page's entries refer to, as service.ts looks them up for other reads. */
export interface PageNames {
  people: Map<string, PersonName>;
  roles: Map<string, string>;
}

/** A JSON value as the driver hands it over: parsed by node-postgres, possibly text elsewhere. */
const jsonOf = <T extends object>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

const textOf = (record: Record<string, unknown>, key: string): string | null => {
  const value = record[key];
  return typeof value === 'string' ? value : null;
};

/**
 * A page of a workspace's entries, newest first, with the total of the filter counted up to the cap
 * (lib/paging.ts, totalCap) and the names the entries refer to.
 */
export async function auditPage(
  db: Db,
  workspaceId: string,
  bounds: AuditBounds,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditListRow[]; names: PageNames } & CappedTotal> {
  const shape = shapeOf(bounds);
  const values = {
    workspaceId,
    actor: bounds.actorUserId,
    action: bounds.action,
    from: bounds.from?.toISOString(),
    to: bounds.to?.toISOString(),
    offset: page.offset,
  };
  const filterKey = JSON.stringify([workspaceId, shape, values.actor, values.action, values.from, values.to]);
  const known = pastTheCap(db);
  const read = (counted: boolean) =>
    driverRows<PageRow>(pageStatement(db)(`${page.limit}:${shape}:${counted ? 'counted' : 'known'}`), values);
  let answer: PageRow[] | undefined;
  if (known.has(filterKey)) {
    answer = await read(false);
    if (answer.filter((row) => row.id !== null).length < page.limit) {
      known.delete(filterKey);
      answer = undefined;
    }
  }
  if (!answer) {
    answer = await read(true);
    if (Number(answer[0]?.total ?? 0) > totalCap) {
      if (known.size >= rememberedFilters) known.clear();
      known.add(filterKey);
    }
  }
  const names: PageNames = { people: new Map(), roles: new Map() };
  const rows: AuditListRow[] = [];
  for (const row of answer) {
    if (row.id === null) continue;
    const subject = jsonOf(row.subject) ?? {};
    const personId = textOf(subject, 'userId');
    const person = jsonOf(row.person);
    if (personId && person)
      names.people.set(personId, {
        firstName: person[0],
        lastName: person[1],
        username: person[2],
        phone: person[3],
      });
    const roleId = textOf(subject, 'roleId');
    if (roleId && row.role_name !== null) names.roles.set(roleId, row.role_name);
    const beforeId = textOf(subject, 'before');
    if (beforeId && row.before_name !== null) names.roles.set(beforeId, row.before_name);
    const actor = jsonOf(row.actor);
    rows.push({
      id: row.id,
      workspaceId: row.workspace_id,
      actorUserId: row.actor_user_id,
      action: row.action,
      subject,
      createdDate: row.created_at,
      actor: actor ? { id: actor[0], firstName: actor[1], lastName: actor[2], username: actor[3] } : null,
    });
  }
  return { rows, names, ...cappedTotal(Number(answer[0]?.total ?? 0)) };
}

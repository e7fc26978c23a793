import {
  type AuditAction,
  type AuditEntry,
  type AuditFilter,
  type AuditPage,
  type AuditQuery,
  type AuditSubjectType,
  auditActions,
  maskPhone,
} from '@wsm/contracts';
import type { Db } from '../../db/types';
import { cappedPageAnswer, pageSlice } from '../../lib/paging';
import { auditPage } from './page';
import * as repo from './repository';
import type { AuditRow } from './schema';

// Turns the stored audit rows (each action's own subject record, record.ts) into the entries of
// An entry is { subject: { type, id, label }, details }, names looked up when read.

/** The date bounds of a filter: a day (YYYY-MM-DD) covers the whole of that UTC day. */
export function boundsOf(filter: AuditFilter): repo.AuditBounds {
  const isDay = (value: string) => value.length === 10;
  const bounds: repo.AuditBounds = { actorUserId: filter.actor, action: filter.action };
  if (filter.from) bounds.from = new Date(isDay(filter.from) ? `${filter.from}T00:00:00Z` : filter.from);
  if (filter.to) {
    if (isDay(filter.to)) {
      const next = new Date(`${filter.to}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      bounds.to = next;
      bounds.toExclusive = true;
    } else bounds.to = new Date(filter.to);
  }
  return bounds;
}

interface Names {
  people: Map<string, repo.PersonName>;
  roles: Map<string, string>;
}

const text = (record: Record<string, unknown>, key: string): string | null => {
  const value = record[key];
  return typeof value === 'string' ? value : null;
};

/** A person as a reader recognises them: names, else username, else the masked phone. */
function personLabel(names: Names, userId: string | null): string {
  const person = userId ? names.people.get(userId) : undefined;
  if (!person) return '';
  const full = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return full || person.username || maskPhone(person.phone);
}

function roleRef(names: Names, roleId: string | null): { id: string; name: string | null } | null {
  return roleId ? { id: roleId, name: names.roles.get(roleId) ?? null } : null;
}

/** Ids of the people and roles an entry names, so a batch looks them up in two queries. */
function referencedIds(row: repo.AuditListRow): { people: string[]; roles: string[] } {
  const s = row.subject;
  const people = [text(s, 'userId')].filter((id): id is string => id !== null);
  const roles =
    row.action.startsWith('member.') || row.action.startsWith('invitation.')
      ? [text(s, 'roleId'), text(s, 'before')].filter((id): id is string => id !== null)
      : [];
  return { people, roles };
}

async function namesFor(db: Db, workspaceId: string, rows: repo.AuditListRow[]): Promise<Names> {
  const people = new Set<string>();
  const roles = new Set<string>();
  for (const row of rows) {
    const ids = referencedIds(row);
    for (const id of ids.people) people.add(id);
    for (const id of ids.roles) roles.add(id);
  }
  const [peopleNames, roleNames] = await Promise.all([
    repo.peopleByIds(db, [...people]),
    repo.roleNamesByIds(db, workspaceId, [...roles]),
  ]);
  return { people: peopleNames, roles: roleNames };
}

function isAuditAction(value: string): value is AuditAction {
  return (auditActions as readonly string[]).includes(value);
}

/** The typed invitee of an invitation entry: what the inviter typed (masked), never a looked-up account. */
function inviteeLabel(names: Names, s: Record<string, unknown>): string {
  const phone = text(s, 'phone');
  return (
    text(s, 'username') ??
    text(s, 'nationalCode') ??
    (phone ? maskPhone(phone) : null) ??
    personLabel(names, text(s, 'userId'))
  );
}

function beforeAfter(s: Record<string, unknown>): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  if (s.before !== undefined) details.before = s.before;
  if (s.after !== undefined) details.after = s.after;
  return details;
}

/** One stored row as the entry people read. */
function describe(row: repo.AuditListRow, names: Names): AuditEntry {
  const action = row.action as AuditAction;
  const s = row.subject;
  const subject = (type: AuditSubjectType, id: string | null, label: string | null) => ({
    type,
    id: id ?? '',
    label: label ?? '',
  });
  let described: Pick<AuditEntry, 'subject' | 'details'>;
  switch (action) {
    case 'role.created':
      described = {
        subject: subject('role', text(s, 'roleId'), text(s, 'name')),
        details: { after: { name: s.name, superAccess: s.superAccess, permissions: s.permissions } },
      };
      break;
    case 'role.updated':
      described = {
        subject: subject('role', text(s, 'roleId'), text(s, 'name')),
        details: {
          before: s.before,
          after: { name: s.name, superAccess: s.superAccess, permissions: s.permissions },
        },
      };
      break;
    case 'role.deleted':
      described = {
        subject: subject('role', text(s, 'roleId'), text(s, 'name')),
        details: { before: { name: s.name, permissions: s.permissions } },
      };
      break;
    case 'member.added':
      described = {
        subject: subject(
          'member',
          text(s, 'memberId') ?? text(s, 'userId'),
          personLabel(names, text(s, 'userId')),
        ),
        details: { after: { level: s.level ?? 'member', role: roleRef(names, text(s, 'roleId')) } },
      };
      break;
    case 'member.role_changed':
      described = {
        subject: subject('member', text(s, 'memberId'), personLabel(names, text(s, 'userId'))),
        details: {
          before: { role: roleRef(names, text(s, 'before')) },
          after: { role: roleRef(names, text(s, 'roleId')) },
        },
      };
      break;
    case 'member.removed':
    case 'member.left':
      described = {
        subject: subject('member', text(s, 'memberId'), personLabel(names, text(s, 'userId'))),
        details: { before: { role: roleRef(names, text(s, 'roleId')) } },
      };
      break;
    case 'invitation.sent':
    case 'invitation.withdrawn':
    case 'invitation.accepted':
    case 'invitation.declined':
      described = {
        subject: subject('invitation', text(s, 'invitationId'), inviteeLabel(names, s)),
        details: 'roleId' in s ? { role: roleRef(names, text(s, 'roleId')) } : {},
      };
      break;
    case 'user.status_changed':
      described = {
        subject: subject('user', text(s, 'entryId'), personLabel(names, text(s, 'userId'))),
        details: { before: { status: s.from }, after: { status: s.to } },
      };
      break;
    case 'profile.updated':
      described = {
        subject: subject('workspace', row.workspaceId, text(s, 'name')),
        details: beforeAfter(s),
      };
      break;
    case 'application.created':
    case 'application.updated':
    case 'application.deleted':
      described = {
        subject: subject('application', text(s, 'applicationId'), text(s, 'name')),
        details: beforeAfter(s),
      };
      break;
    case 'application.disconnected':
      // A member's own act: the actor is the member whose sign-in to the application ended.
      described = { subject: subject('application', text(s, 'applicationId'), text(s, 'name')), details: {} };
      break;
    case 'backup.created':
    case 'backup.imported':
    case 'backup.deleted':
    case 'backup.restored': {
      const { backupId: _id, snapshotDate, apiKey: _key, ...rest } = s;
      described = {
        // A backup is known by the moment it holds.
        subject: subject('backup', text(s, 'backupId'), text(s, 'snapshotDate') ?? text(s, 'backupId')),
        details: { ...rest, ...(snapshotDate !== undefined ? { snapshotDate } : {}) },
      };
      break;
    }
    case 'api_key.created':
    case 'api_key.revoked':
      described = {
        subject: subject('api_key', text(s, 'keyId'), text(s, 'name')),
        details: {
          name: s.name,
          prefix: s.prefix,
          permissions: s.permissions,
          expiresDate: s.expiresDate ?? null,
        },
      };
      break;
    case 'webhook.created':
    case 'webhook.updated':
    case 'webhook.deleted':
    case 'webhook.secret_rotated':
      described = {
        subject: subject('webhook', text(s, 'webhookId'), text(s, 'url')),
        details: beforeAfter(s),
      };
      break;
  }
  const viaKey = s.apiKey as { id?: unknown; name?: unknown } | undefined;
  return {
    id: row.id,
    action,
    actor: row.actor,
    ...(viaKey && typeof viaKey.id === 'string' && typeof viaKey.name === 'string'
      ? { apiKey: { id: viaKey.id, name: viaKey.name } }
      : {}),
    ...described,
    createdDate: row.createdDate,
  };
}

/** What a webhook carries of an entry (modules/webhooks/queue.ts): its subject and details. */
export async function webhookDataOf(db: Db, row: AuditRow): Promise<Pick<AuditEntry, 'subject' | 'details'>> {
  const listRow = { ...row, createdDate: row.createdDate.toISOString(), actor: null };
  const names = await namesFor(db, row.workspaceId, [listRow]);
  const { subject, details } = describe(listRow, names);
  return { subject, details };
}

async function describeAll(db: Db, workspaceId: string, rows: repo.AuditListRow[]): Promise<AuditEntry[]> {
  // An action this version does not know (written by a newer one) is left out rather than mislabelled.
  const known = rows.filter((row) => isAuditAction(row.action));
  const names = await namesFor(db, workspaceId, known);
  return known.map((row) => describe(row, names));
}

/**
 * A page of the workspace's audit log, newest first, filtered by actor, action and dates: one statement
 * reads the page, its capped total and the names its entries refer to (page.ts).
 */
export async function listAudit(db: Db, workspaceId: string, query: AuditQuery): Promise<AuditPage> {
  const { page, pageSize, ...filter } = query;
  const { rows, names, total, capped } = await auditPage(
    db,
    workspaceId,
    boundsOf(filter),
    pageSlice({ page, pageSize }),
  );
  // An action this version does not know (written by a newer one) is left out, as in describeAll.
  const items = rows.filter((row) => isAuditAction(row.action)).map((row) => describe(row, names));
  return cappedPageAnswer(items, { total, capped }, { page, pageSize });
}

/** Rows read per query while exporting: memory holds one batch whatever the log's length. */
export const exportBatchSize = 500;

/** Every entry the filter matches, newest first, a batch at a time (keyset paging). */
export async function* allAuditEntries(
  db: Db,
  workspaceId: string,
  filter: AuditFilter,
): AsyncGenerator<AuditEntry[]> {
  const bounds = boundsOf(filter);
  let after: string | null = null;
  for (;;) {
    const rows = await repo.entriesAfter(db, workspaceId, bounds, after, exportBatchSize);
    if (rows.length === 0) return;
    yield await describeAll(db, workspaceId, rows);
    if (rows.length < exportBatchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

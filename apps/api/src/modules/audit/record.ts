import { type AuditAction, StatusCode } from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/types';
import { AppError } from '../../http/app-error';
import { endpointsFor, enqueueDeliveries } from '../webhooks/queue';
import { auditLog } from './schema';
import { webhookDataOf } from './service';
import { currentApiKey } from './via-key';

/**
 * Records one notable change of a workspace; call it inside the transaction that makes the change, so
 * a change that rolls back leaves no entry. `subject` holds the ids, names and before/after values
 * service.ts turns into the entry people read.
 */
export async function recordAudit(
  tx: Db,
  entry: {
    workspaceId: string;
    actorUserId: string | null;
    action: AuditAction;
    subject: Record<string, unknown>;
  },
): Promise<void> {
  // Made with an API key: the entry says which, beside the actor (the key's creator).
  const apiKey = currentApiKey();
  const subject = apiKey ? { ...entry.subject, apiKey } : entry.subject;
  const row = { id: uuidv7(), ...entry, subject, createdDate: new Date() };
  await tx.insert(auditLog).values(row);
  // Webhooks announce the entry, queued in this same transaction (docs/webhooks.md).
  const endpoints = await endpointsFor(tx, entry.workspaceId, entry.action);
  if (endpoints.length === 0) return;
  const data = await webhookDataOf(tx, row);
  await enqueueDeliveries(tx, endpoints, {
    workspaceId: entry.workspaceId,
    type: entry.action,
    timestamp: row.createdDate,
    data,
  });
}

/**
 * Deletes a row of the caller's workspace and records it, in one transaction: `remove` answers whether
 * it deleted a row, and when it did not (deleted meanwhile) the answer is 404 and nothing is recorded.
 */
export async function deleteAudited(
  db: Db,
  access: { workspaceId: string; userId: string },
  remove: (tx: Db) => Promise<boolean>,
  entry: { action: AuditAction; subject: Record<string, unknown> },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await remove(tx))) throw new AppError(StatusCode.notFound);
    await recordAudit(tx, { workspaceId: access.workspaceId, actorUserId: access.userId, ...entry });
  });
}

/**
 * The fields that differ between two states, as `{ before, after }` holding only those fields; null when
 * nothing changed (a save that changes nothing is not worth an entry).
 */
export function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    const old = before[key] ?? null;
    const value = after[key] ?? null;
    if (JSON.stringify(old) === JSON.stringify(value)) continue;
    was[key] = old;
    now[key] = value;
  }
  return Object.keys(now).length > 0 ? { before: was, after: now } : null;
}

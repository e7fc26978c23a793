import {
  type CreateWebhookRequest,
  type Locale,
  maxWebhooksPerWorkspace,
  type RedeliverRequest,
  StatusCode,
  type UpdateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryPage,
  type WebhookDeliveryQuery,
  type WebhookEventTypeItem,
  type WebhookWithSecret,
  webhookEventTypes,
} from '@wsm/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../deps';
import { AppError, found } from '../../http/app-error';
import { pageAnswer } from '../../lib/paging';
import type { MemberAccess } from '../access/guard';
import { changes, deleteAudited, recordAudit } from '../audit/record';
import { refusedUrl } from './address-guard';
import { enforceSendLimit } from './limits';
import { eventTypeName, tooManyWebhooks, urlProblemMessage } from './messages';
import { enqueueDeliveries, webhookChannel } from './queue';
import * as repo from './repository';
import { newWebhookSecret, policyOf, previousSecretHours, runtimeOf, sealWebhookSecret } from './runtime';
import { type WebhookDeliveryRow, type WebhookRow, webhookDeliveries } from './schema';

type Deps = Pick<AppDeps, 'config' | 'database' | 'limiter' | 'webhookRuntime'>;

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    description: row.description,
    createdDate: row.createdDate.toISOString(),
    disabledReason: row.disabledReason === 'failing' ? 'failing' : null,
  };
}

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    nextAttemptDate: row.status === 'pending' ? (row.nextAttemptDate?.toISOString() ?? null) : null,
    createdDate: row.createdDate.toISOString(),
  };
}

/** Every event type an endpoint can ask for, named in the reader's language. */
export function eventTypes(locale: Locale): WebhookEventTypeItem[] {
  return webhookEventTypes.map((key) => ({ key, name: eventTypeName(key, locale) }));
}

/** Refuses a URL the server must not call, with the reason in the reader's language (400 on `url`). */
async function assertUrlAllowed(deps: Deps, url: string, locale: Locale): Promise<void> {
  const problem = await refusedUrl(url, policyOf(deps), runtimeOf(deps).resolve);
  if (!problem) return;
  throw new AppError(StatusCode.validation, {
    data: {
      errors: [{ path: 'url', message: urlProblemMessage(problem, locale) }],
      reason: `url_${problem}`,
    },
  });
}

/** What an entry of the audit log keeps of an endpoint (never its secret). */
const audited = (row: WebhookRow) => ({
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  description: row.description,
});

export async function listWebhooks(db: AppDeps['database']['db'], workspaceId: string): Promise<Webhook[]> {
  return (await repo.listWebhooks(db, workspaceId)).map(toWebhook);
}

export async function createWebhook(
  deps: Deps,
  access: MemberAccess,
  body: CreateWebhookRequest,
  locale: Locale,
): Promise<WebhookWithSecret> {
  await assertUrlAllowed(deps, body.url, locale);
  const db = deps.database.db;
  const id = uuidv7();
  const secret = newWebhookSecret();
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    if ((await repo.countWebhooks(tx, access.workspaceId)) >= maxWebhooksPerWorkspace)
      throw new AppError(StatusCode.validation, {
        data: { errors: [{ path: 'url', message: tooManyWebhooks[locale] }], reason: 'too_many' },
      });
    const inserted = await repo.insertWebhook(tx, {
      id,
      workspaceId: access.workspaceId,
      url: body.url,
      events: body.events,
      description: body.description || null,
      secretSealed: sealWebhookSecret(deps, secret, id),
      createdDate: now,
      updatedDate: now,
    });
    await recordAudit(tx, {
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      action: 'webhook.created',
      subject: { webhookId: id, url: inserted.url, after: audited(inserted) },
    });
    return inserted;
  });
  return { ...toWebhook(row), secret };
}

export async function updateWebhook(
  deps: Deps,
  access: MemberAccess,
  body: UpdateWebhookRequest,
  locale: Locale,
): Promise<Webhook> {
  if (body.url !== undefined) await assertUrlAllowed(deps, body.url, locale);
  return deps.database.db.transaction(async (tx) => {
    const before = found(await repo.getWebhook(tx, access.workspaceId, body.id));
    const values: Parameters<typeof repo.updateWebhook>[3] = { updatedDate: new Date() };
    if (body.url !== undefined) values.url = body.url;
    if (body.events !== undefined) values.events = body.events;
    if (body.description !== undefined) values.description = body.description || null;
    if (body.enabled !== undefined) {
      values.enabled = body.enabled;
      // Turned on again: its days of failing start over.
      if (body.enabled && !before.enabled)
        Object.assign(values, { disabledReason: null, failingSince: null });
    }
    const after = found(await repo.updateWebhook(tx, access.workspaceId, body.id, values));
    const changed = changes(audited(before), audited(after));
    if (changed)
      await recordAudit(tx, {
        workspaceId: access.workspaceId,
        actorUserId: access.userId,
        action: 'webhook.updated',
        subject: { webhookId: after.id, url: after.url, ...changed },
      });
    return toWebhook(after);
  });
}

export async function deleteWebhook(deps: Deps, access: MemberAccess, id: string): Promise<void> {
  const db = deps.database.db;
  const row = found(await repo.getWebhook(db, access.workspaceId, id));
  await deleteAudited(db, access, (tx) => repo.deleteWebhook(tx, access.workspaceId, id), {
    action: 'webhook.deleted',
    subject: { webhookId: id, url: row.url, before: audited(row) },
  });
}

/** A new secret, shown once; the one it replaces keeps signing beside it for 24 hours. */
export async function rotateSecret(
  deps: Deps,
  access: MemberAccess,
  id: string,
): Promise<{ secret: string }> {
  const secret = newWebhookSecret();
  const now = runtimeOf(deps).now();
  await deps.database.db.transaction(async (tx) => {
    const row = found(await repo.getWebhook(tx, access.workspaceId, id));
    await repo.updateWebhook(tx, access.workspaceId, id, {
      secretSealed: sealWebhookSecret(deps, secret, id),
      previousSecretSealed: row.secretSealed,
      previousSecretUntil: new Date(now.getTime() + previousSecretHours * 3600_000),
      updatedDate: now,
    });
    await recordAudit(tx, {
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      action: 'webhook.secret_rotated',
      subject: { webhookId: id, url: row.url },
    });
  });
  return { secret };
}

/** Queues a `webhook.test` event to one endpoint, whatever events it asked for. */
export async function sendTest(
  deps: Deps,
  access: MemberAccess,
  id: string,
): Promise<{ deliveryId: string }> {
  const now = runtimeOf(deps).now();
  const [deliveryId] = await deps.database.db.transaction(async (tx) => {
    const row = found(await repo.getWebhook(tx, access.workspaceId, id));
    await enforceSendLimit(deps, access.workspaceId, row.id);
    return enqueueDeliveries(
      tx,
      [row.id],
      {
        workspaceId: access.workspaceId,
        type: 'webhook.test',
        timestamp: now,
        data: { webhookId: row.id, message: 'A test event sent from the workspace settings' },
      },
      now,
    );
  });
  return { deliveryId: deliveryId! };
}

export async function listDeliveries(
  deps: Deps,
  workspaceId: string,
  query: WebhookDeliveryQuery,
): Promise<WebhookDeliveryPage> {
  const { rows, total } = await repo.listDeliveries(deps.database.db, workspaceId, query);
  return pageAnswer(rows.map(toDelivery), total, query);
}

export async function getDelivery(
  deps: Deps,
  workspaceId: string,
  id: string,
): Promise<WebhookDeliveryDetail> {
  const row = found(await repo.getDelivery(deps.database.db, workspaceId, id));
  return { ...toDelivery(row), payload: row.payload, attemptLog: row.attemptLog };
}

/**
 * Sends a finished delivery again, with the same id and body, from the start of the retry schedule. One
 * still pending is left to its schedule (it may be on its way right now).
 */
export async function redeliver(deps: Deps, access: MemberAccess, body: RedeliverRequest): Promise<void> {
  const db = deps.database.db;
  const now = runtimeOf(deps).now();
  await db.transaction(async (tx) => {
    const delivery = found(await repo.getDelivery(tx, access.workspaceId, body.deliveryId));
    await enforceSendLimit(deps, access.workspaceId, delivery.webhookId);
    const requeued = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', scheduleStep: 0, nextAttemptDate: now })
      .where(
        and(
          eq(webhookDeliveries.workspaceId, access.workspaceId),
          eq(webhookDeliveries.id, body.deliveryId),
          ne(webhookDeliveries.status, 'pending'),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (requeued.length > 0) await tx.execute(sql`select pg_notify(${webhookChannel}, '')`);
  });
}

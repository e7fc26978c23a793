import {
  type ApiKey,
  type ApiKeyPage,
  type CreateApiKeyRequest,
  type CreatedApiKey,
  type PageQuery,
  type RevokeApiKeyRequest,
  StatusCode,
} from '@wsm/contracts';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/types';
import { AppError } from '../../http/app-error';
import { pageAnswer, pageSlice } from '../../lib/paging';
import { holds, type MemberAccess } from '../access/guard';
import { recordAudit } from '../audit/record';
import * as repo from './repository';
import { hashApiKey, newApiKey, prefixOf } from './secret';

function toApiKey(row: repo.ListedKey): ApiKey {
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions as ApiKey['permissions'],
    prefix: row.prefix,
    createdDate: row.createdDate.toISOString(),
    expiresDate: row.expiresDate?.toISOString() ?? null,
    lastUsedDate: row.lastUsedDate?.toISOString() ?? null,
    createdBy: row.creator,
  };
}

/** Makes a key with permissions the caller holds (else 403); the key itself is answered this once. */
export async function createKey(
  db: Db,
  access: MemberAccess,
  body: CreateApiKeyRequest,
): Promise<CreatedApiKey> {
  const permissions = [...new Set(body.permissions)];
  for (const permission of permissions)
    if (!holds(access, permission)) throw new AppError(StatusCode.forbidden);
  const key = newApiKey();
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertKey(tx, {
      id: uuidv7(),
      workspaceId: access.workspaceId,
      name: body.name,
      keyHash: hashApiKey(key),
      prefix: prefixOf(key),
      permissions,
      createdByUserId: access.userId,
      expiresDate: body.expiresDate ? new Date(body.expiresDate) : null,
    });
    await recordAudit(tx, {
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      action: 'api_key.created',
      subject: auditSubject(inserted),
    });
    return inserted;
  });
  const creator = await repo.personName(db, access.userId);
  return { ...toApiKey({ ...row, creator: { id: access.userId, ...creator } }), key };
}

function auditSubject(row: repo.ListedKey | Omit<repo.ListedKey, 'creator'>): Record<string, unknown> {
  return {
    keyId: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: row.permissions,
    expiresDate: row.expiresDate?.toISOString() ?? null,
  };
}

export async function listKeys(db: Db, workspaceId: string, query: PageQuery): Promise<ApiKeyPage> {
  const { rows, total } = await repo.listKeys(db, workspaceId, pageSlice(query));
  return pageAnswer(rows.map(toApiKey), total, query);
}

/** Deletes the key (404 when it is not the workspace's); every process refuses it from the next request. */
export async function revokeKey(db: Db, access: MemberAccess, body: RevokeApiKeyRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.deleteKey(tx, access.workspaceId, body.id);
    if (!row) throw new AppError(StatusCode.notFound);
    await recordAudit(tx, {
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      action: 'api_key.revoked',
      subject: auditSubject(row),
    });
  });
}

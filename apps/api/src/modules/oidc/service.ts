import { randomBytes } from 'node:crypto';
import type { Locale, SaveSignInRequest, SignInSettings } from '@wsm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { found } from '../../http/app-error';
import type { MemberAccess } from '../access/guard';
import { fieldError } from '../access/service';
import * as applicationsRepo from '../applications/repository';
import { changes, recordAudit } from '../audit/record';
import { hashClientSecret } from './provider';
import { type ApplicationSignInRow, applicationSignIn } from './schema';

/** A client secret: 256 random bits, shown once; only its SHA-256 is kept. */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function toSettings(row: ApplicationSignInRow, clientSecret?: string): SignInSettings {
  return {
    clientId: row.clientId,
    clientType: row.clientType,
    enabled: row.enabled,
    redirectUris: row.redirectUris,
    postLogoutRedirectUris: row.postLogoutRedirectUris,
    ...(row.idTokenSignedResponseAlg === 'ES256'
      ? {}
      : { idTokenSignedResponseAlg: row.idTokenSignedResponseAlg }),
    ...(clientSecret ? { clientSecret } : {}),
  };
}

/** What the audit shows of the settings: never the secret or its hash. */
function audited(row: ApplicationSignInRow | undefined): Record<string, unknown> {
  if (!row) return {};
  const { clientType, enabled, redirectUris, postLogoutRedirectUris, idTokenSignedResponseAlg } = row;
  return { signIn: { clientType, enabled, redirectUris, postLogoutRedirectUris, idTokenSignedResponseAlg } };
}

async function findSettings(
  db: Db,
  workspaceId: string,
  applicationId: string,
): Promise<ApplicationSignInRow | undefined> {
  const [row] = await db
    .select()
    .from(applicationSignIn)
    .where(
      and(eq(applicationSignIn.workspaceId, workspaceId), eq(applicationSignIn.applicationId, applicationId)),
    );
  return row;
}

/** The workspace of an enabled client, from its sign-in settings. */
export async function workspaceOfClient(db: Db, clientId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ workspaceId: applicationSignIn.workspaceId, enabled: applicationSignIn.enabled })
    .from(applicationSignIn)
    .where(eq(applicationSignIn.clientId, clientId));
  return row?.enabled ? row.workspaceId : undefined;
}

/** The application's sign-in settings without a secret; 404 while never set. */
export async function getSignIn(db: Db, workspaceId: string, applicationId: string): Promise<SignInSettings> {
  return toSettings(found(await findSettings(db, workspaceId, applicationId)));
}

/**
 * Makes or changes an application's sign-in settings. A confidential client gets a secret when it
 * has none (first made, or turned from public); the answer carries it that once.
 */
export async function saveSignIn(
  db: Db,
  access: MemberAccess,
  input: SaveSignInRequest,
  _locale: Locale,
): Promise<SignInSettings> {
  const application = found(
    await applicationsRepo.findApplication(db, access.workspaceId, input.applicationId),
  );
  return db.transaction(async (tx) => {
    const before = await findSettings(tx, access.workspaceId, input.applicationId);
    const secret =
      input.clientType === 'confidential' && (before?.secretHash ?? null) === null ? newSecret() : undefined;
    const secretHash =
      input.clientType === 'public' ? null : secret ? hashClientSecret(secret) : (before?.secretHash ?? null);
    const fields = {
      clientType: input.clientType,
      enabled: input.enabled,
      redirectUris: [...new Set(input.redirectUris)],
      postLogoutRedirectUris: [...new Set(input.postLogoutRedirectUris)],
      idTokenSignedResponseAlg: input.idTokenSignedResponseAlg ?? before?.idTokenSignedResponseAlg ?? 'ES256',
      secretHash,
      updatedDate: new Date(),
    };
    const [row] = before
      ? await tx
          .update(applicationSignIn)
          .set(fields)
          .where(eq(applicationSignIn.applicationId, input.applicationId))
          .returning()
      : await tx
          .insert(applicationSignIn)
          .values({
            applicationId: input.applicationId,
            workspaceId: access.workspaceId,
            clientId: randomBytes(16).toString('base64url'),
            ...fields,
          })
          .returning();
    const diff = changes(audited(before), audited(row));
    if (diff || secret)
      await recordAudit(tx, {
        workspaceId: access.workspaceId,
        actorUserId: access.userId,
        action: 'application.updated',
        subject: {
          applicationId: application.id,
          name: application.name,
          ...(diff ?? { before: {}, after: {} }),
          ...(secret ? { signInSecret: 'issued' } : {}),
        },
      });
    return toSettings(row!, secret);
  });
}

/** A new secret for a confidential client; the old one stops at once. */
export async function rotateSignInSecret(
  db: Db,
  access: MemberAccess,
  applicationId: string,
  locale: Locale,
): Promise<{ clientSecret: string }> {
  const application = found(await applicationsRepo.findApplication(db, access.workspaceId, applicationId));
  return db.transaction(async (tx) => {
    const before = found(await findSettings(tx, access.workspaceId, applicationId));
    if (before.clientType !== 'confidential')
      throw fieldError(locale, 'applicationId', 'public_client_no_secret');
    const clientSecret = newSecret();
    await tx
      .update(applicationSignIn)
      .set({ secretHash: hashClientSecret(clientSecret), updatedDate: new Date() })
      .where(eq(applicationSignIn.applicationId, applicationId));
    await recordAudit(tx, {
      workspaceId: access.workspaceId,
      actorUserId: access.userId,
      action: 'application.updated',
      subject: { applicationId, name: application.name, before: {}, after: {}, signInSecret: 'rotated' },
    });
    return { clientSecret };
  });
}

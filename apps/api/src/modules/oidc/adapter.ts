import { and, eq } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/types';
import { applicationSignIn, oidcPayloads } from './schema';

/** The provider's client metadata for an application's sign-in settings (null: none, or switched off). */
export async function clientMetadata(db: Db, clientId: string): Promise<AdapterPayload | undefined> {
  const [row] = await db.select().from(applicationSignIn).where(eq(applicationSignIn.clientId, clientId));
  if (!row?.enabled) return undefined;
  const secretHash = row.clientType === 'confidential' ? row.secretHash : null;
  const confidential = secretHash !== null;
  return {
    client_id: row.clientId,
    // The hash stands where the library keeps a secret; Client.compareClientSecret is replaced to
    // compare hashes (provider.ts), and no HMAC algorithm is enabled that would key on it.
    ...(secretHash !== null ? { client_secret: secretHash } : {}),
    token_endpoint_auth_method: confidential ? 'client_secret_basic' : 'none',
    redirect_uris: row.redirectUris,
    post_logout_redirect_uris: row.postLogoutRedirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    id_token_signed_response_alg: row.idTokenSignedResponseAlg,
    // Native and browser apps of the workspace may use loopback http and private-use schemes.
    application_type: row.redirectUris.some((uri) => !uri.startsWith('https:')) ? 'native' : 'web',
  };
}

/**
 * oidc-provider's storage (its Adapter interface) over one table, keyed by model and id; every value
 * is a bound parameter, so it runs on PGlite and PostgreSQL alike. Clients are read from the
 * applications' sign-in settings instead, and never written.
 */
export function adapterClass(db: Db): new (model: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.model === 'Client') return;
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values({ model: this.model, id, ...row })
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return clientMetadata(db, id);
      return this.findBy(eq(oidcPayloads.id, id));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findBy(eq(oidcPayloads.userCode, userCode));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy(eq(oidcPayloads.uid, uid));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      // Every model of the grant (codes, access and refresh tokens), as the library's examples do.
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }

    private async findBy(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), condition))
        .limit(1);
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
      return {
        ...(row.payload as AdapterPayload),
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }
  };
}

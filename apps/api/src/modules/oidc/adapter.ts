import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { preparedPer } from '../../db/prepared';
import type { Db } from '../../db/types';
import { liveGrants, revokeGrants, type UserClaims } from './grants';
import { type ApplicationSignInRow, applicationSignIn, oidcGrants, oidcPayloads } from './schema';
import { writeBatchOf } from './write-batch';

/** The provider's models whose every read checks their grant (grants.ts, "Revocation"). */
const grantBound = new Set(['AuthorizationCode', 'AccessToken', 'RefreshToken']);

const clientRead = preparedPer((db: Db) =>
  db
    .select()
    .from(applicationSignIn)
    .where(eq(applicationSignIn.clientId, sql.placeholder('clientId')))
    .prepare('oidc_client_read'),
);

/** An application's sign-in settings by client id, when enabled. */
export async function enabledClient(db: Db, clientId: string): Promise<ApplicationSignInRow | undefined> {
  const [row] = await clientRead(db).execute({ clientId });
  return row?.enabled ? row : undefined;
}

/** The provider's client metadata for an application's enabled sign-in settings. */
export function clientMetadata(row: ApplicationSignInRow): AdapterPayload {
  const secretHash = row.clientType === 'confidential' ? row.secretHash : null;
  const confidential = secretHash !== null;
  return {
    client_id: row.clientId,
    // The hash stands where the library keeps a secret; Client.compareClientSecret is replaced to
    // compare hashes (provider.ts), and no HMAC algorithm is enabled that would key on it.
    ...(secretHash !== null ? { client_secret: secretHash } : {}),
    token_endpoint_auth_method: confidential ? 'client_secret_basic' : 'none',
    redirect_uris: [...row.redirectUris],
    post_logout_redirect_uris: [...row.postLogoutRedirectUris],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    id_token_signed_response_alg: row.idTokenSignedResponseAlg,
    // Native and browser apps of the workspace may use loopback http and private-use schemes.
    application_type: row.redirectUris.some((uri) => !uri.startsWith('https:')) ? 'native' : 'web',
  };
}

const payloadColumns = {
  payload: oidcPayloads.payload,
  expiresAt: oidcPayloads.expiresAt,
  consumedAt: oidcPayloads.consumedAt,
};
type StoredPayload = { payload: Record<string, unknown>; expiresAt: Date | null; consumedAt: Date | null };

const byModelAndId = and(
  eq(oidcPayloads.model, sql.placeholder('model')),
  eq(oidcPayloads.id, sql.placeholder('id')),
);

const payloadRead = preparedPer((db: Db) =>
  db.select(payloadColumns).from(oidcPayloads).where(byModelAndId).limit(1).prepare('oidc_payload_read'),
);

// A code or token, whether its grant may still be used, and that grant and its user's claims, which the
// provider reads next in the same request: one round trip instead of four.
const tokenRead = preparedPer((db: Db) => {
  const grant = alias(oidcPayloads, 'grant_payload');
  const live = liveGrants(db, eq(oidcGrants.grantId, oidcPayloads.grantId)).as('live');
  return db
    .select({
      ...payloadColumns,
      grantId: oidcPayloads.grantId,
      liveGrantId: live.grantId,
      userId: live.userId,
      firstName: live.firstName,
      lastName: live.lastName,
      username: live.username,
      language: live.language,
      email: live.email,
      emailVerified: live.emailVerified,
      phone: live.phone,
      grantPayload: grant.payload,
      grantExpiresAt: grant.expiresAt,
      grantConsumedAt: grant.consumedAt,
    })
    .from(oidcPayloads)
    .leftJoinLateral(live, sql`true`)
    .leftJoin(grant, and(eq(grant.model, 'Grant'), eq(grant.id, oidcPayloads.grantId)))
    .where(byModelAndId)
    .limit(1)
    .prepare('oidc_token_read');
});

const payloadUpsert = preparedPer((db: Db) =>
  db
    .insert(oidcPayloads)
    .values({
      model: sql.placeholder('model'),
      id: sql.placeholder('id'),
      payload: sql`${sql.placeholder('payload')}::jsonb`,
      grantId: sql.placeholder('grantId'),
      userCode: sql.placeholder('userCode'),
      uid: sql.placeholder('uid'),
      expiresAt: sql`${sql.placeholder('expiresAt')}::timestamptz`,
    })
    .onConflictDoUpdate({
      target: [oidcPayloads.model, oidcPayloads.id],
      set: {
        payload: sql`excluded.payload`,
        grantId: sql`excluded.grant_id`,
        userCode: sql`excluded.user_code`,
        uid: sql`excluded.uid`,
        expiresAt: sql`excluded.expires_at`,
      },
    })
    .prepare('oidc_payload_upsert'),
);

const payloadConsume = preparedPer((db: Db) =>
  db
    .update(oidcPayloads)
    .set({ consumedAt: sql`${sql.placeholder('at')}::timestamptz` })
    .where(byModelAndId)
    .prepare('oidc_payload_consume'),
);

/**
 * What a token's read brought for the rest of its request: its grant (taken once), its user, and the
 * grant of each code or token read (by model and id).
 */
interface Prefetched {
  grants: Map<string, StoredPayload>;
  users: Map<string, UserClaims>;
  tokenGrants: Map<string, string>;
}
const prefetched = new WeakMap<object, Prefetched>();

/** The user's claims read with the request's token (undefined: none read, then read them). */
export function prefetchedUser(ctx: object, userId: string): UserClaims | undefined {
  return prefetched.get(ctx)?.users.get(userId);
}

/** The payload as the provider keeps it, or undefined when expired. */
function toPayload(row: StoredPayload): AdapterPayload | undefined {
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
  return {
    ...(row.payload as AdapterPayload),
    ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
  };
}

export interface AdapterOptions {
  /** The enabled client of an id (default: read each time; provider.ts keeps them in the auth cache). */
  client?: (clientId: string) => Promise<ApplicationSignInRow | undefined>;
  /** The provider's request being served, if any (its AsyncLocalStorage), for what a read brought along. */
  context?: () => object | undefined;
}

/**
 * oidc-provider's storage (its Adapter interface) over one table, keyed by model and id; every value
 * is a bound parameter, so it runs on PGlite and PostgreSQL alike. Clients are read from the
 * applications' sign-in settings instead, and never written. A code or token is honoured only while its
 * grant is alive (grants.ts): a dead grant is deleted with what it gave, and the token reads as unknown
 * (refresh → invalid_grant, userinfo → 401, introspection → inactive). Nothing of the kind is kept past
 * the request, so every process sees the same at once.
 */
export function adapterClass(db: Db, options: AdapterOptions = {}): new (model: string) => Adapter {
  const client = options.client ?? ((clientId: string) => enabledClient(db, clientId));
  const context = options.context ?? (() => undefined);
  /** A write in this request: a grant read before it may be stale now. */
  const written = () => {
    const ctx = context();
    if (ctx) prefetched.get(ctx)?.grants.clear();
  };
  /** Before anything but a held write (write-batch.ts): what is held is sent first. */
  const sendHeld = async () => {
    await writeBatchOf(context())?.send();
  };

  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.model === 'Client') return;
      written();
      const row = {
        model: this.model,
        id,
        payload,
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
      };
      const batch = writeBatchOf(context());
      if (batch) return batch.upsert(row);
      await payloadUpsert(db).execute({
        ...row,
        payload: JSON.stringify(payload),
        grantId: row.grant_id,
        userCode: row.user_code,
        expiresAt: row.expires_at,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') {
        const row = await client(id);
        return row && clientMetadata(row);
      }
      await sendHeld();
      if (grantBound.has(this.model)) return this.findToken(id);
      const ctx = context();
      const early = this.model === 'Grant' && ctx ? prefetched.get(ctx)?.grants : undefined;
      const row = early?.get(id);
      if (row) {
        early!.delete(id);
        return toPayload(row);
      }
      const [stored] = await payloadRead(db).execute({ model: this.model, id });
      return stored && toPayload(stored);
    }

    private async findToken(id: string): Promise<AdapterPayload | undefined> {
      const [row] = await tokenRead(db).execute({ model: this.model, id });
      if (!row) return undefined;
      if (row.grantId && !row.liveGrantId) {
        written();
        await revokeGrants(db, [row.grantId]);
        return undefined;
      }
      const ctx = context();
      if (ctx && row.grantId && row.userId) {
        const memo = prefetched.get(ctx) ?? { grants: new Map(), users: new Map(), tokenGrants: new Map() };
        prefetched.set(ctx, memo);
        memo.tokenGrants.set(`${this.model}:${id}`, row.grantId);
        const { userId, firstName, lastName, username, language, email, emailVerified, phone } = row;
        memo.users.set(userId, {
          userId,
          firstName,
          lastName,
          username,
          language,
          email,
          emailVerified,
          phone,
        });
        if (row.grantPayload)
          memo.grants.set(row.grantId, {
            payload: row.grantPayload,
            expiresAt: row.grantExpiresAt,
            consumedAt: row.grantConsumedAt,
          });
      }
      return toPayload(row);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findBy(eq(oidcPayloads.userCode, userCode));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy(eq(oidcPayloads.uid, uid));
    }

    async consume(id: string): Promise<void> {
      written();
      const ctx = context();
      const batch = writeBatchOf(ctx);
      if (batch && ctx) {
        const grantId = prefetched.get(ctx)?.tokenGrants.get(`${this.model}:${id}`);
        return batch.consume({ model: this.model, id, grantId });
      }
      await payloadConsume(db).execute({ model: this.model, id, at: new Date().toISOString() });
    }

    async destroy(id: string): Promise<void> {
      written();
      await sendHeld();
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      written();
      await sendHeld();
      // Every model of the grant (codes, access and refresh tokens), as the library's examples do.
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }

    private async findBy(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      await sendHeld();
      const [row] = await db
        .select(payloadColumns)
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), condition))
        .limit(1);
      return row && toPayload(row);
    }
  };
}

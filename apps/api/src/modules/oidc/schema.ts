import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from '../applications/schema';
import { users } from '../identity/schema';
import { workspaces } from '../workspaces/schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What oidc-provider keeps (sessions, interactions, codes, tokens, grants), one row per model and id,
 * as its example adapters do: grant_id and uid are looked up, expires_at lets housekeeping drop the dead.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamptz('expires_at'),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    // Only sessions and interactions have a uid: the tokens (two rows a refresh grant) skip the index.
    index('oidc_payloads_uid_idx').on(t.uid).where(sql`${t.uid} is not null`),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  ],
);

/** The provider's signing keys; the private JWK sealed (lib/secret-box.ts) under the key's id. */
export const oidcSigningKeys = pgTable('oidc_signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwkSealed: text('private_jwk_sealed').notNull(),
  createdDate: timestamptz('created_date').notNull().defaultNow(),
  /** Set when a newer key signs: the public half stays in the JWKS until this key's tokens expire. */
  retiredDate: timestamptz('retired_date'),
});

/** An application's "sign in with the workspace" settings: it is then an OpenID Connect client. */
export const applicationSignIn = pgTable(
  'application_sign_in',
  {
    applicationId: text('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull().unique(),
    clientType: text('client_type').$type<'public' | 'confidential'>().notNull(),
    /** SHA-256 of the client secret (a 256-bit random value, so no slow hash is needed); never the secret. */
    secretHash: text('secret_hash'),
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull().default([]),
    postLogoutRedirectUris: jsonb('post_logout_redirect_uris').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    /** The ID tokens' algorithm (keys.ts keeps a current key of each). */
    idTokenSignedResponseAlg: text('id_token_signed_response_alg')
      .$type<'ES256' | 'RS256'>()
      .notNull()
      .default('ES256'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    updatedDate: timestamptz('updated_date').notNull().defaultNow(),
  },
  (t) => [index('application_sign_in_workspace_id_idx').on(t.workspaceId)],
);

export type ApplicationSignInRow = typeof applicationSignIn.$inferSelect;

/**
 * Who a provider grant belongs to and the product session it was given in (grants.ts): a token of the
 * grant is honoured only while that session is not ended, the member active and the application's
 * sign-in enabled. Also the member's list of connected applications (first and last sign-in).
 */
export const oidcGrants = pgTable(
  'oidc_grants',
  {
    grantId: text('grant_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: text('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    /** The product session (user_sessions.id) of the last sign-in. */
    sessionId: text('session_id').notNull(),
    firstSignInDate: timestamptz('first_sign_in_date').notNull().defaultNow(),
    lastSignInDate: timestamptz('last_sign_in_date').notNull().defaultNow(),
  },
  (t) => [index('oidc_grants_user_id_idx').on(t.userId)],
);

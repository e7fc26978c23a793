import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const userStatuses = ['active', 'suspended', 'unverified'] as const;
export type UserStatus = (typeof userStatuses)[number];
export const userLanguages = ['persian', 'english', 'arabic'] as const;
export type UserLanguage = (typeof userLanguages)[number];
/** How the login's second step is proved: a code by SMS or e-mail, or an authenticator app's ('google'). */
export const twoFaMethods = ['sms', 'email', 'google'] as const;
export type TwoFaMethodKey = (typeof twoFaMethods)[number];

/** Accounts. Phone, national code and (case-insensitively) username are unique. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    nationalCode: text('national_code'),
    /** Stored in lower case; unique on lower(username) as well, so no casing slips through. */
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** E-mail the verified address when a login comes from a browser and system not used for 90 days. */
    loginAlerts: boolean('login_alerts').notNull().default(true),
    status: text('status', { enum: userStatuses }).notNull().default('active'),
    preferredTwoFaMethod: text('preferred_two_fa_method', { enum: twoFaMethods }).notNull().default('sms'),
    language: text('language', { enum: userLanguages }).notNull().default('persian'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    updatedDate: timestamptz('updated_date').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_national_code_key').on(t.nationalCode),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_status_check', sql`${t.status} in ('active', 'suspended', 'unverified')`),
    check('users_two_fa_method_check', sql`${t.preferredTwoFaMethod} in ('sms', 'email', 'google')`),
    check('users_language_check', sql`${t.language} in ('persian', 'english', 'arabic')`),
    check('users_phone_format_check', sql`${t.phone} ~ '^09[0-9]{9}$'`),
  ],
);

/** Login sessions. The refresh token is stored as a SHA-256 hash and rotated on every renewal. */
export const sessions = pgTable(
  'user_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address').notNull(),
    agent: text('agent').notNull(),
    platform: text('platform').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    lastSeenDate: timestamptz('last_seen_date').notNull().defaultNow(),
    /**
     * When the person last proved themselves again in this session (a step-up code, a password change).
     * The session is fresh (may change phone or e-mail) for a while after this or after the login.
     */
    reauthenticatedDate: timestamptz('reauthenticated_date'),
    /** Absolute end of the session (30 days after login); renewals do not extend it. */
    expiresDate: timestamptz('expires_date').notNull(),
    revokedDate: timestamptz('revoked_date'),
    revokedReason: text('revoked_reason', {
      enum: ['logout', 'revoked', 'refresh-replay', 'password-reset', 'suspended'],
    }),
  },
  (t) => [
    uniqueIndex('user_sessions_refresh_token_hash_key').on(t.refreshTokenHash),
    index('user_sessions_user_id_idx').on(t.userId),
    // Housekeeping (housekeeping.ts) finds sessions long past their end by this.
    index('user_sessions_expires_date_idx').on(t.expiresDate),
    check(
      'user_sessions_revoked_reason_check',
      sql`${t.revokedReason} is null or ${t.revokedReason} in ('logout', 'revoked', 'refresh-replay', 'password-reset', 'suspended')`,
    ),
  ],
);

/** Refresh tokens already rotated away: presenting one again is a replay and kills its session. */
export const rotatedRefreshTokens = pgTable(
  'user_session_rotated_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    rotatedDate: timestamptz('rotated_date').notNull().defaultNow(),
  },
  (t) => [index('user_session_rotated_tokens_session_id_idx').on(t.sessionId)],
);

export const challengePurposes = [
  'signup',
  'login',
  'recovery',
  // Personal settings (modules/security): a code proving the phone or a new address of a logged-in user.
  'password-change',
  'email-verify',
  'phone-change',
  // Workspace backups (modules/backups): the owner's phone confirms taking and restoring a backup.
  'backup-create',
  'backup-restore',
  // A code to the own phone that makes a stale session fresh again (modules/security, step-up).
  'step-up',
] as const;
export type ChallengePurpose = (typeof challengePurposes)[number];

/**
 * One-time-code challenges. A flow token (signupToken, recoveryToken, login challenge token) is an
 * opaque random string stored as a hash, looked up together with its purpose, so one flow's token or
 * code never works in another. The code is stored as an HMAC bound to the challenge and purpose.
 */
export const challenges = pgTable(
  'auth_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: challengePurposes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The account (login, recovery); null for sign-up and for a recovery decoy. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Sign-up: the phone and national code being registered. */
    phone: text('phone'),
    nationalCode: text('national_code'),
    /** Where the current code went; 'google': a login that takes the authenticator app's code (none sent). */
    channel: text('channel', { enum: ['sms', 'email', 'google'] })
      .notNull()
      .default('sms'),
    destination: text('destination'),
    /**
     * What an account code confirms beyond its purpose (a backup code: the workspace, and the backup to
     * restore); a code is only good for the scope it was sent for. Null for the other flows.
     */
    scope: text('scope'),
    /** Null when no code is pending (after success, or for a recovery decoy: every code is wrong). */
    codeHash: text('code_hash'),
    codeExpiresDate: timestamptz('code_expires_date'),
    /** Wrong tries so far; the 5th kills the challenge. */
    attempts: integer('attempts').notNull().default(0),
    lastSentDate: timestamptz('last_sent_date'),
    sends: integer('sends').notNull().default(0),
    verifiedDate: timestamptz('verified_date'),
    /**
     * Recovery: the link texted with the latest code (docs/security.md, "Recovery nobody else can
     * spend"). Opening it proves the phone as the code does but cannot be guessed, so it needs no tries
     * strangers could spend. Stored hashed, used once; it lives a day, the longest the phone's text
     * budgets hold a new text back.
     */
    linkHash: text('link_hash'),
    linkExpiresDate: timestamptz('link_expires_date'),
    consumedDate: timestamptz('consumed_date'),
    /** End of the flow token's life. */
    expiresDate: timestamptz('expires_date').notNull(),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_challenges_token_hash_key').on(t.tokenHash),
    uniqueIndex('auth_challenges_link_hash_key').on(t.linkHash).where(sql`${t.linkHash} is not null`),
    index('auth_challenges_expires_date_idx').on(t.expiresDate),
    check(
      'auth_challenges_purpose_check',
      sql`${t.purpose} in ('signup', 'login', 'recovery', 'password-change', 'email-verify', 'phone-change', 'backup-create', 'backup-restore', 'step-up')`,
    ),
    index('auth_challenges_user_purpose_idx').on(t.userId, t.purpose),
    check('auth_challenges_channel_check', sql`${t.channel} in ('sms', 'email', 'google')`),
    check('auth_challenges_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * An account's authenticator app (TOTP, RFC 6238). The secret is stored encrypted (AES-256-GCM under
 * TOTP_ENCRYPTION_KEY, bound to the user id), never in clear. Until `confirmedDate` the row is only a
 * started enrolment: login does not ask for it. `lastUsedStep` is the time step of the newest code
 * accepted, so an accepted code is never accepted again.
 */
export const authenticators = pgTable('user_authenticators', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  confirmedDate: timestamptz('confirmed_date'),
  lastUsedStep: integer('last_used_step'),
  createdDate: timestamptz('created_date').notNull().defaultNow(),
});

/** Recovery codes of the authenticator method: HMAC-SHA-256 under a key apart from the database, single use. */
export const recoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedDate: timestamptz('used_date'),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

export type UserRow = typeof users.$inferSelect;
export type AuthenticatorRow = typeof authenticators.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ChallengeRow = typeof challenges.$inferSelect;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Passkeys (WebAuthn credentials) of an account, a second factor at login beside the codes. Only the
 * public key is kept; `counter` is the authenticator's signature counter, which must go up with every
 * use when the authenticator counts (a clone would fall behind).
 */
export const passkeys = pgTable(
  'user_passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id (base64url) the browser names at login. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    /** A 32-bit unsigned number: bigint, since integer stops at 2^31. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator (usb, internal, hybrid…), as it reported them. */
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
    lastUsedDate: timestamptz('last_used_date'),
  },
  (t) => [
    uniqueIndex('user_passkeys_credential_id_key').on(t.credentialId),
    index('user_passkeys_user_id_idx').on(t.userId),
    check('user_passkeys_counter_check', sql`${t.counter} >= 0`),
  ],
);

export const passkeyChallengePurposes = ['registration', 'authentication'] as const;

/**
 * WebAuthn challenges waiting for their answer, kept server-side and used once: a registration's is
 * bound to the session that asked for it, an authentication's to the login challenge (`boundTo`). One
 * pending per binding: asking again replaces it.
 */
export const passkeyChallenges = pgTable(
  'user_passkey_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: passkeyChallengePurposes }).notNull(),
    /** The session id (registration) or the login challenge's id (authentication). */
    boundTo: text('bound_to').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresDate: timestamptz('expires_date').notNull(),
    createdDate: timestamptz('created_date').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_passkey_challenges_binding_key').on(t.purpose, t.boundTo),
    index('user_passkey_challenges_expires_date_idx').on(t.expiresDate),
    check('user_passkey_challenges_purpose_check', sql`${t.purpose} in ('registration', 'authentication')`),
  ],
);

export type PasskeyRow = typeof passkeys.$inferSelect;

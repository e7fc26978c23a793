import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/**
 * Which peers may name the client's address in X-Forwarded-For: none (false), that many hops from this
 * process, or peers with these addresses or ranges (as Fastify's trustProxy takes them). `true` is one
 * hop, the reverse proxy in front: trusting every hop would let a client write its own address.
 */
const trustProxySetting = z
  .string()
  .optional()
  .transform((value, context): false | number | string[] => {
    if (value === undefined || value === 'false' || value === '0') return false;
    if (value === 'true') return 1;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const addresses = value.split(',').map((address) => address.trim());
    try {
      proxyAddr.compile(addresses);
    } catch {
      context.addIssue({
        code: 'custom',
        message: 'TRUST_PROXY must be true, false, a hop count or comma-separated addresses or CIDR ranges',
      });
      return z.NEVER;
    }
    return addresses;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_DIRECT_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOLER: z.enum(['none', 'transaction']).default('none'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_SENTINELS: z
    .string()
    .transform((value) => value.split(',').map((address) => address.trim()))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              /^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/,
              'REDIS_SENTINELS must be host:port pairs',
            ),
        )
        .min(1),
    )
    .optional(),
  REDIS_SENTINEL_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'REDIS_SENTINEL_NAME must be the name of a Sentinel group')
    .optional(),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(500),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOTP_ENCRYPTION_KEY: z
    .string()
    .regex(
      /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/,
      'TOTP_ENCRYPTION_KEY must be 32 bytes: 64 hex digits or 43 base64 characters',
    )
    .optional(),
  PUBLIC_URL: z.url().optional(),
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'WEBAUTHN_RP_ID must be a domain name (no scheme, no port)')
    .optional(),
  WEBAUTHN_ORIGINS: z
    .string()
    .transform((value) => value.split(',').map((origin) => origin.trim()))
    .pipe(z.array(z.url({ protocol: /^https?$/ })).min(1))
    .optional(),
  SMS_PROVIDER: z.enum(['log', 'kavenegar']).default('log'),
  EMAIL_PROVIDER: z.enum(['log', 'smtp']).default('log'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_FROM: z.string().min(3).optional(),
  KAVENEGAR_API_KEY: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'KAVENEGAR_API_KEY has unexpected characters')
    .optional(),
  KAVENEGAR_SENDER: z
    .string()
    .regex(/^\d{4,20}$/, 'KAVENEGAR_SENDER must be a line number')
    .optional(),
  KAVENEGAR_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.kavenegar.com'),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(86_400).default(900),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1_000_000).default(1),
  ALLOW_LOG_PROVIDERS: booleanFlag,
  TRUST_PROXY: trustProxySetting,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  API_DOCS: z.enum(['true', 'false', '1', '0']).optional(),
  METRICS: booleanFlag,
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  WEBHOOK_ALLOW_PRIVATE: booleanFlag,
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?){0,19}$/, 'WEBHOOK_RETRY_SCHEDULE must be seconds separated by commas')
    .optional(),
});

/** The waits before each retry of a webhook delivery (docs/webhooks.md), in seconds. */
export const webhookRetrySchedule = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];

export interface Config {
  env: 'production' | 'development' | 'test';
  /** Local mode: embedded defaults, log providers and the development outbox are allowed. */
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL itself when databaseUrl names a pooler: the LISTEN connection and migrations use it. */
  databaseDirectUrl: string | undefined;
  /** 'transaction': databaseUrl is a pooler in transaction mode (PgBouncer); see docs/deploy.md. */
  databasePooler: 'none' | 'transaction';
  redisUrl: string | undefined;
  /** A Sentinel group instead of redisUrl: its sentinels and the name of the group (docs/deploy.md). */
  redisSentinel: RedisSentinelSetting | undefined;
  /** How long one Redis command may take before Redis counts as down (limited routes answer 503). */
  redisCommandTimeoutMs: number;
  jwtSecret: string;
  /** AES-256-GCM key of the authenticator-app secrets at rest (32 bytes). */
  totpEncryptionKey: Buffer;
  publicUrl: string;
  /**
   * Passkeys: the relying party id (a domain; passkeys work on it and its subdomains) and the origins
   * a passkey may be registered or used from (the browser states its origin in the signed data).
   */
  webauthn: { rpId: string; origins: string[] };
  smsProvider: 'log' | 'kavenegar';
  emailProvider: 'log' | 'smtp';
  smtpUrl: string | undefined;
  /** The From of e-mails sent through SMTP. */
  smtpFrom: string;
  kavenegar: { apiKey: string | undefined; sender: string | undefined; baseUrl: string };
  /** Lifetime of access tokens in seconds (the `expiresIn` of token answers). */
  accessTokenTtl: number;
  /** Multiplies every rate limit's maximum (benchmarks, load tests); always 1 in production. */
  rateLimitMultiplier: number;
  /** Fastify's trustProxy: false, a hop count, or the addresses and ranges of trusted proxies. */
  trustProxy: false | number | string[];
  logLevel: string;
  webDistDir: string;
  /** Serve the OpenAPI document and its UI at /docs: on outside production, off in production unless API_DOCS=true. */
  apiDocs: boolean;
  /** Serve Prometheus metrics at /metrics (METRICS=true); in production only with the bearer metricsToken. */
  metrics: boolean;
  metricsToken: string | undefined;
  /**
   * Webhooks: whether a URL may reach loopback addresses (always outside production; in production only
   * with WEBHOOK_ALLOW_PRIVATE=true), and the waits in seconds before each retry.
   */
  webhooks: { allowPrivate: boolean; retrySchedule: number[] };
}

export interface RedisSentinelSetting {
  sentinels: { host: string; port: number }[];
  name: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

// Same depth from src/config.ts and from the bundled dist/server.js: apps/api/<dir>/file → apps/web/dist.
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Reads and validates every setting once; throws ConfigError with a one-line reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value means "not set" (e.g. DATABASE_URL= to force the embedded database).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);

  if (isProduction) {
    if (!e.JWT_SECRET)
      throw new ConfigError('JWT_SECRET is required in production (at least 32 random characters)');
    if (!e.TOTP_ENCRYPTION_KEY)
      throw new ConfigError(
        'TOTP_ENCRYPTION_KEY is required in production (32 random bytes: `openssl rand -hex 32`)',
      );
    const usesLog = e.SMS_PROVIDER === 'log' || e.EMAIL_PROVIDER === 'log';
    if (usesLog && !e.ALLOW_LOG_PROVIDERS)
      throw new ConfigError(
        'SMS_PROVIDER and EMAIL_PROVIDER must be real providers in production (or set ALLOW_LOG_PROVIDERS=true)',
      );
    if (e.RATE_LIMIT_MULTIPLIER !== 1)
      throw new ConfigError('RATE_LIMIT_MULTIPLIER is for benchmarks only and cannot be set in production');
    // Metrics name routes, limits and load: in production only the scraper holding the token reads them.
    if (e.METRICS && !e.METRICS_TOKEN)
      throw new ConfigError('METRICS_TOKEN is required when METRICS=true in production');
    if (e.WEBHOOK_RETRY_SCHEDULE)
      throw new ConfigError('WEBHOOK_RETRY_SCHEDULE is for tests only and cannot be set in production');
  }
  if (e.SMS_PROVIDER === 'kavenegar' && !e.KAVENEGAR_API_KEY)
    throw new ConfigError('KAVENEGAR_API_KEY is required when SMS_PROVIDER=kavenegar');
  if (e.EMAIL_PROVIDER === 'smtp' && !e.SMTP_URL)
    throw new ConfigError('SMTP_URL is required when EMAIL_PROVIDER=smtp');

  if (e.DATABASE_POOLER === 'transaction' && !e.DATABASE_URL)
    throw new ConfigError('DATABASE_POOLER=transaction needs DATABASE_URL (the pooler)');
  if (e.DATABASE_POOLER === 'transaction' && !e.DATABASE_DIRECT_URL)
    throw new ConfigError(
      'DATABASE_DIRECT_URL (PostgreSQL itself) is required behind a transaction pooler: LISTEN and migrations cannot go through it',
    );
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL)
    throw new ConfigError('DATABASE_DIRECT_URL is only used with DATABASE_URL');
  if (Boolean(e.REDIS_SENTINELS) !== Boolean(e.REDIS_SENTINEL_NAME))
    throw new ConfigError('REDIS_SENTINELS and REDIS_SENTINEL_NAME are set together');
  if (e.REDIS_SENTINELS && e.REDIS_URL) throw new ConfigError('set REDIS_URL or REDIS_SENTINELS, not both');

  const port = e.PORT;
  const jwtSecret = e.JWT_SECRET ?? localJwtSecret(dataDir);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${port}`;
  return {
    env: e.NODE_ENV,
    isProduction,
    port,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databasePooler: e.DATABASE_POOLER,
    redisUrl: e.REDIS_URL,
    redisSentinel:
      e.REDIS_SENTINELS && e.REDIS_SENTINEL_NAME
        ? { sentinels: e.REDIS_SENTINELS.map(hostAndPort), name: e.REDIS_SENTINEL_NAME }
        : undefined,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    jwtSecret,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY
      ? parseKey(e.TOTP_ENCRYPTION_KEY)
      : developmentTotpKey(jwtSecret),
    publicUrl,
    webauthn: {
      rpId: e.WEBAUTHN_RP_ID?.toLowerCase() ?? new URL(publicUrl).hostname,
      origins: (e.WEBAUTHN_ORIGINS ?? [publicUrl]).map((url) => new URL(url).origin),
    },
    smsProvider: e.SMS_PROVIDER,
    emailProvider: e.EMAIL_PROVIDER,
    smtpUrl: e.SMTP_URL,
    smtpFrom:
      e.SMTP_FROM ?? `Workspace manager <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
    kavenegar: { apiKey: e.KAVENEGAR_API_KEY, sender: e.KAVENEGAR_SENDER, baseUrl: e.KAVENEGAR_BASE_URL },
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : defaultWebDist,
    apiDocs: e.API_DOCS === undefined ? !isProduction : e.API_DOCS === 'true' || e.API_DOCS === '1',
    metrics: e.METRICS,
    metricsToken: e.METRICS_TOKEN,
    webhooks: {
      allowPrivate: !isProduction || e.WEBHOOK_ALLOW_PRIVATE,
      retrySchedule: e.WEBHOOK_RETRY_SCHEDULE
        ? e.WEBHOOK_RETRY_SCHEDULE.split(',').map(Number)
        : webhookRetrySchedule,
    },
  };
}

// Outside production a secret is generated once and kept, so tokens survive restarts.
function localJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

function hostAndPort(address: string): { host: string; port: number } {
  const at = address.lastIndexOf(':');
  return { host: address.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(address.slice(at + 1)) };
}

function parseKey(value: string): Buffer {
  return value.length === 64 ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
}

// Outside production the key is derived from the JWT secret (generated and kept in DATA_DIR): nothing
// to set up locally, and still no key written in the source. Production sets its own, kept apart from
// the database, so a copy of the database alone never reveals the secrets.
function developmentTotpKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'workspace-manager', 'totp-encryption-key', 32));
}

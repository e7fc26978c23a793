import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const secret = 'a-production-secret-of-at-least-32-characters';
const totpKey = 'ab'.repeat(32);
const tempDir = () => mkdtempSync(join(tmpdir(), 'wsm-config-'));

/** Settings production accepts (log providers allowed), with `changes` on top (undefined unsets one). */
const production = (changes: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  NODE_ENV: 'production',
  JWT_SECRET: secret,
  TOTP_ENCRYPTION_KEY: totpKey,
  ALLOW_LOG_PROVIDERS: 'true',
  DATA_DIR: tempDir(),
  ...changes,
});

describe('settings', () => {
  it('runs in local mode with no settings at all', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ env: 'development', isProduction: false, port: 3000, host: '127.0.0.1' });
    expect(config).toMatchObject({ smsProvider: 'log', emailProvider: 'log', databaseUrl: undefined });
  });

  it('takes the passkeys RP id and origin from PUBLIC_URL unless set apart', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '4000' }).webauthn).toEqual({
      rpId: 'localhost',
      origins: ['http://localhost:4000'],
    });
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://app.example.com/fa' }).webauthn).toEqual({
      rpId: 'app.example.com',
      origins: ['https://app.example.com'],
    });
    const apart = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://app.example.com',
      WEBAUTHN_RP_ID: 'Example.com',
      WEBAUTHN_ORIGINS: 'https://app.example.com, https://admin.example.com/',
    });
    expect(apart.webauthn).toEqual({
      rpId: 'example.com',
      origins: ['https://app.example.com', 'https://admin.example.com'],
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, WEBAUTHN_RP_ID: 'https://example.com' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, WEBAUTHN_ORIGINS: 'not a url' })).toThrow(ConfigError);
  });

  it('generates a local JWT secret once, keeps it private in DATA_DIR, and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o077).toBe(0);
  });

  it('refuses production without JWT_SECRET, with a one-line reason', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(
      new ConfigError('JWT_SECRET is required in production (at least 32 random characters)'),
    );
  });

  it('refuses log providers in production unless explicitly allowed', () => {
    const env = production({ ALLOW_LOG_PROVIDERS: undefined });
    expect(() => loadConfig(env)).toThrow(/SMS_PROVIDER and EMAIL_PROVIDER must be real providers/);
    const allowed = loadConfig({ ...env, ALLOW_LOG_PROVIDERS: 'true' });
    expect(allowed).toMatchObject({ isProduction: true, host: '0.0.0.0', jwtSecret: secret });
  });

  it('refuses production without TOTP_ENCRYPTION_KEY; locally a key is derived from the kept JWT secret', () => {
    const env = production({ TOTP_ENCRYPTION_KEY: undefined });
    expect(() => loadConfig(env)).toThrow(/^TOTP_ENCRYPTION_KEY is required in production/);
    expect(loadConfig({ ...env, TOTP_ENCRYPTION_KEY: totpKey }).totpEncryptionKey).toEqual(
      Buffer.from(totpKey, 'hex'),
    );
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ ...env, TOTP_ENCRYPTION_KEY: base64 }).totpEncryptionKey).toEqual(
      Buffer.alloc(32, 7),
    );
    expect(() => loadConfig({ ...env, TOTP_ENCRYPTION_KEY: 'too-short' })).toThrow(/^TOTP_ENCRYPTION_KEY: /);

    const dataDir = tempDir();
    const local = loadConfig({ DATA_DIR: dataDir }).totpEncryptionKey;
    expect(local).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dataDir }).totpEncryptionKey).toEqual(local);
    expect(loadConfig({ DATA_DIR: tempDir() }).totpEncryptionKey).not.toEqual(local);
  });

  it('names the setting that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^DATABASE_URL: /);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp', DATA_DIR: tempDir() })).toThrow(/SMTP_URL is required/);
  });
});

describe('TRUST_PROXY', () => {
  const base = { JWT_SECRET: secret, DATA_DIR: tempDir() };
  const trust = (value: string) => loadConfig({ ...base, TRUST_PROXY: value }).trustProxy;

  it('is off unless set, one hop for true, a hop count, or addresses and ranges', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 192.168.0.0/16,loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', 'loopback']);
  });

  it('refuses what is neither', () => {
    expect(() => trust('everyone')).toThrow(/TRUST_PROXY/);
    expect(() => trust('10.0.0.0/99')).toThrow(/TRUST_PROXY/);
  });
});

describe('API documentation setting', () => {
  it('serves /docs outside production and not in production, unless API_DOCS says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).apiDocs).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig(production()).apiDocs).toBe(false);
    expect(loadConfig(production({ API_DOCS: 'true' })).apiDocs).toBe(true);
  });

  it('refuses a value that is not a flag', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), API_DOCS: 'yes' })).toThrow(/^API_DOCS: /);
  });
});

describe('identity and messaging settings', () => {
  it('has safe defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({
      accessTokenTtl: 900,
      rateLimitMultiplier: 1,
      kavenegar: { apiKey: undefined, sender: undefined, baseUrl: 'https://api.kavenegar.com' },
      smtpFrom: 'Workspace manager <no-reply@localhost>',
    });
  });

  it('refuses Kavenegar without its API key, in production and out of it', () => {
    const env = production({
      ALLOW_LOG_PROVIDERS: undefined,
      SMS_PROVIDER: 'kavenegar',
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://mail.example.com:587',
    });
    expect(() => loadConfig(env)).toThrow(/KAVENEGAR_API_KEY is required/);
    expect(() => loadConfig({ SMS_PROVIDER: 'kavenegar', DATA_DIR: tempDir() })).toThrow(/KAVENEGAR_API_KEY/);
    const ready = loadConfig({ ...env, KAVENEGAR_API_KEY: 'ABC-123', KAVENEGAR_SENDER: '10004346' });
    expect(ready.kavenegar).toMatchObject({ apiKey: 'ABC-123', sender: '10004346' });
  });

  it('bounds ACCESS_TOKEN_TTL and allows RATE_LIMIT_MULTIPLIER only outside production', () => {
    expect(loadConfig({ ACCESS_TOKEN_TTL: '300', DATA_DIR: tempDir() }).accessTokenTtl).toBe(300);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '5', DATA_DIR: tempDir() })).toThrow(/^ACCESS_TOKEN_TTL: /);
    expect(loadConfig({ RATE_LIMIT_MULTIPLIER: '1000', DATA_DIR: tempDir() }).rateLimitMultiplier).toBe(1000);
    expect(() => loadConfig(production({ RATE_LIMIT_MULTIPLIER: '10' }))).toThrow(/RATE_LIMIT_MULTIPLIER/);
  });
});

describe('empty settings', () => {
  it('treats an empty value as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '', DATA_DIR: tempDir() });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });
});

describe('a pooler in front of PostgreSQL, and Redis behind Sentinel', () => {
  const pooler = 'postgres://app@pgbouncer:6432/workspaces';
  const direct = 'postgres://app@db:5432/workspaces';

  it('refuses a transaction pooler without the direct address, in one line', () => {
    const refused = () => loadConfig(production({ DATABASE_URL: pooler, DATABASE_POOLER: 'transaction' }));
    expect(refused).toThrow(ConfigError);
    expect(refused).toThrow(
      /^DATABASE_DIRECT_URL \(PostgreSQL itself\) is required behind a transaction pooler/,
    );
    expect(() => loadConfig(production({ DATABASE_POOLER: 'session' }))).toThrow(/DATABASE_POOLER/);
  });

  it('takes the pooler and the direct address apart', () => {
    const config = loadConfig(
      production({ DATABASE_URL: pooler, DATABASE_DIRECT_URL: direct, DATABASE_POOLER: 'transaction' }),
    );
    expect(config).toMatchObject({
      databaseUrl: pooler,
      databaseDirectUrl: direct,
      databasePooler: 'transaction',
    });
    expect(loadConfig(production({ DATABASE_URL: direct }))).toMatchObject({
      databaseDirectUrl: undefined,
      databasePooler: 'none',
    });
  });

  it('reads a Sentinel group: its sentinels and its name, together and instead of REDIS_URL', () => {
    const config = loadConfig(
      production({ REDIS_SENTINELS: 'sentinel-a:26379, 10.0.0.2:26380', REDIS_SENTINEL_NAME: 'wsm' }),
    );
    expect(config.redisSentinel).toEqual({
      sentinels: [
        { host: 'sentinel-a', port: 26379 },
        { host: '10.0.0.2', port: 26380 },
      ],
      name: 'wsm',
    });
    expect(config.redisUrl).toBeUndefined();
    expect(() => loadConfig(production({ REDIS_SENTINELS: 'sentinel-a:26379' }))).toThrow(
      /REDIS_SENTINELS and REDIS_SENTINEL_NAME are set together/,
    );
    expect(() =>
      loadConfig(
        production({
          REDIS_SENTINELS: 'a:1',
          REDIS_SENTINEL_NAME: 'wsm',
          REDIS_URL: 'redis://127.0.0.1:6379',
        }),
      ),
    ).toThrow(/not both/);
    expect(() =>
      loadConfig(production({ REDIS_SENTINELS: 'sentinel-a', REDIS_SENTINEL_NAME: 'wsm' })),
    ).toThrow(/host:port/);
  });
});

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import type { AppDeps } from '../src/deps';
import { createMetrics } from '../src/http/metrics';
import { createMemoryRateLimiter, type RateLimiter } from '../src/lib/rate-limiter';
import { createMessaging, type Messaging } from '../src/messaging/messaging';

let shared: Promise<DatabaseHandle> | undefined;

/** The worker's one database: in-memory PGlite, or this run's PostgreSQL database in the api-pg project. */
export function testDatabase(): Promise<DatabaseHandle> {
  shared ??= (async () => {
    const handle =
      process.env.TEST_DB === 'pg'
        ? await openDatabase({ databaseUrl: inject('testDatabaseUrl'), poolSize: 5 })
        : await openDatabase({});
    await runMigrations(handle);
    return handle;
  })();
  return shared;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    // Required in production: tests of production settings get one too.
    TOTP_ENCRYPTION_KEY: '0f'.repeat(32),
    // JWT_SECRET is given, so nothing is written to DATA_DIR.
    DATA_DIR: join(tmpdir(), 'wsm-api-tests'),
    WEB_DIST_DIR: join(tmpdir(), 'wsm-no-web-build'),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: { statusCode: number; statusMessage: string; data: T };
}

export interface TestApp {
  app: FastifyInstance;
  url: string;
  deps: AppDeps;
  /** Sends a JSON request over real HTTP and reads the envelope. */
  call<T = unknown>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

/** Builds the real app on the worker's database and listens on a free loopback port. */
export async function startTestApp(
  options: {
    config?: Config;
    database?: DatabaseHandle;
    limiter?: RateLimiter;
    messaging?: Messaging;
    extend?: (app: FastifyInstance) => void;
    /** Log lines go here (at the config's LOG_LEVEL); without it the app logs nothing. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const config = options.config ?? testConfig();
  const database = options.database ?? (await testDatabase());
  const deps: AppDeps = {
    config,
    database,
    limiter: options.limiter ?? createMemoryRateLimiter(),
    messaging: options.messaging ?? createMessaging(config),
    metrics: createMetrics({ config, database }),
  };
  const app = await buildApp(deps, options.logStream ? { logStream: options.logStream } : { logger: false });
  options.extend?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    app,
    url,
    deps,
    async call(method, path, { body, token, headers = {} } = {}) {
      const response = await fetch(url + path, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text ? JSON.parse(text) : undefined,
      };
    },
    async close() {
      await app.close();
      await deps.limiter.close();
    },
  };
}

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Config, loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import type { AppDeps } from '../src/deps';
import type { HousekeepingTiming } from '../src/housekeeping';
import { createMemoryRateLimiter, type RateLimiter } from '../src/lib/rate-limiter';
import type { Messaging } from '../src/messaging/messaging';
import { appDeps, type CallOptions, serveOnLoopback, type TestApp } from './http-app';

let shared: Promise<DatabaseHandle> | undefined;

/**
 * The worker's one database: in-memory PGlite, or this run's PostgreSQL database in the api-pg project
 * (through PgBouncer in transaction mode in the api-pgbouncer project).
 */
export function testDatabase(): Promise<DatabaseHandle> {
  shared ??= (async () => {
    const handle =
      process.env.TEST_DB === 'pg'
        ? await openDatabase({
            databaseUrl: inject('testDatabaseUrl'),
            directUrl: inject('testDirectDatabaseUrl'),
            pooler: inject('testPooler'),
            poolSize: 5,
          })
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

export type { ApiAnswer, CallOptions, TestApp } from './http-app';

export interface TestAppOptions {
  config?: Config;
  database?: DatabaseHandle;
  limiter?: RateLimiter;
  messaging?: Messaging;
  /** The webhooks' clock and DNS resolver (modules/webhooks/runtime.ts). */
  webhookRuntime?: AppDeps['webhookRuntime'];
  /** Runs a webhook delivery worker (off unless asked: tests share one database). */
  webhookWorker?: boolean;
  extend?: (app: FastifyInstance) => void;
  /** Runs the housekeeping job with this timing (off unless given: tests share one database). */
  housekeeping?: Partial<HousekeepingTiming>;
  /** Log lines go here (at the config's LOG_LEVEL); without it the app logs nothing. */
  logStream?: { write(line: string): void };
}

/** Builds the real app on the worker's database and listens on a free loopback port. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = options.config ?? testConfig();
  const database = options.database ?? (await testDatabase());
  const deps = appDeps({
    config,
    database,
    limiter: options.limiter,
    messaging: options.messaging,
    webhookRuntime: options.webhookRuntime,
  });
  return serveOnLoopback(deps, {
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    extend: options.extend,
    housekeeping: options.housekeeping ?? false,
    webhookWorker: options.webhookWorker ?? false,
    release: () => deps.limiter.close(),
  });
}

/**
 * The app of one test file: started before its tests (options are read then, so they may use what an
 * earlier beforeAll started) and closed after them. It answers at once with a stand-in that forwards to
 * the started app, so the file can keep it in a const that its helpers close over.
 */
export function appForFile(options: () => TestAppOptions | Promise<TestAppOptions> = () => ({})): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(await options());
  });
  afterAll(() => started?.close());
  const current = (): TestApp => {
    if (!started) throw new Error('the test app is started in beforeAll: use it inside tests and hooks');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get url() {
      return current().url;
    },
    get deps() {
      return current().deps;
    },
    call: <T>(method: string, path: string, callOptions?: CallOptions) =>
      current().call<T>(method, path, callOptions),
    close: () => current().close(),
  };
}

/** Behind a trusted proxy, so a client's X-Forwarded-For is its address (its own per-IP counters). */
export function behindProxy(options: TestAppOptions = {}): TestAppOptions {
  return { config: testConfig({ TRUST_PROXY: 'true' }), ...options };
}

/**
 * This file's app behind the proxy, its rate-limit windows following a clock of the test's own:
 * `clock.pass(milliseconds)` lets that much time pass.
 */
export function appOnTestClock(): { api: TestApp; clock: { pass(milliseconds: number): void } } {
  let now = Date.now();
  const api = appForFile(() => behindProxy({ limiter: createMemoryRateLimiter(() => now) }));
  return {
    api,
    clock: {
      pass(milliseconds) {
        now += milliseconds;
      },
    },
  };
}

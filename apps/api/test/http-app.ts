import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../src/app';
import type { Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import type { AppDeps } from '../src/deps';
import { createMetrics } from '../src/http/metrics';
import { createMemoryRateLimiter, type RateLimiter } from '../src/lib/rate-limiter';
import { createMessaging, type Messaging } from '../src/messaging/messaging';

// The app over real HTTP, without vitest: the test app (test-app.ts) and the API processes that tests
// start (test/fixtures/restore-process.ts, scale-out.test.ts) are called the same way.

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: { statusCode: number; statusMessage: string; data: T };
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  url: string;
  deps: AppDeps;
  /** Sends a JSON request over real HTTP and reads the envelope. */
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
}

/** Sends JSON requests to the app at `url` and reads the envelope of each answer. */
export function httpCaller(url: string): TestApp['call'] {
  return async <T>(method: string, path: string, { body, token, headers = {} }: CallOptions = {}) => {
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
    } as ApiAnswer<T>;
  };
}

/**
 * The app's dependencies on a database: a memory rate limiter and the config's messaging (printing
 * nothing) unless given.
 */
export function appDeps(options: {
  config: Config;
  database: DatabaseHandle;
  limiter?: RateLimiter;
  messaging?: Messaging;
  webhookRuntime?: AppDeps['webhookRuntime'];
}): AppDeps {
  const { config, database } = options;
  return {
    config,
    database,
    limiter: options.limiter ?? createMemoryRateLimiter(),
    messaging: options.messaging ?? createMessaging(config, null),
    metrics: createMetrics({ config, database }),
    ...(options.webhookRuntime ? { webhookRuntime: options.webhookRuntime } : {}),
  };
}

/**
 * Builds the app on `deps` and listens on a free loopback port. Closing it closes the app, then
 * `release` (what the caller opened for it).
 */
export async function serveOnLoopback(
  deps: AppDeps,
  options: BuildOptions & { extend?: (app: FastifyInstance) => void; release: () => Promise<void> },
): Promise<TestApp> {
  const { extend, release, ...buildOptions } = options;
  // Tests share one database and make old rows on purpose: housekeeping runs only when a test asks.
  const app = await buildApp(deps, { housekeeping: false, ...buildOptions });
  extend?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    app,
    url,
    deps,
    call: httpCaller(url),
    async close() {
      await app.close();
      await release();
    },
  };
}

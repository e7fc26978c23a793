import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { DatabaseHandle, PoolStats } from '../db/client';
import type { CacheName } from '../lib/auth-cache';
import type { RateLimiter } from '../lib/rate-limiter';
import { onLimitRefused } from './rate-limit';

// Prometheus metrics. Each app has its own registry, so tests that build many
// apps in one process never share or double-register a metric. Labels carry only bounded values: route
// patterns (never raw URLs, which hold ids), status classes, limit names, channels and providers.

/** The counters the app and its modules update; read at GET /metrics when METRICS=true. */
export interface AppMetrics {
  registry: Registry;
  /** A one-time code handed to the SMS or e-mail provider: sent, or refused by the provider. */
  codeSent(channel: 'sms' | 'email', outcome: 'sent' | 'failed'): void;
  /** Rows removed by the housekeeping job, per table. */
  housekeepingDeleted(table: string, rows: number): void;
  /** An answered request, by its route pattern (never the raw URL). */
  requestAnswered(method: string, route: string, status: number, seconds: number): void;
  /** A request refused by the rate limit of this name. */
  limitRefused(limit: string): void;
  /** A lookup of the auth cache (lib/auth-cache.ts): served from memory, loaded, or read through while its channel is down. */
  cacheLookup(cache: CacheName, outcome: 'hit' | 'miss' | 'bypass'): void;
}

/** Where a metric's figures come from; each is read from the deps of the app. */
export interface MetricsSources {
  config: Config;
  database: DatabaseHandle;
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** Builds the app's registry with every metric; process metrics only when METRICS is on. */
export function createMetrics({ config, database }: MetricsSources): AppMetrics {
  const registry = new Registry();
  // Default process metrics (CPU, memory, event-loop lag, GC) start timers and observers of their own:
  // only an app that serves them collects them.
  if (config.metrics) collectDefaultMetrics({ register: registry });

  const counter = <Label extends string>(name: string, help: string, labelNames: readonly Label[]) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const codes = counter(
    'codes_sent_total',
    'One-time codes handed to a provider, by channel, provider and outcome',
    ['channel', 'provider', 'outcome'],
  );
  const deleted = counter(
    'housekeeping_deleted_rows_total',
    'Rows removed by the housekeeping job, by table',
    ['table'],
  );
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = counter(
    'http_requests_total',
    'HTTP requests answered, by method, route pattern and status class',
    labelNames,
  );
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status class',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = counter('rate_limit_refusals_total', 'Attempts refused by a rate limit, by limit name', [
    'limit',
  ]);
  const lookups = counter(
    'auth_cache_lookups_total',
    'Lookups of the session, membership, API key and sign-in client cache, by cache and outcome (hit, miss, bypass while its channel is down)',
    ['cache', 'outcome'],
  );
  // PGlite is one connection: the gauges are left out rather than reporting a constant that means nothing.
  const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = database.poolStats();
        this.set(stats ? read(stats) : 0);
      },
    });
  if (database.poolStats()) {
    poolGauge(
      'db_pool_connections_in_use',
      'PostgreSQL pool connections running a query or held by a transaction',
      (stats) => stats.inUse,
    );
    poolGauge('db_pool_connections_total', 'PostgreSQL pool connections open', (stats) => stats.total);
    poolGauge(
      'db_pool_waiting_requests',
      'Queries waiting for a free PostgreSQL pool connection',
      (stats) => stats.waiting,
    );
  }
  return {
    registry,
    codeSent(channel, outcome) {
      const provider = channel === 'sms' ? config.smsProvider : config.emailProvider;
      codes.inc({ channel, provider, outcome });
    },
    housekeepingDeleted(table, rows) {
      if (rows > 0) deleted.inc({ table }, rows);
    },
    requestAnswered(method, route, status, seconds) {
      const labels = { method, route, status_class: statusClass(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    limitRefused(limit) {
      refusals.inc({ limit });
    },
    cacheLookup(cache, outcome) {
      lookups.inc({ cache, outcome });
    },
  };
}

// Both sides are hashed first, so the comparison takes the same time whatever the length of the guess.
function tokenMatches(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Measures every request (count and latency by method, route pattern and status class) and every
 * rate-limit refusal, and serves GET /metrics when METRICS=true: in production only to
 * `Authorization: Bearer <METRICS_TOKEN>`. Off, the path is an ordinary 404.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  config: Config,
  limiter: RateLimiter,
): void {
  app.addHook('onResponse', async (request, reply) => {
    // The pattern the router matched (/v1/workspaces/:workspaceId); a path no route matched is one label,
    // so scanners cannot grow the series without bound.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  const stopCounting = onLimitRefused(limiter, (name) => metrics.limitRefused(name));
  app.addHook('onClose', async () => stopCounting());

  if (!config.metrics) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (config.isProduction) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
      if (!match || !tokenMatches(match[1]!, config.metricsToken!)) {
        return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('unauthorized\n');
      }
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

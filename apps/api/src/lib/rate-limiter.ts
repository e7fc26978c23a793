import { Redis, type RedisOptions } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

export interface CountOptions {
  /**
   * While a shared store is down, count in this process instead of failing: for limits that only bound
   * useless work, where a looser limit for a while beats refusing everyone.
   */
  localWhenDown?: boolean;
}

/**
 * Fixed-window counters; a hit is counted and checked in one atomic step, so parallel hits cannot slip past.
 * A limit that counts only failures takes a hit before the attempt and gives it back when the attempt
 * succeeds (`release`): parallel attempts still cannot pass the limit, and successes never use it up.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number, options?: CountOptions): Promise<RateLimitResult>;
  /** Gives one hit back in the current window (never below zero; nothing when the window has ended). */
  release(key: string, options?: CountOptions): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Counters in this process: for a single instance and for tests. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, limit, windowSeconds) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return {
        allowed: w.count <= limit,
        count: w.count,
        retryAfter: Math.max(1, Math.ceil((w.resetAt - t) / 1000)),
      };
    },
    async release(key) {
      const w = windows.get(key);
      if (w && w.resetAt > now() && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
      windows.clear();
    },
  };
}

// INCR and the first PEXPIRE in one script: the counter never lives without its expiry.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return { count, ttl }`;

// DECR only a live counter above zero: a release never creates a key nor one without its expiry.
const releaseScript = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export interface RedisLimiterOptions {
  /** Told once when Redis becomes unreachable and once when it is back (not at every reconnect attempt). */
  onDown?: (error: Error) => void;
  onUp?: () => void;
  /** How long one command may take before it fails and Redis counts as down. */
  commandTimeoutMs?: number;
  /** While Redis is down: how often one command is let through to see whether it answers again. */
  retryIntervalMs?: number;
}

/** A Redis Sentinel group: its sentinels and the name they know the primary by. */
export interface RedisSentinelGroup {
  sentinels: { host: string; port: number }[];
  name: string;
}

export class CounterStoreDownError extends Error {
  override name = 'CounterStoreDownError';
}

/**
 * Counters in Redis, shared by every API instance. A circuit keeps an outage cheap: once a command fails
 * or times out, every count fails at once (503) instead of waiting for reconnect attempts, and one
 * command per retry interval probes whether Redis answers again; a reconnection closes it too. Counts
 * asking for it (`localWhenDown`) go to counters in this process meanwhile.
 */
export function createRedisRateLimiter(
  target: string | RedisSentinelGroup,
  prefix = 'rl:',
  options: RedisLimiterOptions = {},
): RateLimiter {
  const { commandTimeoutMs = 500, retryIntervalMs = 1000 } = options;
  const common: RedisOptions = {
    commandTimeout: commandTimeoutMs,
    // Commands wait for the first connection (bounded by the timeout); during an outage the circuit
    // holds them back, so at most one probe sits in the queue.
    enableOfflineQueue: true,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 100, retryIntervalMs),
    // A primary demoted to replica by a failover refuses writes: reconnect, to the primary of the moment.
    reconnectOnError: (error) => error.message.startsWith('READONLY'),
    lazyConnect: false,
  };
  const redis =
    typeof target === 'string'
      ? new Redis(target, common)
      : // A Sentinel group: the sentinels name the primary at every (re)connection. (Not ioredis's
        // failoverDetector: its reconnection on a switch can meet one already under way and end the
        // client for good, "Connection is closed", seen with ioredis 6.0.)
        new Redis({
          ...common,
          sentinels: target.sentinels,
          name: target.name,
          role: 'master',
          sentinelRetryStrategy: (attempt) => Math.min(attempt * 100, retryIntervalMs),
        });
  let local = createMemoryRateLimiter();
  let down = false;
  let probeAt = 0;
  const trip = (error: Error) => {
    probeAt = Date.now() + retryIntervalMs;
    if (down) return;
    down = true;
    options.onDown?.(error);
  };
  const recover = () => {
    if (!down) return;
    down = false;
    // Counts taken here during the outage end with it: Redis holds the shared ones again.
    void local.close();
    local = createMemoryRateLimiter();
    options.onUp?.();
  };
  // Without a listener ioredis prints "Unhandled error event" at every reconnect attempt while Redis is
  // down; the requests themselves answer 503 (rate-limit.ts), and ioredis reconnects by itself.
  redis.on('error', trip);
  redis.on('ready', recover);

  async function guarded<T>(command: () => Promise<T>, fallback: (() => Promise<T>) | undefined): Promise<T> {
    if (down && Date.now() < probeAt) {
      if (fallback) return fallback();
      throw new CounterStoreDownError('Redis is unreachable');
    }
    // This call is the probe: the others fail fast (or count locally) until it answers.
    if (down) probeAt = Date.now() + retryIntervalMs;
    try {
      const result = await command();
      recover();
      return result;
    } catch (error) {
      trip(error as Error);
      if (fallback) return fallback();
      throw error;
    }
  }

  return {
    async hit(key, limit, windowSeconds, count) {
      return guarded(
        async () => {
          const [n, ttl] = (await redis.eval(hitScript, 1, prefix + key, windowSeconds * 1000)) as [
            number,
            number,
          ];
          return {
            allowed: n <= limit,
            count: n,
            retryAfter: Math.max(1, Math.ceil(Math.max(ttl, 0) / 1000)),
          };
        },
        count?.localWhenDown ? () => local.hit(key, limit, windowSeconds) : undefined,
      );
    },
    async release(key, count) {
      await guarded(
        async () => {
          await redis.eval(releaseScript, 1, prefix + key);
        },
        count?.localWhenDown ? () => local.release(key) : undefined,
      );
    },
    async reset(key) {
      await guarded(async () => {
        await redis.del(prefix + key);
      }, undefined);
    },
    async close() {
      await local.close();
      // Down, QUIT cannot be answered: the connection is simply dropped.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

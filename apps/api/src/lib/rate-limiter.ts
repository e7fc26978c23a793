import { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/**
 * Fixed-window counters; a hit is counted and checked in one atomic step, so parallel hits cannot slip past.
 * A limit that counts only failures takes a hit before the attempt and gives it back when the attempt
 * succeeds (`release`): parallel attempts still cannot pass the limit, and successes never use it up.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Gives one hit back in the current window (never below zero; nothing when the window has ended). */
  release(key: string): Promise<void>;
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

/** Told once when Redis becomes unreachable and once when it is back (not at every reconnect attempt). */
export interface RedisWatch {
  onDown?: (error: Error) => void;
  onUp?: () => void;
}

/** Counters in Redis, shared by every API instance. */
export function createRedisRateLimiter(url: string, prefix = 'rl:', watch: RedisWatch = {}): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  // Without a listener ioredis prints "Unhandled error event" at every reconnect attempt while Redis is
  // down; the requests themselves answer 503 (rate-limit.ts), and ioredis reconnects by itself.
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    watch.onDown?.(error);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    watch.onUp?.();
  });
  return {
    async hit(key, limit, windowSeconds) {
      const [count, ttl] = (await redis.eval(hitScript, 1, prefix + key, windowSeconds * 1000)) as [
        number,
        number,
      ];
      return { allowed: count <= limit, count, retryAfter: Math.max(1, Math.ceil(Math.max(ttl, 0) / 1000)) };
    },
    async release(key) {
      await redis.eval(releaseScript, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limiter';

async function parallelHits(limiter: RateLimiter, key: string, limit: number, hits: number) {
  const results = await Promise.all(Array.from({ length: hits }, () => limiter.hit(key, limit, 60)));
  return results.filter((r) => r.allowed).length;
}

describe('memory rate limiter', () => {
  it('allows the limit, refuses the next, and opens a new window when the old one ends', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    for (let i = 0; i < 3; i++) expect((await limiter.hit('k', 3, 60)).allowed).toBe(true);
    const refused = await limiter.hit('k', 3, 60);
    expect(refused).toEqual({ allowed: false, count: 4, retryAfter: 60 });
    now += 30_000;
    expect((await limiter.hit('k', 3, 60)).retryAfter).toBe(30);
    now += 30_000;
    expect((await limiter.hit('k', 3, 60)).allowed).toBe(true);
    await limiter.close();
  });

  it('lets exactly the limit through when hits arrive in parallel', async () => {
    const limiter = createMemoryRateLimiter();
    expect(await parallelHits(limiter, 'p', 10, 50)).toBe(10);
    await limiter.close();
  });
});

describe('redis rate limiter', () => {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

  it('shares counters between instances and stays atomic under parallel hits', async () => {
    const prefix = `test:${randomUUID()}:`;
    const a = createRedisRateLimiter(url, prefix);
    const b = createRedisRateLimiter(url, prefix);
    try {
      const [fromA, fromB] = await Promise.all([parallelHits(a, 'k', 10, 30), parallelHits(b, 'k', 10, 30)]);
      expect(fromA + fromB).toBe(10);
      const refused = await a.hit('k', 10, 60);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfter).toBeGreaterThan(0);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
      await b.reset('k');
      expect((await a.hit('k', 10, 60)).allowed).toBe(true);
    } finally {
      await a.reset('k');
      await a.close();
      await b.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { StatusCode } from '@wsm/contracts';
import { describe, expect, it, vi } from 'vitest';
import { startOwnRedis } from '../../test/redis-server';
import { AppError } from '../http/app-error';
import { enforceLimit, limitFailures } from '../http/rate-limit';
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

  it('gives a hit back within its window, never below zero, and not after the window', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    await limiter.release('k');
    expect((await limiter.hit('k', 2, 60)).count).toBe(1);
    await limiter.hit('k', 2, 60);
    await limiter.release('k');
    expect((await limiter.hit('k', 2, 60)).count).toBe(2);
    now += 60_000;
    await limiter.release('k');
    expect((await limiter.hit('k', 2, 60)).count).toBe(1);
    await limiter.close();
  });
});

const rule = { name: 'test', max: 10, windowSeconds: 60 };
const wrong = () => Promise.reject(new AppError(StatusCode.wrongCredentials));

/** Checks limitFailures on a limiter: successes never use the limit up, parallel failures cannot pass it. */
async function failuresOnly(limiter: RateLimiter) {
  const hits = [{ rule, subject: randomUUID() }];
  for (let i = 0; i < 3 * rule.max; i++) expect(await limitFailures(limiter, hits, async () => i)).toBe(i);
  let attempts = 0;
  const answers = await Promise.allSettled(
    Array.from({ length: 3 * rule.max }, () =>
      limitFailures(limiter, hits, () => {
        attempts += 1;
        return wrong();
      }),
    ),
  );
  expect(attempts).toBe(rule.max);
  const codes = answers.map((a) => (a.status === 'rejected' ? (a.reason as AppError).code : 0));
  expect(codes.filter((c) => c === StatusCode.wrongCredentials)).toHaveLength(rule.max);
  expect(codes.filter((c) => c === StatusCode.rateLimited)).toHaveLength(2 * rule.max);
  // Over the limit even a right answer waits; nothing is run.
  await expect(limitFailures(limiter, hits, async () => 'ran')).rejects.toMatchObject({
    code: StatusCode.rateLimited,
    options: { data: { retryAfter: expect.any(Number) } },
  });
}

describe('limits that count failures only', () => {
  it('on memory counters', async () => {
    const limiter = createMemoryRateLimiter();
    await failuresOnly(limiter);
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

  it('gives hits back atomically, never creating a counter, and counts failures only', async () => {
    const prefix = `test:${randomUUID()}:`;
    const limiter = createRedisRateLimiter(url, prefix);
    try {
      await limiter.release('fresh');
      expect((await limiter.hit('fresh', 5, 60)).count).toBe(1);
      await Promise.all(Array.from({ length: 5 }, () => limiter.release('fresh')));
      expect((await limiter.hit('fresh', 5, 60)).count).toBe(1);
      await failuresOnly(limiter);
    } finally {
      await limiter.reset('fresh');
      await limiter.close();
    }
  });

  it('answers 503, not 500, when Redis is down, and says so once instead of at every reconnect', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const downs: Error[] = [];
    const limiter = createRedisRateLimiter('redis://127.0.0.1:9', 'rl:', {
      onDown: (error) => downs.push(error),
    });
    try {
      await expect(enforceLimit(limiter, rule, 'k')).rejects.toMatchObject({ code: StatusCode.unavailable });
      await expect(limitFailures(limiter, [{ rule, subject: 'k' }], async () => 'ran')).rejects.toMatchObject(
        {
          code: StatusCode.unavailable,
        },
      );
      expect(downs).toHaveLength(1);
      expect(printed.mock.calls.flat().join(' ')).not.toMatch(/Unhandled error event/);
    } finally {
      printed.mockRestore();
      await limiter.close().catch(() => undefined);
    }
  });
});

describe('redis rate limiter while Redis is away', () => {
  /** A promise of the next call of the returned function. */
  function nextCall(): { called: Promise<void>; call: () => void } {
    let call: () => void = () => {};
    const called = new Promise<void>((resolve) => {
      call = resolve;
    });
    return { called, call: () => call() };
  }

  it('a Redis that stops answering fails within the command timeout, then at once without asking it', async () => {
    // Accepts connections and never answers, as a Redis that hangs or a network that drops packets.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const downs: Error[] = [];
    const limiter = createRedisRateLimiter(`redis://127.0.0.1:${port}`, 'rl:', {
      commandTimeoutMs: 200,
      retryIntervalMs: 60_000,
      onDown: (error) => downs.push(error),
    });
    try {
      await expect(enforceLimit(limiter, rule, 'k')).rejects.toMatchObject({ code: StatusCode.unavailable });
      expect(downs).toHaveLength(1);
      // The circuit is open: the next counts fail on the spot, not after another timeout.
      for (const attempt of [
        enforceLimit(limiter, rule, 'k'),
        limitFailures(limiter, [{ rule, subject: 'k' }], async () => 'ran'),
      ])
        await expect(attempt).rejects.toMatchObject({
          code: StatusCode.unavailable,
          cause: { name: 'CounterStoreDownError' },
        });
    } finally {
      await limiter.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);

  it('counts locally what may be, refuses the rest, and counts in Redis again once it is back', async () => {
    const redis = await startOwnRedis();
    const down = nextCall();
    const up = nextCall();
    const prefix = `test:${randomUUID()}:`;
    const limiter = createRedisRateLimiter(redis.url, prefix, { onDown: down.call, onUp: up.call });
    // Another process's limiter, made once Redis is back: one made before would see the outage too and
    // wait out its own retry interval.
    let other: ReturnType<typeof createRedisRateLimiter> | undefined;
    const renewals = { name: 'renewals', max: 2, windowSeconds: 60, localWhenDown: true };
    try {
      await enforceLimit(limiter, rule, 'k');
      await redis.kill();
      await down.called;
      await expect(enforceLimit(limiter, rule, 'k')).rejects.toMatchObject({ code: StatusCode.unavailable });
      // Counted in this process: the limit still holds.
      await enforceLimit(limiter, renewals, 'k');
      await limitFailures(limiter, [{ rule: renewals, subject: 'k' }], async () => 'renewed');
      await enforceLimit(limiter, renewals, 'k');
      await expect(enforceLimit(limiter, renewals, 'k')).rejects.toMatchObject({
        code: StatusCode.rateLimited,
      });

      await redis.start();
      await up.called;
      // Redis is back (empty, as a restart without persistence): the counts are shared there again.
      await enforceLimit(limiter, renewals, 'k');
      other = createRedisRateLimiter(redis.url, prefix);
      expect((await other.hit('renewals:k', renewals.max, 60)).count).toBe(2);
      await enforceLimit(limiter, rule, 'k');
    } finally {
      await limiter.close();
      await other?.close();
      await redis.kill();
    }
  }, 60_000);
});

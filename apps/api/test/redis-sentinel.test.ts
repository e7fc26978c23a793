import { identityPaths, workspacePaths } from '@wsm/contracts';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from '../src/lib/rate-limiter';
import { identityLimits } from '../src/modules/identity/limits';
import { signSessionLink } from '../src/modules/identity/login-alerts';
import { newClient, quickUser, randomUsername } from './fixtures';
import { type SentinelGroup, startSentinelGroup } from './redis-sentinel-group';
import { appForFile, behindProxy } from './test-app';

// Redis as a Sentinel group (REDIS_SENTINELS, REDIS_SENTINEL_NAME; docs/deploy.md): the primary dies
// under load, the sentinel promotes the replica, and the same app, not restarted, counts its limits
// and ends sessions by link again on the new primary. In between limited routes answer 503, never 500.

let group: SentinelGroup;
beforeAll(async () => {
  group = await startSentinelGroup();
}, 120_000);
afterAll(() => group?.stop());

const api = appForFile(() =>
  behindProxy({
    limiter: createRedisRateLimiter({ sentinels: group.sentinels, name: group.name }, 'rl:', {
      commandTimeoutMs: 500,
      retryIntervalMs: 500,
    }),
  }),
);

/** Wrong passwords for one fresh account until the budget is spent: the answers' codes. */
async function spendLoginBudget(): Promise<number[]> {
  const username = randomUsername();
  const client = newClient(api);
  const codes: number[] = [];
  for (let i = 0; i <= identityLimits.loginFailAccount.max; i++) {
    const answer = await client.call('POST', identityPaths.loginUsername, {
      body: { username, password: 'not-the-password' },
    });
    codes.push(answer.body.statusCode);
  }
  return codes;
}

const budgetSpent = () => [...Array(identityLimits.loginFailAccount.max).fill(620), 630];

/** A login alert's link to end the session of `accessToken` (signed as the app signs it). */
function endLink(userId: string, accessToken: string): string {
  const sessionId = decodeJwt(accessToken).sid as string;
  return signSessionLink(api.deps.config.jwtSecret, {
    userId,
    sessionId,
    ipAddress: '10.0.0.1',
    platform: 'test',
  });
}

/**
 * Waits until the sentinel has promoted the replica and a limited route answers other than 503 again.
 * The sentinel calls the primary down after a second without answers; the app finds the new primary by
 * itself, asking the sentinel at each reconnection.
 */
async function failoverSeen(): Promise<void> {
  const until = Date.now() + 90_000;
  while ((await group.primaryNow()) !== group.replicaPort) {
    if (Date.now() > until) throw new Error('no failover within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  for (;;) {
    const answer = await newClient(api).call('POST', identityPaths.loginUsername, {
      body: { username: randomUsername(), password: 'not-the-password' },
    });
    if (answer.status !== 503) return;
    if (Date.now() > until) throw new Error('limited routes still answer 503 90 s after the failover');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('Redis behind Sentinel', { timeout: 120_000 }, () => {
  it('a failover under load: 503 meanwhile, never 500; limits and session links work again without a restart', async () => {
    expect(await group.primaryNow()).toBe(group.primaryPort);
    expect(await spendLoginBudget()).toEqual(budgetSpent());

    // Load: wrong passwords for fresh accounts (a limited route) from four clients at once.
    const seen = new Map<number, number>();
    let loading = true;
    const worker = async () => {
      while (loading) {
        const answer = await newClient(api).call('POST', identityPaths.loginUsername, {
          body: { username: randomUsername(), password: 'not-the-password' },
        });
        seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
      }
    };
    const workers = [worker(), worker(), worker(), worker()];
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await group.killPrimary();
      await failoverSeen();
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      loading = false;
      await Promise.allSettled(workers);
    }
    await Promise.all(workers);

    // The outage showed, as 503; nothing failed as a bug.
    expect(seen.get(503)).toBeGreaterThan(0);
    expect([...seen.keys()].filter((status) => status >= 500 && status !== 503)).toEqual([]);

    // The limits count on the new primary: a fresh account's budget ends where it always does.
    expect(await spendLoginBudget()).toEqual(budgetSpent());

    // A login alert's link (its failures are counted in Redis) ends its session again.
    const person = await quickUser(api);
    const token = person.tokens.accessToken;
    expect((await newClient(api).call('GET', workspacePaths.workspaces, { token })).status).toBe(200);
    const ended = await newClient(api).call<{ ended: boolean }>('POST', identityPaths.sessionEndByLink, {
      body: { token: endLink(person.id, token) },
    });
    expect(ended.body).toMatchObject({ statusCode: 200, data: { ended: true } });
    expect((await newClient(api).call('GET', workspacePaths.workspaces, { token })).status).toBe(401);
  });
});

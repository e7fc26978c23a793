import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import type { AppDeps } from '../src/deps';
import { type ChildOutput, output, runTsx } from './child-process';
import { createWorkspace, quickUser, type TestUser, type TestWorkspace } from './fixtures';
import { httpCaller } from './http-app';
import { type OwnPostgres, startOwnPostgres } from './own-postgres';
import { type TestApp, testConfig } from './test-app';

// PostgreSQL stopped and started again under an API process that is writing: a cluster of the test's own
// (the shared server is never stopped). While the database is down every request answers 503 with
// Retry-After, never 500; the process stays up and serves again once the database is back.

const config = testConfig();
const dataDir = mkdtempSync(join(tmpdir(), 'wsm-db-outage-'));
let pg: OwnPostgres | undefined;
let child: ChildProcess | undefined;
let out: ChildOutput;
let url: string;
let owner: TestUser;
let workspace: TestWorkspace;

beforeAll(async () => {
  pg = await startOwnPostgres();
  const database = await openDatabase({ databaseUrl: pg.url, poolSize: 2 });
  try {
    await runMigrations(database);
    child = runTsx(['src/server.ts'], {
      NODE_ENV: 'development',
      PORT: '0',
      DATABASE_URL: pg.url,
      JWT_SECRET: config.jwtSecret,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1000000',
      // The auth cache's counters show whether it is in use again after the restart.
      METRICS: 'true',
    });
    out = output(child);
    [, url] = (await out.until(/running at (http:\/\/\S+?)\/ /)) as [string, string];
    const api = { url, deps: { database, config } as AppDeps, call: httpCaller(url) } as TestApp;
    owner = await quickUser(api);
    workspace = await createWorkspace(api, owner);
  } finally {
    await database.close();
  }
}, 300_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const gone = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await gone;
  }
  await pg?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Ten clients that each create a role and delete it again (transactions), one request after another,
 * until stopped; every answer counted by HTTP status, and every failed request as refused or reset.
 */
function writeLoad() {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const lastOk: number[] = [];
  let without503RetryAfter = 0;
  let stopped = false;
  let notify: () => void = () => undefined;
  const changed = () => notify();
  const send = async (client: number, method: string, path: string, body: unknown) => {
    try {
      const response = await fetch(url + path, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.tokens.accessToken}` },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { data: { id?: string } | null };
      add(String(response.status));
      if (response.status === 503 && !Number(response.headers.get('retry-after'))) without503RetryAfter++;
      if (response.status === 200) lastOk[client] = Date.now();
      return answer.data?.id;
    } catch (error) {
      add((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED' ? 'refused' : 'reset');
      return undefined;
    } finally {
      changed();
    }
  };
  const rolesPath = '/v1/workspaces/members/access/roles/';
  const run = async (client: number) => {
    for (let n = 0; !stopped; n++) {
      const roleId = await send(client, 'POST', rolesPath, {
        workspaceId: workspace.id,
        name: `Load ${client}-${n}-${Date.now()}`,
        superAccess: false,
        permissionIds: [],
      });
      if (roleId) await send(client, 'DELETE', rolesPath, { workspaceId: workspace.id, roleId });
    }
  };
  const running = Array.from({ length: 10 }, (_, client) => run(client));
  return {
    count: (key: string) => counts.get(key) ?? 0,
    seen: () => Object.fromEntries(counts),
    without503RetryAfter: () => without503RetryAfter,
    /** Whether every client has had a 200 since `t`. */
    allOkSince: (t: number) => running.every((_, client) => (lastOk[client] ?? 0) > t),
    /** Resolves once `condition` holds after an answer; fails if the process exits first. */
    until(condition: () => boolean): Promise<void> {
      const met = new Promise<void>((resolve) => {
        notify = () => {
          if (condition()) resolve();
        };
        notify();
      });
      const exited = out.exited.then((code) => {
        throw new Error(`the API exited (code ${code}): ${JSON.stringify(Object.fromEntries(counts))}`);
      });
      return Promise.race([met, exited]);
    },
    stop: async () => {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/** Lookups of the auth cache by outcome (hit, miss, bypass), from GET /metrics. */
async function cacheLookups(outcome: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const pattern = new RegExp(`^auth_cache_lookups_total\\{[^}]*outcome="${outcome}"[^}]*\\} (\\d+)`, 'gm');
  return [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
}

describe('PostgreSQL stopped under write load', { timeout: 180_000 }, () => {
  it.each(['fast', 'immediate'] as const)(
    '%s stop: 503 with Retry-After while it is down, never 500, and every client served again once it is back',
    async (mode) => {
      const load = writeLoad();
      try {
        await load.until(() => load.count('200') >= 20);
        await pg!.stop(mode);
        const before = load.count('503');
        await load.until(() => load.count('503') >= before + 20);
        await pg!.start();
        const back = Date.now();
        await load.until(() => load.allOkSince(back));
      } finally {
        await load.stop();
      }
      const seen = load.seen();
      const report = `${JSON.stringify(seen)}\n${out.text().slice(-3000)}`;
      expect(child!.exitCode, report).toBeNull();
      expect(Object.keys(seen).sort(), report).toEqual(['200', '503']);
      expect(load.without503RetryAfter(), report).toBe(0);
    },
  );

  it('the auth cache is in use again after the restart (its invalidation channel listens again)', async () => {
    const token = owner.tokens.accessToken;
    const read = () =>
      fetch(`${url}/v1/workspaces/workspace-id/${workspace.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    // Until the channel listens again every lookup reads through; then a second read is a hit.
    await vi.waitFor(
      async () => {
        const hits = await cacheLookups('hit');
        expect((await read()).status).toBe(200);
        expect((await read()).status).toBe(200);
        expect(await cacheLookups('hit')).toBeGreaterThan(hits);
      },
      { timeout: 60_000, interval: 200 },
    );
  });
});

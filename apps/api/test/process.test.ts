import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { output, runTsx } from './child-process';

// Every folder a test makes for a process's data; removed when the file is done.
const folders: string[] = [];
function tempFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

// Each test starts node with tsx (and often a database): on a busy 2-core machine that alone can take 30 s.
const processTests = { timeout: 120_000 };

describe('the API process', processTests, () => {
  it('refuses to start in production without JWT_SECRET, saying why in one line', async () => {
    const child = runTsx(['src/server.ts'], {
      NODE_ENV: 'production',
      DATA_DIR: tempFolder('wsm-'),
    });
    const out = output(child);
    expect(await out.exited).toBe(1);
    expect(out.text().trim()).toBe(
      'Configuration error: JWT_SECRET is required in production (at least 32 random characters)',
    );
  });

  it('starts on the embedded database, serves, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = tempFolder('wsm-');
    const child = runTsx(['src/server.ts'], { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const out = output(child);
    const [, url] = await out.until(/running at (http:\/\/\S+?)\/ /);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await out.exited).toBe(0);
    expect(out.text()).toContain('shutting down');
  });
});

describe('the output helper of these tests', processTests, () => {
  it('fails a wait as soon as the process exits without printing the pattern', async () => {
    const child = runTsx(['--eval', 'console.log("bye")']);
    await expect(output(child).until(/never printed/)).rejects.toThrow(/exited \(code 0.*\n.*bye/s);
  });
});

/** A fresh PostgreSQL database on the DATABASE_URL server for one process; dropped when the file is done. */
const databases: string[] = [];
async function freshDatabase(serverUrl: string): Promise<string> {
  const name = `wsm_process_${Date.now()}_${Math.random().toString(16).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
afterAll(async () => {
  if (databases.length === 0) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

// A request that fails with its connection refused was turned away (nobody listens: a client or proxy
// may go elsewhere); any other failure means the connection closed under a request already sent, which
// may or may not have run.
const refusedOrReset = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED' ? 'refused' : 'reset';

// Each worker sends one request after another, on keep-alive connections, until its connection is refused
// or closed, which is how a stopped server may turn a request away; every answer it did get is counted by
// HTTP status, and the failure that stopped it as refused or reset.
async function loadUntilClosed(url: string, counts: Map<string, number>, started: () => void): Promise<void> {
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (let sent = 0; ; sent++) {
    const probe = { path: sent % 2 === 0 ? '/readyz' : '/v1/auth/identity/login/username/' };
    let response: Response;
    try {
      response =
        probe.path === '/readyz'
          ? await fetch(url + probe.path)
          : await fetch(url + probe.path, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ username: 'nobody_here', password: 'not-the-password' }),
            });
      await response.arrayBuffer();
    } catch (error) {
      add(refusedOrReset(error));
      return;
    }
    add(`${probe.path} ${response.status}`);
    started();
  }
}

const servers: [string, () => Promise<Record<string, string>>][] = [
  ['the embedded database', async () => ({ DATA_DIR: tempFolder('wsm-') })],
  ...(process.env.DATABASE_URL
    ? [
        [
          'PostgreSQL',
          async () => ({
            DATA_DIR: tempFolder('wsm-'),
            DATABASE_URL: await freshDatabase(process.env.DATABASE_URL!),
          }),
        ] as [string, () => Promise<Record<string, string>>],
      ]
    : []),
];

describe('shutting down under load', processTests, () => {
  it.each(servers)(
    'on %s: SIGTERM finishes the requests it accepted, none answers 500 or is reset, and the process exits 0',
    async (_, settings) => {
      const child = runTsx(['src/server.ts'], {
        PORT: '0',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MULTIPLIER: '1000000',
        ...(await settings()),
      });
      const out = output(child);
      const [, url] = await out.until(/running at (http:\/\/\S+?)\/ /);
      const counts = new Map<string, number>();
      let answered = 0;
      let underLoad!: () => void;
      const loaded = new Promise<void>((resolve) => {
        underLoad = () => {
          answered++;
          if (answered === 40) resolve();
        };
      });
      const workers = Array.from({ length: 8 }, () => loadUntilClosed(url!, counts, underLoad));
      await loaded;
      child.kill('SIGTERM');
      const code = await out.exited;
      await Promise.all(workers);
      const seen = Object.fromEntries(counts);
      const report = `${JSON.stringify(seen)}\n${out.text()}`;
      expect(code, report).toBe(0);
      expect(
        Object.keys(seen).filter((key) => key.endsWith(' 500')),
        report,
      ).toEqual([]);
      expect(seen.reset, report).toBeUndefined();
      expect(seen['/readyz 200']).toBeGreaterThan(0);
      // /readyz answers a closed pool with 503 and logs why (a slow ping on a busy machine is not that).
      expect(out.text()).not.toMatch(/Cannot use a pool|PGlite is closed|unexpected error/);
    },
  );
});

describe('keep-alive connections at shutdown', processTests, () => {
  it('a request sent on an idle keep-alive connection just after SIGTERM is answered, with Connection: close', async () => {
    const child = runTsx(['src/server.ts'], { PORT: '0', DATA_DIR: tempFolder('wsm-'), LOG_LEVEL: 'info' });
    const out = output(child);
    const [, url] = await out.until(/running at (http:\/\/\S+?)\/ /);
    // One connection, kept alive between the two requests.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; connection: string | undefined; reused: boolean }>((resolve, reject) => {
        const request = httpGet(`${url}/healthz`, { agent }, (response) => {
          response.resume();
          response.once('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              connection: response.headers.connection,
              reused: request.reusedSocket,
            }),
          );
        });
        request.once('error', reject);
      });
    try {
      expect((await get()).status).toBe(200);
      child.kill('SIGTERM');
      await out.until(/shutting down/);
      // The client cannot know the server is stopping: it sends its next request on the idle connection.
      expect(await get()).toEqual({ status: 200, connection: 'close', reused: true });
      expect(await out.exited).toBe(0);
    } finally {
      agent.destroy();
    }
  });
});

describe('durability of the embedded database', processTests, () => {
  it('keeps every acknowledged write when the process is killed with SIGKILL', async () => {
    const dir = join(tempFolder('wsm-durable-'), 'pglite');
    const writer = runTsx(['test/fixtures/pglite-writer.ts', dir]);
    const out = output(writer);
    await out.until(/ack 40\n/);
    writer.kill('SIGKILL');
    await out.exited;
    const acked = Math.max(...[...out.text().matchAll(/ack (\d+)/g)].map((m) => Number(m[1])));

    const reader = runTsx(['test/fixtures/pglite-writer.ts', dir, 'count']);
    const readerOut = output(reader);
    expect(await readerOut.exited).toBe(0);
    const rows: number[] = JSON.parse(readerOut.text().match(/rows (\[.*\])/)?.[1] ?? 'null');
    // Every acknowledged row is there, in order, with no gaps; one more may have committed unacknowledged.
    expect(rows.length).toBeGreaterThanOrEqual(acked);
    expect(rows.length).toBeLessThanOrEqual(acked + 1);
    expect(rows).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
  });
});

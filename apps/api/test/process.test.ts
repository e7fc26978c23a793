import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const apiRoot = new URL('..', import.meta.url).pathname;

function run(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function output(child: ChildProcess): {
  text: () => string;
  until: (pattern: RegExp) => Promise<RegExpMatchArray>;
} {
  let text = '';
  const waiters: { pattern: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const w of [...waiters]) {
      const match = text.match(w.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(match);
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return {
    text: () => text,
    until: (pattern) =>
      new Promise((resolve) => {
        const match = text.match(pattern);
        if (match) resolve(match);
        else waiters.push({ pattern, resolve });
      }),
  };
}

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

const exitCode = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('the API process', () => {
  it('refuses to start in production without JWT_SECRET, saying why in one line', async () => {
    const child = run(['src/server.ts'], {
      NODE_ENV: 'production',
      DATA_DIR: tempFolder('wsm-'),
    });
    const out = output(child);
    expect(await exitCode(child)).toBe(1);
    expect(out.text().trim()).toBe(
      'Configuration error: JWT_SECRET is required in production (at least 32 random characters)',
    );
  });

  it('starts on the embedded database, serves, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = tempFolder('wsm-');
    const child = run(['src/server.ts'], { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const out = output(child);
    const [, url] = await out.until(/running at (http:\/\/\S+?)\/ /);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exitCode(child)).toBe(0);
    expect(out.text()).toContain('shutting down');
  });
});

describe('durability of the embedded database', () => {
  it('keeps every acknowledged write when the process is killed with SIGKILL', async () => {
    const dir = join(tempFolder('wsm-durable-'), 'pglite');
    const writer = run(['test/fixtures/pglite-writer.ts', dir]);
    const out = output(writer);
    await out.until(/ack 40\n/);
    writer.kill('SIGKILL');
    await exitCode(writer);
    const acked = Math.max(...[...out.text().matchAll(/ack (\d+)/g)].map((m) => Number(m[1])));

    const reader = run(['test/fixtures/pglite-writer.ts', dir, 'count']);
    const readerOut = output(reader);
    expect(await exitCode(reader)).toBe(0);
    const rows: number[] = JSON.parse(readerOut.text().match(/rows (\[.*\])/)?.[1] ?? 'null');
    // Every acknowledged row is there, in order, with no gaps; one more may have committed unacknowledged.
    expect(rows.length).toBeGreaterThanOrEqual(acked);
    expect(rows.length).toBeLessThanOrEqual(acked + 1);
    expect(rows).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
  });
});

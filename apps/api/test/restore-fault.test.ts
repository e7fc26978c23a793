import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// A restore is one transaction: an API process killed (SIGKILL) in the middle of one leaves the
// workspace wholly as it was, and one killed right after the commit leaves it wholly restored; at
// whatever moment it dies, the workspace is one or the other, never a mix. Runs on the embedded
// database (the killed process's own files) and, in the api-pg project, on PostgreSQL.

const apiRoot = new URL('..', import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), 'wsm-restore-fault-'));
const stateFile = join(folder, 'state.json');
const databaseEnv: Record<string, string> =
  process.env.TEST_DB === 'pg'
    ? { DATABASE_URL: inject('testDatabaseUrl') }
    : { PGLITE_DIR: join(folder, 'pglite') };
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Running {
  child: ChildProcess;
  until: (pattern: RegExp) => Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
  text: () => string;
}

function run(...args: string[]): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/restore-process.ts', ...args], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH ?? '', ...databaseEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters: { pattern: RegExp; resolve: (m: RegExpMatchArray) => void; reject: (e: Error) => void }[] =
    [];
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      for (const w of waiters.splice(0))
        w.reject(new Error(`exited (${code}) before ${w.pattern}:\n${text}`));
      resolve(code);
    }),
  );
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
    child,
    exited,
    text: () => text,
    until: (pattern) =>
      new Promise((resolve, reject) => {
        const match = text.match(pattern);
        if (match) resolve(match);
        else waiters.push({ pattern, resolve, reject });
      }),
  };
}

interface Dump {
  rows: Record<string, string[]>;
  backups: string[];
}

async function dump(): Promise<Dump> {
  const reader = run('dump', stateFile);
  const [, json] = await reader.until(/dump (\{.*\})\n/);
  await reader.exited;
  return JSON.parse(json!) as Dump;
}

async function kill(process: Running): Promise<void> {
  process.child.kill('SIGKILL');
  await process.exited;
}

let backedUp: Dump['rows'];
let changed: Dump['rows'];

beforeAll(async () => {
  const prepare = run('prepare', stateFile);
  const [, json] = await prepare.until(/prepared (\{.*\})\n/);
  expect(await prepare.exited).toBe(0);
  ({ backedUp, changed } = JSON.parse(json!) as { backedUp: Dump['rows']; changed: Dump['rows'] });
  expect(changed).not.toEqual(backedUp);
}, 120_000);

describe('a restore killed with its process', () => {
  it('killed inside the transaction: the workspace is wholly as it was, with no pre-restore backup', async () => {
    const restore = run('restore', stateFile, 'hang');
    await restore.until(/in-transaction\n/);
    await kill(restore);
    const after = await dump();
    expect(after.rows).toEqual(changed);
    expect(after.backups).toEqual(['created']);
  }, 120_000);

  it('killed at a random moment of the restore: wholly old or wholly new, never a mix', async () => {
    const restore = run('restore', stateFile, '300');
    await restore.until(/restoring\n/);
    await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 1500)));
    await kill(restore);
    const after = await dump();
    const restored = restore.text().includes('restored 200');
    expect([changed, backedUp]).toContainEqual(after.rows);
    // The pre-restore backup exists exactly when the data was replaced.
    expect(after.backups.includes('pre-restore')).toBe(
      JSON.stringify(after.rows) === JSON.stringify(backedUp),
    );
    if (restored) expect(after.rows).toEqual(backedUp);
  }, 120_000);

  it('killed right after the commit: the workspace is wholly the backup', async () => {
    const restore = run('restore', stateFile, '0');
    await restore.until(/restored 200\n/);
    await kill(restore);
    const after = await dump();
    expect(after.rows).toEqual(backedUp);
    expect(after.backups).toContain('pre-restore');
  }, 120_000);
});

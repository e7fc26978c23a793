import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ChildOutput, output, runTsx } from './child-process';

// A restore is one transaction: an API process killed (SIGKILL) inside it leaves the workspace wholly
// as it was, and one killed right after the commit leaves it wholly restored, never a mix. The
// process stops at exact points through the database it is given (test/transaction-taps.ts). Runs on the embedded
// database (the killed process's own files) and, in the api-pg project, on PostgreSQL.

const folder = mkdtempSync(join(tmpdir(), 'wsm-restore-fault-'));
const stateFile = join(folder, 'state.json');
const databaseEnv: Record<string, string> =
  process.env.TEST_DB === 'pg'
    ? { DATABASE_URL: inject('testDatabaseUrl') }
    : { PGLITE_DIR: join(folder, 'pglite') };
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Running extends ChildOutput {
  child: ChildProcess;
}

function run(...args: string[]): Running {
  const child = runTsx(['test/fixtures/restore-process.ts', ...args], databaseEnv);
  return { child, ...output(child) };
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
/** The state the previous test left (each test restores the same backup once more). */
let latest: Dump;

const preRestores = (state: Dump) => state.backups.filter((source) => source === 'pre-restore').length;

beforeAll(async () => {
  const prepare = run('prepare', stateFile);
  const [, json] = await prepare.until(/prepared (\{.*\})\n/);
  expect(await prepare.exited).toBe(0);
  ({ backedUp, changed } = JSON.parse(json!) as { backedUp: Dump['rows']; changed: Dump['rows'] });
  expect(changed).not.toEqual(backedUp);
  latest = await dump();
  expect(latest).toEqual({ rows: changed, backups: ['created'] });
}, 300_000);

// The points are exact, and every run kills at each of them in turn: a kill before the commit that
// left anything behind, or one after it that lost anything, fails.
describe('a restore killed with its process', () => {
  it('killed inside the transaction with every row written: the workspace is wholly as it was, with no pre-restore backup', async () => {
    const restore = run('restore', stateFile, 'before-commit');
    const [, json] = await restore.until(/paused before-commit (\{.*\})\n/);
    // What the transaction was about to commit: the whole backup.
    expect(JSON.parse(json!)).toEqual(backedUp);
    await kill(restore);
    const after = await dump();
    expect(after).toEqual(latest);
    expect(after.rows).toEqual(changed);
    latest = after;
  }, 300_000);

  it('killed right after the commit, before the answer: the workspace is wholly the backup', async () => {
    const restore = run('restore', stateFile, 'after-commit');
    await restore.until(/paused after-commit\n/);
    await kill(restore);
    expect(restore.text()).not.toContain('restored');
    const after = await dump();
    expect(after.rows).toEqual(backedUp);
    expect(preRestores(after)).toBe(preRestores(latest) + 1);
    latest = after;
  }, 300_000);

  it('killed once the restore was answered: the workspace is wholly the backup', async () => {
    const restore = run('restore', stateFile, 'answered');
    await restore.until(/restored 200\n/);
    await kill(restore);
    const after = await dump();
    expect(after.rows).toEqual(backedUp);
    expect(preRestores(after)).toBe(preRestores(latest) + 1);
  }, 300_000);
});

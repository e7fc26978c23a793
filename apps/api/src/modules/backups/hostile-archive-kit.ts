import type { BackupProblem } from '@wsm/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import yazl from 'yazl';
import {
  backupIds,
  exportBackup,
  importBackup,
  type RichWorkspace,
  richWorkspace,
  sha256,
  takeBackup,
} from '../../../test/backup-fixtures';
import { startTestApp, type TestApp, testConfig } from '../../../test/test-app';
import { readZip, writeZip } from './archive';

// The hostile-archive tests' workspace, its valid export and the ways to tamper with it
// (hostile-archives.test.ts, hostile-rows.test.ts). The state is exported as live bindings, set once
// the test file's beforeAll has run (hostileArchiveApp).

export let api: TestApp;
export let a: RichWorkspace;
export let neighbourAppId: string;
export let valid: Buffer;
export let files: Map<string, Buffer>;
export let stored: string[];

/** Starts the test file's API with two rich workspaces and exports one of them. */
export function hostileArchiveApp(): void {
  beforeAll(async () => {
    // Every case is an upload: the per-account import limit is raised for this file.
    api = await startTestApp({ config: testConfig({ RATE_LIMIT_MULTIPLIER: '100' }) });
    a = await richWorkspace(api);
    const neighbour = await richWorkspace(api);
    neighbourAppId = neighbour.appId;
    const backup = await takeBackup(api, a.workspace);
    valid = (await exportBackup(api, a.workspace, backup.id)).bytes;
    files = await readZip(valid);
    stored = await backupIds(api, a.workspace);
  });
  afterAll(() => api.close());
}

export type Files = [string, Buffer][];
export const json = (value: unknown) => Buffer.from(JSON.stringify(value));
export const parsed = <T>(name: string): T => JSON.parse(files.get(name)!.toString()) as T;
export type Row = Record<string, unknown>;

/** The archive's files with some replaced, and the manifest's hashes, sizes and counts made to match. */
export function tampered(
  changes: Record<string, Buffer | null>,
  manifestChange: (manifest: Record<string, unknown>) => void = () => {},
): Files {
  const next = new Map(files);
  for (const [name, bytes] of Object.entries(changes)) {
    if (bytes) next.set(name, bytes);
    else next.delete(name);
  }
  const manifest = JSON.parse(files.get('manifest.json')!.toString()) as {
    files: { path: string; sha256: string; size: number }[];
    counts: Record<string, number>;
  } & Record<string, unknown>;
  manifest.files = [...next.keys()]
    .filter((name) => name !== 'manifest.json')
    .map((path) => ({ path, sha256: sha256(next.get(path)!), size: next.get(path)!.length }));
  for (const [name, bytes] of next)
    if (name.startsWith('data/')) {
      const table = name.slice(5, -5);
      if (table in manifest.counts)
        manifest.counts[table] = (JSON.parse(bytes.toString()) as unknown[]).length;
    }
  manifestChange(manifest);
  next.set('manifest.json', json(manifest));
  return [...next];
}

export function zipOf(entries: Files): Promise<Buffer> {
  return writeZip(
    entries.map(([path, bytes]) => ({ path, bytes })),
    new Date(),
  );
}

export interface RawEntry {
  path: string;
  bytes: Buffer;
  mode?: number;
  compress?: boolean;
}

/** A zip made with yazl directly, to set what writeZip never does (modes, duplicates). */
export function rawZip(entries: RawEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries)
    zip.addBuffer(e.bytes, e.path, { mode: e.mode ?? 0o100644, compress: e.compress ?? true });
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** Replaces every occurrence of a name in a zip's headers (same length), past yazl's own checks. */
export function renamed(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('same length only');
  const out = Buffer.from(zip);
  for (let at = out.indexOf(from); at !== -1; at = out.indexOf(from, at + 1)) out.write(to, at, 'latin1');
  return out;
}

export async function expectRefused(bytes: Buffer, reason: BackupProblem, name?: string): Promise<void> {
  const answer = await importBackup(api, a.workspace.id, bytes, a.owner.tokens.accessToken, 'en');
  expect({ status: answer.status, code: answer.body.statusCode, reason: answer.body.data?.reason }).toEqual({
    status: 400,
    code: 400,
    reason,
  });
  const message = answer.body.data.errors?.[0]?.message ?? '';
  expect(answer.body.data.errors?.[0]?.path).toBe('file');
  expect(message.length).toBeGreaterThan(10);
  if (name) expect(message).toContain(name);
  expect(await backupIds(api, a.workspace)).toEqual(stored);
}

/**
 * Expects the export refused for `reason`, its message naming `name`, once one row of a data file (the
 * first, unless `pick` chooses another) is given `fields`.
 */
export async function expectRowRefused(
  file: string,
  fields: Row,
  reason: BackupProblem,
  name: string,
  pick = (rows: Row[]) => rows[0]!,
): Promise<void> {
  const rows = parsed<Row[]>(file);
  Object.assign(pick(rows), fields);
  await expectRefused(await zipOf(tampered({ [file]: json(rows) })), reason, name);
}

export const appsFile = 'data/workspace_applications.json';
export const rolesFile = 'data/workspace_roles.json';

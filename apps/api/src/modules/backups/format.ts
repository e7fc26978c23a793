import { createHash } from 'node:crypto';
import { idSchema } from '@wsm/contracts';
import sharp from 'sharp';
import { z } from 'zod';
import { maxImageBytes } from '../assets/images';
import { type ArchiveLimits, BackupProblemError, defaultArchiveLimits, readZip, writeZip } from './archive';
import {
  type ArchiveRow,
  columnNames,
  dataFile,
  type TableEntry,
  tableName,
  workspaceTables,
} from './registry';

// The backup format: a zip holding manifest.json, one JSON file per table of the registry
// (data/<table>.json, an array of rows) and the workspace's images (images/<id>.<ext>).
//
// manifest.json: { format, formatVersion, workspaceId, workspaceName, createdDate,
//                  files: [{ path, sha256, size }], counts: { <table>: rows } }
// A new format version is needed whenever a table or a column of the registry changes.

export const backupFormat = 'wsm-workspace-backup';
export const formatVersion = 1;
export const manifestPath = 'manifest.json';

export interface Manifest {
  format: typeof backupFormat;
  formatVersion: number;
  workspaceId: string;
  workspaceName: string;
  createdDate: string;
  files: { path: string; sha256: string; size: number }[];
  counts: Record<string, number>;
}

/** A workspace's data as read from the database or out of an archive. */
export interface WorkspaceData {
  workspaceId: string;
  workspaceName: string;
  /** When the data was read (ISO-8601). */
  createdDate: string;
  /** Rows per SQL table name, without binary columns. */
  tables: Map<string, ArchiveRow[]>;
  /** Binary column values by table, then by row id (the images' bytes). */
  binaries: Map<string, Map<string, Buffer>>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const extensions: Record<string, string> = { 'image/webp': 'webp', 'image/png': 'png', 'image/jpeg': 'jpg' };
const formats: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpeg: 'image/jpeg' };

/** The archive file of a binary value (images/<id>.<ext>). */
export function binaryFile(row: ArchiveRow): string {
  return `images/${String(row.id)}.${extensions[String(row.content_type)] ?? 'bin'}`;
}

// One row per line: a diff of two exports reads like a diff of the data.
function jsonRows(rows: ArchiveRow[]): Buffer {
  return Buffer.from(rows.length ? `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]\n` : '[]\n');
}

/** Writes a workspace's data as a backup zip; answers the zip, its SHA-256 and the manifest. */
export async function buildArchive(
  data: WorkspaceData,
): Promise<{ bytes: Buffer; sha256: string; manifest: Manifest }> {
  const files: { path: string; bytes: Buffer }[] = [];
  const counts: Record<string, number> = {};
  for (const entry of workspaceTables) {
    const name = tableName(entry);
    const rows = data.tables.get(name) ?? [];
    counts[name] = rows.length;
    files.push({ path: dataFile(entry), bytes: jsonRows(rows) });
    if (entry.binary) {
      const values = data.binaries.get(name) ?? new Map<string, Buffer>();
      for (const row of rows) {
        const bytes = values.get(String(row.id));
        if (bytes) files.push({ path: binaryFile(row), bytes });
      }
    }
  }
  const manifest: Manifest = {
    format: backupFormat,
    formatVersion,
    workspaceId: data.workspaceId,
    workspaceName: data.workspaceName,
    createdDate: data.createdDate,
    files: files.map((file) => ({ path: file.path, sha256: sha256(file.bytes), size: file.bytes.length })),
    counts,
  };
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  const bytes = await writeZip(
    [{ path: manifestPath, bytes: manifestBytes }, ...files],
    new Date(data.createdDate),
  );
  return { bytes, sha256: sha256(bytes), manifest };
}

// ---------- reading an untrusted archive

const manifestHeadSchema = z.object({ format: z.unknown(), formatVersion: z.unknown() });
const manifestSchema = z.strictObject({
  format: z.literal(backupFormat),
  formatVersion: z.literal(formatVersion),
  workspaceId: idSchema,
  workspaceName: z.string().max(40),
  createdDate: z.iso.datetime({ offset: true }),
  files: z
    .array(
      z.strictObject({
        path: z.string().min(1).max(300),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        size: z.number().int().min(0),
      }),
    )
    .max(defaultArchiveLimits.maxEntries),
  counts: z.record(z.string(), z.number().int().min(0)),
});

const problem = (...args: ConstructorParameters<typeof BackupProblemError>) =>
  new BackupProblemError(...args);

function parseManifest(bytes: Buffer | undefined): Manifest {
  if (!bytes) throw problem('missing_manifest');
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw problem('invalid_manifest');
  }
  const head = manifestHeadSchema.safeParse(json);
  if (!head.success) throw problem('invalid_manifest');
  if (head.data.format !== backupFormat) throw problem('invalid_manifest', { field: 'format' });
  if (head.data.formatVersion !== formatVersion)
    throw problem('unknown_format', { value: String(head.data.formatVersion ?? '') });
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw problem('invalid_manifest', { field: parsed.error.issues[0]?.path.join('.') });
  return parsed.data as Manifest;
}

function parseRows(entry: TableEntry, bytes: Buffer, workspaceId: string): ArchiveRow[] {
  const name = dataFile(entry);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw problem('invalid_data', { name, row: 0, field: '' });
  }
  if (!Array.isArray(json)) throw problem('invalid_data', { name, row: 0, field: '' });
  const columns = columnNames(entry).filter((column) => column !== entry.binary?.column);
  const expected = new Set(columns);
  const schema = entry.row(workspaceId);
  const seen = (entry.unique ?? []).map(() => new Set<string>());
  json.forEach((value: unknown, index) => {
    const row = index + 1;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw problem('invalid_data', { name, row, field: '' });
    const record = value as ArchiveRow;
    // Exactly the table's columns: a missing one would become null, an unknown one would be dropped.
    for (const column of columns)
      if (!(column in record)) throw problem('invalid_data', { name, row, field: column });
    for (const key of Object.keys(record))
      if (!expected.has(key)) throw problem('invalid_data', { name, row, field: key });
    const checked = schema.safeParse(record);
    if (!checked.success)
      throw problem('invalid_data', { name, row, field: checked.error.issues[0]?.path.join('.') ?? '' });
    (entry.unique ?? []).forEach((unique, u) => {
      const key = unique.key(record);
      if (key === null) return;
      if (seen[u]!.has(key)) throw problem('invalid_data', { name, row, field: unique.field });
      seen[u]!.add(key);
    });
  });
  return json as ArchiveRow[];
}

async function checkImage(name: string, row: ArchiveRow, bytes: Buffer): Promise<void> {
  if (bytes.length === 0 || bytes.length > maxImageBytes) throw problem('invalid_image', { name });
  try {
    const meta = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' }).metadata();
    if (
      !meta.format ||
      formats[meta.format] !== row.content_type ||
      meta.width !== row.width ||
      meta.height !== row.height
    )
      throw problem('invalid_image', { name });
  } catch (error) {
    if (error instanceof BackupProblemError) throw error;
    throw problem('invalid_image', { name });
  }
}

/**
 * Reads and checks an untrusted backup archive for a workspace: the zip itself (readZip), the manifest
 * (format and version, every file listed with its size and SHA-256, nothing unlisted, the row counts),
 * every row against the API's schemas, uniqueness and references inside the archive, and every image
 * by its content. Throws BackupProblemError at the first problem. What the database must say (ids held
 * by another workspace) is checked by the service.
 */
export async function parseArchive(
  bytes: Buffer,
  workspaceId: string,
  limits: ArchiveLimits = defaultArchiveLimits,
): Promise<WorkspaceData> {
  const files = await readZip(bytes, limits);
  const manifest = parseManifest(files.get(manifestPath));
  const listed = new Map<string, { sha256: string; size: number }>();
  for (const file of manifest.files) {
    if (file.path === manifestPath || listed.has(file.path))
      throw problem('invalid_manifest', { field: 'files' });
    listed.set(file.path, file);
  }
  for (const name of files.keys())
    if (name !== manifestPath && !listed.has(name)) throw problem('unexpected_entry', { name });
  for (const [name, expected] of listed) {
    const actual = files.get(name);
    if (!actual) throw problem('missing_file', { name });
    if (actual.length !== expected.size || sha256(actual) !== expected.sha256)
      throw problem('hash_mismatch', { name });
  }
  if (manifest.workspaceId !== workspaceId) throw problem('other_workspace');

  const known = new Set(workspaceTables.map(tableName));
  for (const name of Object.keys(manifest.counts))
    if (!known.has(name)) throw problem('invalid_manifest', { field: `counts.${name}` });

  const tables = new Map<string, ArchiveRow[]>();
  for (const entry of workspaceTables) {
    const name = dataFile(entry);
    const content = files.get(name);
    if (!content) throw problem('missing_file', { name });
    const rows = parseRows(entry, content, workspaceId);
    if (manifest.counts[tableName(entry)] !== rows.length) throw problem('count_mismatch', { name });
    tables.set(tableName(entry), rows);
  }
  if (tables.get('workspaces')?.length !== 1)
    throw problem('count_mismatch', { name: 'data/workspaces.json' });
  if (tables.get('workspaces')![0]!.workspace_name !== manifest.workspaceName)
    throw problem('invalid_manifest', { field: 'workspaceName' });

  // References between tables of the archive.
  for (const entry of workspaceTables)
    for (const reference of entry.references ?? []) {
      const targets = new Set(tables.get(reference.table)!.map((row) => String(row.id)));
      tables.get(tableName(entry))!.forEach((row, index) => {
        const value = row[reference.column];
        if (value !== null && !targets.has(String(value)))
          throw problem('broken_reference', {
            name: dataFile(entry),
            row: index + 1,
            field: reference.column,
          });
      });
    }

  // Binary values: one file per row, each checked by its content.
  const binaries = new Map<string, Map<string, Buffer>>();
  const expectedBinaries = new Set<string>();
  for (const entry of workspaceTables) {
    if (!entry.binary) continue;
    const values = new Map<string, Buffer>();
    for (const row of tables.get(tableName(entry))!) {
      const name = binaryFile(row);
      const content = files.get(name);
      if (!content) throw problem('missing_file', { name });
      await checkImage(name, row, content);
      values.set(String(row.id), content);
      expectedBinaries.add(name);
    }
    binaries.set(tableName(entry), values);
  }
  // Listed and hashed is not enough: only the registry's files and the rows' images belong in a backup.
  const allowed = new Set([...workspaceTables.map(dataFile), ...expectedBinaries]);
  for (const name of listed.keys()) if (!allowed.has(name)) throw problem('unexpected_entry', { name });

  return {
    workspaceId,
    workspaceName: manifest.workspaceName,
    createdDate: manifest.createdDate,
    tables,
    binaries,
  };
}

/** Rows per table of a workspace's data. */
export function countsOf(data: WorkspaceData): Record<string, number> {
  return Object.fromEntries([...data.tables].map(([name, rows]) => [name, rows.length]));
}

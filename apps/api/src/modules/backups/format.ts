import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { idSchema, unsafeInputReason } from '@wsm/contracts';
import sharp from 'sharp';
import type { Entry as ZipEntry } from 'yauzl';
import { z } from 'zod';
import { maxImageBytes } from '../assets/images';
import {
  type ArchiveLimits,
  BackupProblemError,
  type CheckedZip,
  defaultArchiveLimits,
  entryChunks,
  inflateEntry,
  openZip,
} from './archive';
import { JsonArrayError, JsonArrayReader } from './json-array';
import { maxTableRows } from './limits';
import {
  type ArchiveRow,
  columnNames,
  dataFile,
  type TableEntry,
  tableName,
  workspaceTables,
} from './registry';
import { DirectoryRelations } from './relations';

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

const extensions: Record<string, string> = { 'image/webp': 'webp', 'image/png': 'png', 'image/jpeg': 'jpg' };
const formats: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpeg: 'image/jpeg' };

/** The archive file of a binary value (images/<id>.<ext>). */
export function binaryFile(row: ArchiveRow): string {
  return `images/${String(row.id)}.${extensions[String(row.content_type)] ?? 'bin'}`;
}

import {
  type ArchiveSink,
  type ArchiveSummary,
  type GlobalKeyValues,
  globalKeyBatches,
} from './archive-summary';

export type { ArchiveSink, ArchiveSummary, GlobalKeyValues };

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

/** manifest.json lists at most maxEntries files of a few hundred bytes each. */
const maxManifestBytes = 4 * 1024 * 1024;
/** Longer than any row the schemas allow (a full application is under 8 KiB): bounds one row's memory. */
const maxRowBytes = 256 * 1024;
/** Rows handed to a sink at a time (one message each when they cross threads). */
const rowBatch = 1000;

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

/** Checks one parsed row of a table (1-based `row`); answers it as a row or throws the problem. */
function rowChecker(entry: TableEntry, workspaceId: string): (value: unknown, row: number) => ArchiveRow {
  const name = dataFile(entry);
  const columns = columnNames(entry).filter((column) => column !== entry.binary?.column);
  const expected = new Set(columns);
  const schema = entry.row(workspaceId);
  const seen = (entry.unique ?? []).map(() => new Set<string>());
  return (value, row) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw problem('invalid_data', { name, row, field: '' });
    const record = value as ArchiveRow;
    // Exactly the table's columns: an unknown one would be dropped; a missing one is taken only where its
    // schema gives a default (a column added after the archive was made), below.
    const missing = columns.filter((column) => !(column in record));
    for (const key of Object.keys(record))
      if (!expected.has(key)) throw problem('invalid_data', { name, row, field: key });
    // Before the schemas, so the reason is the character: PostgreSQL refuses U+0000 (the restore would
    // fail) and a lone surrogate would be stored as U+FFFD, silently changing the text.
    for (const column of columns) {
      const unsafe = unsafeInputReason(record[column]);
      if (unsafe === 'too_deep') throw problem('invalid_data', { name, row, field: column });
      if (unsafe) throw problem('unsafe_text', { name, row, field: column });
    }
    const checked = schema.safeParse(record);
    if (!checked.success)
      throw problem('invalid_data', { name, row, field: checked.error.issues[0]?.path.join('.') ?? '' });
    for (const column of missing) {
      const value = (checked.data as ArchiveRow)[column];
      if (value === undefined) throw problem('invalid_data', { name, row, field: column });
      record[column] = value;
    }
    (entry.unique ?? []).forEach((unique, u) => {
      const key = unique.key(record);
      if (key === null) return;
      if (seen[u]!.has(key)) throw problem('invalid_data', { name, row, field: unique.field });
      seen[u]!.add(key);
    });
    return record;
  };
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

/** Inflates a file of the archive, hashing it; nothing is kept. */
async function digestOf(zip: CheckedZip['zip'], entry: ZipEntry): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of entryChunks(zip, entry)) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Reads and checks an untrusted backup archive for a workspace, streaming: the zip itself (openZip), the
 * manifest (format and version, every file listed with its size and SHA-256, nothing unlisted, the row
 * counts and the row limits of limits.ts), every row against the API's schemas (and no U+0000 or lone
 * surrogate in any text), uniqueness and references inside the archive, the directory's statuses
 * against its members and invitations (relations.ts), and every image by its content.
 * Each table file is read element by element and each row dropped once checked (or handed to `sink`),
 * so memory stays bounded whatever the archive holds. Throws BackupProblemError at the first problem.
 * What the database must say (ids held by another workspace) is checked by the service. Synchronous
 * stretches are short, but checking a large archive takes seconds of CPU: the API runs this in a worker
 * thread (archive-pool.ts).
 */
export async function checkArchive(
  bytes: Buffer,
  workspaceId: string,
  limits: ArchiveLimits = defaultArchiveLimits,
  sink: ArchiveSink = {},
): Promise<ArchiveSummary> {
  const { zip, entries } = await openZip(bytes, limits);
  try {
    // Every file inflated once first, for its size and hash (and the zip's CRC): a tampered file is named
    // as such before its rows are read.
    const digests = new Map<string, { sha256: string; size: number }>();
    let manifestBytes: Buffer | undefined;
    for (const [name, entry] of entries) {
      if (name !== manifestPath) digests.set(name, await digestOf(zip, entry));
      else if (entry.uncompressedSize > maxManifestBytes) throw problem('invalid_manifest');
      else manifestBytes = await inflateEntry(zip, entry);
    }
    const manifest = parseManifest(manifestBytes);
    const listed = new Map<string, { sha256: string; size: number }>();
    for (const file of manifest.files) {
      if (file.path === manifestPath || listed.has(file.path))
        throw problem('invalid_manifest', { field: 'files' });
      listed.set(file.path, file);
    }
    for (const name of digests.keys()) if (!listed.has(name)) throw problem('unexpected_entry', { name });
    for (const [name, expected] of listed) {
      const actual = digests.get(name);
      if (!actual) throw problem('missing_file', { name });
      if (actual.size !== expected.size || actual.sha256 !== expected.sha256)
        throw problem('hash_mismatch', { name });
    }
    if (manifest.workspaceId !== workspaceId) throw problem('other_workspace');

    const known = new Set(workspaceTables.map(tableName));
    for (const name of Object.keys(manifest.counts))
      if (!known.has(name)) throw problem('invalid_manifest', { field: `counts.${name}` });
    for (const entry of workspaceTables) {
      const limit = maxTableRows[tableName(entry)] ?? 0;
      if ((manifest.counts[tableName(entry)] ?? 0) > limit)
        throw problem('too_many_rows', { name: dataFile(entry), value: limit });
    }

    // The ids of the tables others refer to, collected as those are read; a reference to a table read
    // later (the workspace's logo) is checked at the end.
    const referenced = new Set(
      workspaceTables.flatMap((entry) => (entry.references ?? []).map((r) => r.table)),
    );
    const ids = new Map<string, Set<string>>();
    const later: { name: string; row: number; column: string; table: string; value: string }[] = [];
    const globalKeys: GlobalKeyValues[] = [];
    const binaryRows = new Map<string, ArchiveRow[]>();
    const relations = new DirectoryRelations();
    for (const entry of workspaceTables) {
      const table = tableName(entry);
      const name = dataFile(entry);
      const file = entries.get(name);
      if (!file) throw problem('missing_file', { name });
      const limit = maxTableRows[table] ?? 0;
      const check = rowChecker(entry, workspaceId);
      const targets = referenced.has(table) ? new Set<string>() : undefined;
      const keys = (entry.globalKeys ?? []).map((key) => ({ ...key, values: [] as string[] }));
      const kept: ArchiveRow[] = [];
      let batch: ArchiveRow[] = [];
      const full: ArchiveRow[][] = [];
      let row = 0;
      const take = (text: Buffer) => {
        row++;
        if (row > limit) throw problem('too_many_rows', { name, value: limit });
        // Bytes that are not UTF-8 would be decoded as U+FFFD: the text would change without a word.
        if (!isUtf8(text)) throw problem('unsafe_text', { name, row, field: '' });
        let value: unknown;
        try {
          value = JSON.parse(text.toString('utf8'));
        } catch {
          throw problem('invalid_data', { name, row, field: '' });
        }
        const record = check(value, row);
        relations.observe(table, row, record);
        targets?.add(String(record.id));
        for (const reference of entry.references ?? []) {
          const target = record[reference.column];
          if (target === null || target === undefined) continue;
          const known = ids.get(reference.table);
          if (!known)
            later.push({
              name,
              row,
              column: reference.column,
              table: reference.table,
              value: String(target),
            });
          else if (!known.has(String(target)))
            throw problem('broken_reference', { name, row, field: reference.column });
        }
        for (const key of keys) {
          const value = record[key.column];
          if (typeof value === 'string') key.values.push(key.caseInsensitive ? value.toLowerCase() : value);
        }
        if (entry.binary || entry.scope === 'id') kept.push(record);
        if (sink.rows) {
          batch.push(record);
          if (batch.length >= rowBatch) {
            full.push(batch);
            batch = [];
          }
        }
      };
      const reader = new JsonArrayReader(maxRowBytes);
      try {
        for await (const chunk of entryChunks(zip, file)) {
          for (const text of reader.push(chunk)) take(text);
          for (const rows of full.splice(0)) await sink.rows?.(table, rows);
        }
        reader.end();
      } catch (error) {
        if (error instanceof JsonArrayError)
          throw problem('invalid_data', { name, row: error.element, field: '' });
        throw error;
      }
      if (manifest.counts[table] !== row) throw problem('count_mismatch', { name });
      for (const rows of full.splice(0)) await sink.rows?.(table, rows);
      if (batch.length > 0) await sink.rows?.(table, batch);
      if (targets) ids.set(table, targets);
      for (const key of keys)
        globalKeys.push({
          table,
          column: key.column,
          caseInsensitive: key.caseInsensitive ?? false,
          batchesJson: globalKeyBatches(key.values),
        });
      if (entry.scope === 'id') {
        if (kept.length !== 1) throw problem('count_mismatch', { name });
        if (kept[0]!.workspace_name !== manifest.workspaceName)
          throw problem('invalid_manifest', { field: 'workspaceName' });
      }
      if (entry.binary) binaryRows.set(table, kept);
    }
    for (const reference of later)
      if (!ids.get(reference.table)?.has(reference.value))
        throw problem('broken_reference', {
          name: reference.name,
          row: reference.row,
          field: reference.column,
        });

    const unrelated = relations.firstProblem();
    if (unrelated)
      throw problem('invalid_data', {
        name: `data/${unrelated.table}.json`,
        row: unrelated.row,
        field: unrelated.field,
      });

    // Binary values: one file per row, each checked by its content.
    const expectedBinaries = new Set<string>();
    for (const [table, rows] of binaryRows)
      for (const row of rows) {
        const name = binaryFile(row);
        const file = entries.get(name);
        if (!file) throw problem('missing_file', { name });
        if (file.uncompressedSize > maxImageBytes) throw problem('invalid_image', { name });
        const content = await inflateEntry(zip, file);
        await checkImage(name, row, content);
        sink.binary?.(table, String(row.id), content);
        expectedBinaries.add(name);
      }
    // Listed and hashed is not enough: only the registry's files and the rows' images belong in a backup.
    const allowed = new Set([...workspaceTables.map(dataFile), ...expectedBinaries]);
    for (const name of listed.keys()) if (!allowed.has(name)) throw problem('unexpected_entry', { name });

    return {
      workspaceId,
      workspaceName: manifest.workspaceName,
      createdDate: manifest.createdDate,
      counts: Object.fromEntries(
        workspaceTables.map((entry) => [tableName(entry), manifest.counts[tableName(entry)]!]),
      ),
      globalKeys,
    };
  } finally {
    zip.close();
  }
}

/** Rows per table of a workspace's data. */
export function countsOf(data: WorkspaceData): Record<string, number> {
  return Object.fromEntries([...data.tables].map(([name, rows]) => [name, rows.length]));
}

import { createHash } from 'node:crypto';
import { writeZip } from './archive';
import {
  backupFormat,
  binaryFile,
  formatVersion,
  type Manifest,
  manifestPath,
  type WorkspaceData,
} from './format';
import type { ArchiveRow } from './registry';
import { dataFile, tableName, workspaceTables } from './registry';

// Writing a workspace's data as a backup zip in the format described in format.ts.

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

// One row per line: a diff of two exports reads like a diff of the data.
/**
 * A table's rows as the archive's JSON text, in pieces of a thousand rows with the event loop let run
 * between: never one string or buffer of the whole table (tens of MiB at 100,000 rows).
 */
async function jsonRows(rows: ArchiveRow[]): Promise<Buffer[]> {
  if (rows.length === 0) return [Buffer.from('[]\n')];
  const parts: Buffer[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    if (start > 0) await yieldToEventLoop();
    const text = rows
      .slice(start, start + 1000)
      .map((row) => JSON.stringify(row))
      .join(',\n');
    const end = start + 1000 >= rows.length;
    parts.push(Buffer.from(`${start === 0 ? '[\n' : ',\n'}${text}${end ? '\n]\n' : ''}`));
  }
  return parts;
}

/** The SHA-256 and size of a file given in pieces, a piece at a time with the event loop let run between. */
async function digestOfParts(parts: Buffer[]): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for (const part of parts) {
    await yieldToEventLoop();
    hash.update(part);
    size += part.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Writes a workspace's data as a backup zip; answers the zip, its SHA-256 and the manifest. */
export async function buildArchive(
  data: WorkspaceData,
): Promise<{ bytes: Buffer; sha256: string; manifest: Manifest }> {
  const files: { path: string; bytes: Buffer | Buffer[] }[] = [];
  const listed: Manifest['files'] = [];
  const counts: Record<string, number> = {};
  for (const entry of workspaceTables) {
    const name = tableName(entry);
    const rows = data.tables.get(name) ?? [];
    counts[name] = rows.length;
    const parts = await jsonRows(rows);
    files.push({ path: dataFile(entry), bytes: parts });
    listed.push({ path: dataFile(entry), ...(await digestOfParts(parts)) });
    if (entry.binary) {
      const values = data.binaries.get(name) ?? new Map<string, Buffer>();
      for (const row of rows) {
        const bytes = values.get(String(row.id));
        if (!bytes) continue;
        files.push({ path: binaryFile(row), bytes });
        listed.push({ path: binaryFile(row), sha256: sha256(bytes), size: bytes.length });
      }
    }
  }
  const manifest: Manifest = {
    format: backupFormat,
    formatVersion,
    workspaceId: data.workspaceId,
    workspaceName: data.workspaceName,
    createdDate: data.createdDate,
    files: listed,
    counts,
  };
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  const bytes = await writeZip(
    [{ path: manifestPath, bytes: manifestBytes }, ...files],
    new Date(data.createdDate),
  );
  await yieldToEventLoop();
  return { bytes, sha256: sha256(bytes), manifest };
}

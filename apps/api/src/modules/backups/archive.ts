import { Readable } from 'node:stream';
import { type BackupProblem, type BackupProblemParams, backupUploadLimits } from '@wsm/contracts';
import yauzl from 'yauzl';
import yazl from 'yazl';

// Zip files, written with yazl and read with yauzl. Reading never trusts the archive: every entry is
// checked (name, type, declared and actual sizes) before a byte of it is inflated, and inflating stops
// at the declared size. Nothing is ever written to disk, but a name that would escape a folder is still
// refused: an archive with one is not one this server wrote.

/** Why an archive was refused; the service turns it into a translated body 400. */
export class BackupProblemError extends Error {
  override name = 'BackupProblemError';
  constructor(
    readonly problem: BackupProblem,
    readonly params: BackupProblemParams = {},
  ) {
    super(`backup refused: ${problem}${params.name ? ` (${params.name})` : ''}`);
  }
}

export interface ArchiveLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  maxRatio: number;
  /** Entries smaller than this (decompressed) are not judged by their ratio: small JSON compresses well. */
  ratioFloorBytes: number;
}

export const defaultArchiveLimits: ArchiveLimits = {
  maxEntries: backupUploadLimits.maxEntries,
  maxUncompressedBytes: backupUploadLimits.maxUncompressedBytes,
  maxRatio: backupUploadLimits.maxRatio,
  ratioFloorBytes: 64 * 1024,
};

/**
 * Writes files into a zip, in the order given, each with the same modification date. A file given as
 * pieces is streamed through the compressor piece by piece: yazl computes a whole buffer's CRC in
 * JavaScript in one go, which for a large table held the event loop every request shares.
 */
export function writeZip(files: { path: string; bytes: Buffer | Buffer[] }[], mtime: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const options = { mtime, mode: 0o100644, compress: true, compressionLevel: 6 };
  for (const file of files)
    if (Buffer.isBuffer(file.bytes)) zip.addBuffer(file.bytes, file.path, options);
    else {
      const size = file.bytes.reduce((total, piece) => total + piece.length, 0);
      zip.addReadStream(Readable.from(file.bytes, { objectMode: false }), file.path, { ...options, size });
    }
  zip.end();
  return collect(zip.outputStream as Readable);
}

function collect(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('error', reject);
    stream.once('end', () => resolve(Buffer.concat(chunks)));
  });
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;

/** Why a name is unsafe, or null: absolute, a drive, `..`, a backslash, a control character or empty. */
export function unsafeName(name: string): boolean {
  if (name === '' || name.includes('\\') || name.includes('\0')) return true;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for
  if (/[\u0000-\u001f\u007f]/.test(name)) return true;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return true;
  const parts = name.split('/');
  return parts.some((part) => part === '..' || part === '.');
}

function looksLikeZip(bytes: Buffer): boolean {
  // A local file header, or the end-of-central-directory record of an empty zip.
  if (bytes.length < 22) return false;
  const signature = bytes.readUInt32LE(0);
  return signature === 0x04034b50 || signature === 0x06054b50;
}

function open(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: true },
      (error, zip) => (error || !zip ? reject(error) : resolve(zip)),
    );
  });
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: yauzl.Entry) => {
      zip.off('end', onEnd);
      zip.off('error', onError);
      resolve(entry);
    };
    const onEnd = () => {
      zip.off('entry', onEntry);
      zip.off('error', onError);
      resolve(null);
    };
    const onError = (error: Error) => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      reject(error);
    };
    zip.once('entry', onEntry);
    zip.once('end', onEnd);
    zip.once('error', onError);
    zip.readEntry();
  });
}

/**
 * Inflates one entry chunk by chunk, never past its declared size (yauzl also checks that size and the
 * CRC): memory stays at one chunk whatever the entry's size.
 */
export async function* entryChunks(zip: yauzl.ZipFile, entry: yauzl.Entry): AsyncGenerator<Buffer> {
  const name = entryName(entry);
  let stream: Readable;
  try {
    stream = await new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (error, opened) => (error || !opened ? reject(error) : resolve(opened))),
    );
  } catch {
    throw new BackupProblemError('corrupt', { name });
  }
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      // More than the entry declared: a lie about its size, the way zip bombs get past size checks.
      if (size > entry.uncompressedSize) throw new BackupProblemError('corrupt', { name });
      yield chunk;
    }
  } catch (error) {
    if (error instanceof BackupProblemError) throw error;
    throw new BackupProblemError('corrupt', { name });
  } finally {
    stream.destroy();
  }
}

/** Inflates one whole entry (for entries whose declared size the caller has bounded). */
export async function inflateEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entryChunks(zip, entry)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileNameRaw ?? (entry.fileName as unknown as Buffer);
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
}

/** An untrusted zip whose every entry passed the checks of openZip; entries are inflated on demand. */
export interface CheckedZip {
  zip: yauzl.ZipFile;
  /** The plain files by name, in the zip's order (folders left out). */
  entries: Map<string, yauzl.Entry>;
}

/**
 * Opens an untrusted zip and checks every entry's header before a byte is inflated, or throws
 * BackupProblemError naming the first problem: not a zip, damaged, too many entries, too big
 * decompressed, an entry whose ratio is a zip bomb's, an unsafe name (zip slip), a symbolic link or
 * anything but a plain file, a duplicate name (also differing only in case), an encrypted entry. Folder
 * entries are skipped. Damaged data shows while inflating (entryChunks). The caller closes `zip`.
 */
export async function openZip(
  bytes: Buffer,
  limits: ArchiveLimits = defaultArchiveLimits,
): Promise<CheckedZip> {
  if (!looksLikeZip(bytes)) throw new BackupProblemError('not_zip');
  let zip: yauzl.ZipFile;
  try {
    zip = await open(bytes);
  } catch {
    throw new BackupProblemError('corrupt');
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw new BackupProblemError('too_many_entries');
    const entries = new Map<string, yauzl.Entry>();
    const seen = new Set<string>();
    let total = 0;
    for (;;) {
      let entry: yauzl.Entry | null;
      try {
        entry = await nextEntry(zip);
      } catch {
        throw new BackupProblemError('corrupt');
      }
      if (!entry) break;
      const name = entryName(entry);
      if (unsafeName(name.endsWith('/') ? name.slice(0, -1) : name))
        throw new BackupProblemError('unsafe_path', { name });
      const folded = name.toLowerCase();
      if (seen.has(folded)) throw new BackupProblemError('duplicate_entry', { name });
      seen.add(folded);
      // Unix permissions live in the high half of the external attributes of entries made on Unix.
      const mode = entry.externalFileAttributes >>> 16;
      const type = mode & S_IFMT;
      if (type === S_IFLNK) throw new BackupProblemError('symlink', { name });
      const isFolder = name.endsWith('/') || type === S_IFDIR;
      if (isFolder) {
        if (entry.uncompressedSize !== 0) throw new BackupProblemError('corrupt', { name });
        continue;
      }
      if (type !== 0 && type !== S_IFREG) throw new BackupProblemError('symlink', { name });
      if (entry.isEncrypted()) throw new BackupProblemError('encrypted', { name });
      total += entry.uncompressedSize;
      if (total > limits.maxUncompressedBytes) throw new BackupProblemError('too_big_uncompressed');
      if (
        entry.uncompressedSize > limits.ratioFloorBytes &&
        entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)
      )
        throw new BackupProblemError('ratio', { name });
      if (!entry.canDecodeFileData()) throw new BackupProblemError('corrupt', { name });
      entries.set(name, entry);
    }
    return { zip, entries };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/**
 * Reads every file of an untrusted zip into memory (openZip's checks, then each entry inflated), or
 * throws BackupProblemError naming the first problem. For small archives and tests; an upload is read
 * entry by entry (format.ts checkArchive).
 */
export async function readZip(
  bytes: Buffer,
  limits: ArchiveLimits = defaultArchiveLimits,
): Promise<Map<string, Buffer>> {
  const { zip, entries } = await openZip(bytes, limits);
  try {
    const files = new Map<string, Buffer>();
    for (const [name, entry] of entries) files.set(name, await inflateEntry(zip, entry));
    return files;
  } finally {
    zip.close();
  }
}

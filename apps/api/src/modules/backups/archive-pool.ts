import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { type ArchiveLimits, BackupProblemError } from './archive';
import type { ArchiveMessage, ArchiveTask, ArchiveTaskResult } from './archive-worker';
import type { ArchiveSummary, WorkspaceData } from './format';
import type { ArchiveRow } from './registry';

// One worker thread checks archives (format.ts checkArchive in archive-worker.ts), so a large import or
// restore never blocks the event loop every tenant's requests share. One at a time: a second archive
// waits its turn, which also keeps memory at one archive's worth. The thread is started on first use
// and ends 5 s after its last archive: its heap (over 100 MiB after a 100,000-row archive) is only
// given back when it ends, and kept a minute it held the process's memory up long after a restore
// (docs/performance.md "Backups at 100k users").

// From the TypeScript sources (tsx, vitest) the worker is the .ts file beside this one, loaded through
// tsx; in the built API (one bundle, dist/server.js) it is dist/archive-worker.js (build.mjs).
const fromSource = import.meta.url.endsWith('.ts');
let pool: Piscina | undefined;
/** Enough for the largest archive the limits allow (about 100 MiB live at 100,000 rows with long keys). */
const workerHeapMb = 192;

function archivePool(): Piscina {
  pool ??= new Piscina({
    filename: new URL(fromSource ? './archive-worker.ts' : './archive-worker.js', import.meta.url).href,
    execArgv: fromSource ? ['--import', 'tsx'] : [],
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 5_000,
    // A small heap makes V8 collect each table's spent rows as it goes instead of growing toward its
    // default limit (gigabytes): the worker's memory stays near what is live (the sets of unique keys).
    resourceLimits: { maxOldGenerationSizeMb: workerHeapMb, maxYoungGenerationSizeMb: 16 },
  });
  return pool;
}

function shared(bytes: Buffer): SharedArrayBuffer {
  const copy = new SharedArrayBuffer(bytes.length);
  new Uint8Array(copy).set(bytes);
  return copy;
}

function refused(result: ArchiveTaskResult): asserts result is Extract<ArchiveTaskResult, { ok: true }> {
  if (!result.ok) throw new BackupProblemError(result.problem, result.params);
}

/** Checks an untrusted archive in the worker; answers what it holds (no rows) and the zip's SHA-256. */
export async function checkArchiveInWorker(
  bytes: Buffer,
  workspaceId: string,
  limits: ArchiveLimits,
): Promise<{ summary: ArchiveSummary; sha256: string }> {
  const task: ArchiveTask = { bytes: shared(bytes), workspaceId, limits };
  const result = (await archivePool().run(task)) as ArchiveTaskResult;
  refused(result);
  return { summary: result.summary, sha256: result.sha256 };
}

/**
 * Checks an untrusted archive in the worker (format.ts checkArchive) and answers all of its data: what
 * a restore writes. Throws BackupProblemError at the first problem. Rows arrive a batch per
 * message, the next asked for when the event loop has had its turn, so taking them in never blocks it
 * for long either.
 */
export async function readArchiveInWorker(
  bytes: Buffer,
  workspaceId: string,
  limits: ArchiveLimits,
): Promise<WorkspaceData & { globalKeys: ArchiveSummary['globalKeys'] }> {
  const tables = new Map<string, ArchiveRow[]>();
  const binaries = new Map<string, Map<string, Buffer>>();
  const { port1, port2 } = new MessageChannel();
  const received = new Promise<void>((resolve) => {
    port1.on('message', (message: ArchiveMessage) => {
      if ('done' in message) resolve();
      else if ('rows' in message) {
        const rows = tables.get(message.table);
        if (rows) for (const row of message.rows) rows.push(row);
        else tables.set(message.table, message.rows);
        // The next batch once the event loop has had its turn (archive-worker.ts waits for this).
        setImmediate(() => port1.postMessage({ next: true }));
      } else {
        const values = binaries.get(message.table) ?? new Map<string, Buffer>();
        const { buffer, byteOffset, byteLength } = message.binary;
        values.set(message.id, Buffer.from(buffer, byteOffset, byteLength));
        binaries.set(message.table, values);
      }
    });
  });
  try {
    const task: ArchiveTask = { bytes: shared(bytes), workspaceId, limits, port: port2 };
    const result = (await archivePool().run(task, { transferList: [port2] })) as ArchiveTaskResult;
    refused(result);
    await received;
    const { summary } = result;
    for (const name of Object.keys(summary.counts)) if (!tables.has(name)) tables.set(name, []);
    return {
      workspaceId,
      workspaceName: summary.workspaceName,
      createdDate: summary.createdDate,
      tables,
      binaries,
      // Gathered by the worker as JSON text: the restore's check for other workspaces' values
      // (repository.findForeignKeys) does no work over the rows on this thread.
      globalKeys: summary.globalKeys,
    };
  } finally {
    port1.close();
  }
}

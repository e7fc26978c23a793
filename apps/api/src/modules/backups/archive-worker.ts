import { createHash } from 'node:crypto';
import type { MessagePort } from 'node:worker_threads';
import type { BackupProblem, BackupProblemParams } from '@wsm/contracts';
import { type ArchiveLimits, BackupProblemError } from './archive';
import { type ArchiveSummary, checkArchive } from './format';
import type { ArchiveRow } from './registry';

// The archive worker thread (piscina, archive-pool.ts): checking an uploaded or stored archive takes
// seconds of CPU for a large one, and here it does not hold up the API's event loop. Its own module so
// the built API can bundle it as an entry point of its own (build.mjs).

export interface ArchiveTask {
  /** The zip, shared with the API's thread (copied there once, never again). */
  bytes: SharedArrayBuffer;
  workspaceId: string;
  limits: ArchiveLimits;
  /**
   * Present for a restore: rows and images are posted here as they are checked, then `{ done: true }`.
   * After each batch of rows the worker waits for `{ next: true }`: the API's thread takes in a message
   * at a time between its other work, instead of a backlog of them in one go.
   */
  port?: MessagePort;
}

/** A message on the task's port. */
export type ArchiveMessage =
  | { rows: ArchiveRow[]; table: string }
  | { binary: Buffer; table: string; id: string }
  | { done: true };

/** Errors lose their class between threads: a refusal comes back as data. */
export type ArchiveTaskResult =
  | { ok: true; summary: ArchiveSummary; sha256: string }
  | { ok: false; problem: BackupProblem; params: BackupProblemParams };

export default async function checkArchiveTask(task: ArchiveTask): Promise<ArchiveTaskResult> {
  const bytes = Buffer.from(task.bytes);
  const port = task.port;
  try {
    const summary = await checkArchive(bytes, task.workspaceId, task.limits, {
      rows: port
        ? (table, rows) => {
            const next = new Promise<void>((resolve) => port.once('message', () => resolve()));
            port.postMessage({ table, rows } satisfies ArchiveMessage);
            return next;
          }
        : undefined,
      binary: port
        ? (table, id, binary) => port.postMessage({ table, id, binary } satisfies ArchiveMessage)
        : undefined,
    });
    port?.postMessage({ done: true } satisfies ArchiveMessage);
    return { ok: true, summary, sha256: createHash('sha256').update(bytes).digest('hex') };
  } catch (error) {
    if (error instanceof BackupProblemError)
      return { ok: false, problem: error.problem, params: error.params };
    throw error;
  }
}

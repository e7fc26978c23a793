import type { ArchiveRow } from './registry';

// What reading an archive answers besides its rows (format.ts checkArchive).

/** The values of one global key of a table (TableEntry.globalKeys) in an archive. */
export interface GlobalKeyValues {
  table: string;
  column: string;
  caseInsensitive: boolean;
  /**
   * JSON arrays of at most globalKeyBatch values: one query each, short enough not to hold the embedded
   * database's one connection for long, and text that crosses threads in one copy.
   */
  batchesJson: string[];
}

const globalKeyBatch = 250;

/** Values in JSON arrays of at most globalKeyBatch (GlobalKeyValues.batchesJson). */
export function globalKeyBatches(values: string[]): string[] {
  const batches: string[] = [];
  for (let i = 0; i < values.length; i += globalKeyBatch)
    batches.push(JSON.stringify(values.slice(i, i + globalKeyBatch)));
  return batches;
}

/** What an archive holds, without its rows: enough to store it as an import. */
export interface ArchiveSummary {
  workspaceId: string;
  workspaceName: string;
  createdDate: string;
  counts: Record<string, number>;
  /** Ids, tokens and the workspace name: the service checks no other workspace holds any of them. */
  globalKeys: GlobalKeyValues[];
}

/** Where the checked rows and images go as they are read (a restore keeps them; an import does not). */
export interface ArchiveSink {
  /** Awaited before more rows are read: a slow taker holds the reader back. */
  rows?: (table: string, rows: ArchiveRow[]) => void | Promise<void>;
  binary?: (table: string, id: string, bytes: Buffer) => void;
}

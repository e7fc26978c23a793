import type { Db } from '../../db/types';
import { markUsed } from './repository';

// `lastUsedDate` without a write per request: each process notes a key's use at most once a minute and
// writes the noted keys in one statement every few seconds (and when it closes).

const resolutionMs = 60_000;

export class LastUsedTracker {
  /** keyId → when this process last noted a use. */
  private readonly noted = new Map<string, number>();
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly flushEveryMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** A request was made with the key; `storedMs` is the date the database held when the key was read. */
  used(keyId: string, storedMs: number | null): void {
    const at = this.now();
    const last = Math.max(this.noted.get(keyId) ?? 0, storedMs ?? 0);
    if (at - last < resolutionMs) return;
    if (this.noted.size > 100_000) this.noted.clear();
    this.noted.set(keyId, at);
    this.pending.add(keyId);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined);
    }, this.flushEveryMs).unref();
  }

  /** Writes the noted uses now. A database that is down loses them: a later use notes them again. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const ids = [...this.pending];
    this.pending = new Set();
    if (ids.length === 0) return;
    try {
      await markUsed(this.db, ids, new Date(this.now()));
    } catch {
      for (const id of ids) this.noted.delete(id);
    }
  }
}

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';

// What every authenticated tenant request would otherwise read from the database before its page:
// whether its session is alive, and the caller's membership with role and permissions. Both are kept
// in memory and dropped EXACTLY when they change: triggers in the database (migration
// 0018_auth_cache_invalidation) send a NOTIFY on commit of any write to sessions, members, roles, role
// permissions or workspaces, whichever process or script made it, and every process LISTENs. Also kept:
// API keys (migration 0022) and the applications' sign-in settings, the OpenID Connect clients (0028).
//
// - A read records the generation before it queries and stores its answer only if no message came in
//   meanwhile, so an answer read before a change can never be kept after it.
// - While the channel is down (the listening connection failed) messages may be lost: the cache is
//   bypassed (every request reads through) until it listens again, then it is cleared.
// - Entries also expire after maxAgeMs, a backstop that bounds any surprise, never the mechanism.

/** The NOTIFY channel the triggers of migration 0018 send to. */
export const authCacheChannel = 'wsm_auth_cache';

export interface CachedSession {
  userId: string;
  expiresMs: number;
  lastSeenMs: number;
}

type Lookup = 'hit' | 'miss' | 'bypass';
export type CacheName = 'session' | 'access' | 'apiKey' | 'client';

interface Entry<T> {
  value: T;
  storedMs: number;
}

export interface AuthCacheOptions {
  maxAgeMs?: number;
  /** Past this many entries (sessions and memberships each) the cache starts over, bounding memory. */
  maxEntries?: number;
  /** Told of every lookup, for the metrics. */
  onLookup?: (cache: CacheName, outcome: Lookup) => void;
  now?: () => number;
}

export class AuthCache<Access, Key = unknown, Client = unknown> {
  private readonly sessions = new Map<string, Entry<CachedSession>>();
  /** API keys by the hash of the key (only keys that exist; modules/api-keys). */
  private readonly keys = new Map<string, Entry<Key>>();
  /** OpenID Connect clients by client id (only enabled ones; modules/oidc/adapter.ts). */
  private readonly clients = new Map<string, Entry<Client>>();
  /** workspaceId → userId → the access (undefined: not a member). */
  private readonly access = new Map<string, Map<string, Entry<Access | undefined>>>();
  private accessCount = 0;
  private generation = 0;
  private up = false;
  /** The sync in flight, and the one the callers arriving meanwhile wait for. */
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  /** Syncs in flight: nonce → called on each answer. */
  private readonly acks = new Map<string, () => void>();
  /** Sends a message on the channel, and counts the connections listening to it (set once listening). */
  private send: ((message: string) => Promise<void>) | undefined;
  private countListeners: (() => Promise<number>) | undefined;
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly options: AuthCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  /** Whether lookups are served from memory (the channel is up). */
  get active(): boolean {
    return this.up;
  }

  /** The channel listens: whatever was kept may have missed messages, so start empty. */
  channelUp(): void {
    this.clear();
    this.up = true;
  }

  /** The channel is lost: read through until it is back. */
  channelDown(): void {
    this.up = false;
    this.clear();
  }

  /**
   * A message of the triggers: `s:<session id>`, `w:<workspace id>`, `k:<API key hash>` or
   * `c:<client id>`; anything else drops everything.
   */
  invalidate(message: string): void {
    if (message.startsWith('sync:')) {
      // Every process answers a sync once it has received it, and so everything committed before it.
      this.send?.(`ack:${message.slice(5)}`).catch(() => undefined);
      return;
    }
    if (message.startsWith('ack:')) {
      this.acks.get(message.slice(4))?.();
      return;
    }
    this.generation++;
    const id = message.slice(2);
    if (message.startsWith('s:')) this.sessions.delete(id);
    else if (message.startsWith('k:')) this.keys.delete(id);
    else if (message.startsWith('c:')) this.clients.delete(id);
    else if (message.startsWith('w:')) {
      this.accessCount -= this.access.get(id)?.size ?? 0;
      this.access.delete(id);
    } else this.clear();
  }

  /**
   * Resolves once every listening process has received every message committed before the call: it
   * sends a sync message, each listener answers it once received (a listener gets messages in commit
   * order), and this waits for as many answers as there are listening connections. A request that
   * changed something waits for this before it answers, so the caller's next request, to any process,
   * finds the change announced. Gives up after timeoutMs (a process that slow, or whose channel is lost,
   * is not waited for: the latter bypasses its cache anyway); never throws.
   */
  sync(timeoutMs = 1000): Promise<void> {
    // Callers share syncs: one already running may have been sent before the caller's change was
    // committed, so a caller waits for the next one, which every caller arriving meanwhile shares. At
    // most one runs at a time, whatever the rate of writes: each costs a few round trips to the database.
    if (!this.running) {
      this.running = this.syncOnce(timeoutMs).finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.next ??= this.running.then(() => {
      this.next = undefined;
      return this.sync(timeoutMs);
    });
    return this.next;
  }

  private async syncOnce(timeoutMs: number): Promise<void> {
    if (!this.up || !this.send || !this.countListeners) return;
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    let answers = 0;
    let expected = Number.POSITIVE_INFINITY;
    let done: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      done = resolve;
      timer = setTimeout(resolve, timeoutMs);
    });
    this.acks.set(nonce, () => {
      answers++;
      if (answers >= expected) done();
    });
    try {
      // Counted before sending: a listener that joins later starts with an empty cache anyway.
      expected = Math.max(1, await this.countListeners());
      if (answers >= expected) done();
      await this.send(`sync:${nonce}`);
      await answered;
    } catch {
      // The database is unreachable: the answer goes out as it is (the channel reports its own loss).
    } finally {
      clearTimeout(timer);
      this.acks.delete(nonce);
    }
  }

  /** Connects the cache to where it can send a message to every listener, itself included. */
  sendWith(send: (message: string) => Promise<void>, countListeners: () => Promise<number>): void {
    this.send = send;
    this.countListeners = countListeners;
  }

  clear(): void {
    this.generation++;
    this.sessions.clear();
    this.keys.clear();
    this.clients.clear();
    this.access.clear();
    this.accessCount = 0;
  }

  /** The API key of this hash as last read, or loads it (undefined: no such key, never kept). */
  apiKey(keyHash: string, load: () => Promise<Key | undefined>): Promise<Key | undefined> {
    return this.lookup('apiKey', this.keys.get(keyHash), load, ({ value, storedMs }) => {
      if (!value) return;
      if (this.keys.size >= this.maxEntries) this.keys.clear();
      this.keys.set(keyHash, { value, storedMs });
    });
  }

  /** The OpenID Connect client of this id as last read, or loads it (undefined: none or off, never kept). */
  client(clientId: string, load: () => Promise<Client | undefined>): Promise<Client | undefined> {
    return this.lookup('client', this.clients.get(clientId), load, ({ value, storedMs }) => {
      if (!value) return;
      if (this.clients.size >= this.maxEntries) this.clients.clear();
      this.clients.set(clientId, { value, storedMs });
    });
  }

  /** The session as last read, or loads it (undefined: not alive, never kept). */
  session(
    sessionId: string,
    load: () => Promise<CachedSession | undefined>,
  ): Promise<CachedSession | undefined> {
    return this.lookup('session', this.sessions.get(sessionId), load, ({ value, storedMs }) => {
      if (!value) return;
      if (this.sessions.size >= this.maxEntries) this.sessions.clear();
      this.sessions.set(sessionId, { value, storedMs });
    });
  }

  /** The session's last-seen time was moved (by this process): keep the entry in step. */
  sessionSeen(sessionId: string, atMs: number): void {
    const entry = this.sessions.get(sessionId);
    if (entry) entry.value = { ...entry.value, lastSeenMs: atMs };
  }

  /** The caller's access to a workspace as last read, or loads it. */
  membership(
    workspaceId: string,
    userId: string,
    load: () => Promise<Access | undefined>,
  ): Promise<Access | undefined> {
    return this.lookup('access', this.access.get(workspaceId)?.get(userId), load, (entry) => {
      if (this.accessCount >= this.maxEntries) {
        this.access.clear();
        this.accessCount = 0;
      }
      let members = this.access.get(workspaceId);
      if (!members) {
        members = new Map();
        this.access.set(workspaceId, members);
      }
      if (!members.has(userId)) this.accessCount++;
      members.set(userId, entry);
    });
  }

  /**
   * The `cached` entry while it is fresh, else what `load` reads, handed to `keep` unless the cache went
   * down or was cleared meanwhile (a read older than a clear must not be kept). Each lookup is counted.
   */
  private async lookup<T>(
    cache: CacheName,
    cached: Entry<T> | undefined,
    load: () => Promise<T>,
    keep: (entry: Entry<T>) => void,
  ): Promise<T> {
    if (!this.up) {
      this.options.onLookup?.(cache, 'bypass');
      return load();
    }
    if (cached && this.fresh(cached)) {
      this.options.onLookup?.(cache, 'hit');
      return cached.value;
    }
    this.options.onLookup?.(cache, 'miss');
    const generation = this.generation;
    const storedMs = this.now();
    const value = await load();
    if (this.up && generation === this.generation) keep({ value, storedMs });
    return value;
  }

  private fresh(entry: Entry<unknown>): boolean {
    return this.now() - entry.storedMs < this.maxAgeMs;
  }
}

/**
 * Connects a cache to the database's NOTIFY channel; answers the function that stops listening. Until
 * the channel listens the cache reads through.
 */
export async function listenForInvalidations(
  cache: AuthCache<unknown, unknown>,
  database: DatabaseHandle,
  log: { warn(object: unknown, message: string): void; info(message: string): void },
): Promise<() => Promise<void>> {
  let wasDown = false;
  cache.sendWith(
    async (message) => {
      await database.db.execute(sql`select pg_notify(${authCacheChannel}, ${message})`);
    },
    async () => {
      // PGlite is one process (its pg_stat_activity may not list itself): one listener, this one.
      if (database.kind === 'pglite') return 1;
      const result = await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and query = ${`LISTEN "${authCacheChannel}"`}`,
      );
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 1);
    },
  );
  const stop = await database.listen(authCacheChannel, {
    onMessage: (payload) => cache.invalidate(payload),
    onUp: () => {
      cache.channelUp();
      if (wasDown) log.info('auth cache: the invalidation channel is back; cache cleared and in use again');
    },
    onDown: (err) => {
      wasDown = true;
      cache.channelDown();
      log.warn({ err }, 'auth cache: invalidation channel lost; reading through until it is back');
    },
  });
  // Stopped (the app closes): read through from now on, and let no sync wait for this listener.
  return async () => {
    cache.channelDown();
    await stop();
  };
}

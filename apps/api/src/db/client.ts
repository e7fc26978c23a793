import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { PgliteWorkerData, PgliteWorkerMessage } from './pglite-worker';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Connections of the PostgreSQL pool: open, busy, and requests waiting for one. */
export interface PoolStats {
  total: number;
  inUse: number;
  waiting: number;
}

export interface DatabaseHandle {
  db: Database;
  /**
   * The webhook delivery worker's own connections (PostgreSQL: a small pool from the same settings), so
   * requests holding every connection of the main pool cannot starve deliveries. PGlite: the one
   * connection, its statements served before those of requests waiting for it.
   */
  workerDb: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: where the migrations and the LISTEN connection go (PostgreSQL itself, never a pooler). */
  directUrl?: string;
  /** Resolves when the database answers a trivial query within timeoutMs, rejects otherwise. */
  ping(timeoutMs: number): Promise<void>;
  /**
   * Connections of the PostgreSQL pool: open, busy and requests waiting for one. Undefined on PGlite,
   * whose one connection is all there is.
   */
  poolStats(): PoolStats | undefined;
  /**
   * Runs `job` only when no other process runs a job under the same lock, and answers whether it ran.
   * PostgreSQL: a transaction-scoped pg_try_advisory_xact_lock, taken in a transaction of its own that
   * stays open (idle, holding nothing but the lock) on one connection while `job` runs its short
   * statements on the pool, and ends with the job; the lock goes with the transaction, so a transaction
   * pooler (PgBouncer) may hand the connection to others afterwards, and a process that dies gives it
   * back. PGlite belongs to one process, so the job simply runs.
   */
  runExclusive(lockKey: number, job: () => Promise<void>): Promise<boolean>;
  /**
   * Receives the NOTIFY messages of `channel` (sent on commit, by this process or any other). `onUp` is
   * called once listening, `onDown` when the channel is lost (PostgreSQL: the listening connection
   * failed; it is reopened every second, and `onUp` is called again once it listens). Answers the
   * function that stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  onUp(): void;
  onDown(error: Error): void;
}

export interface DatabaseOptions {
  /** A PostgreSQL server, or a pooler in front of it; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL itself when databaseUrl names a pooler: the LISTEN connection and the migrations use it
   * (a transaction pooler keeps neither a LISTEN nor a session). Defaults to databaseUrl.
   */
  directUrl?: string | undefined;
  /**
   * 'transaction': databaseUrl is a pooler in transaction mode (PgBouncer's usual mode), which hands a
   * server connection to another client after every transaction. Named prepared statements are then
   * sent unnamed (parsed anew each time instead of once per connection): the pooler could run a named
   * one's Execute on a connection that never saw its Parse.
   */
  pooler?: 'none' | 'transaction';
  /** Folder of the embedded database; undefined keeps it in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
  /** Connections of the webhook delivery worker's own pool (PostgreSQL); default 2. */
  workerPoolSize?: number;
  /**
   * Told when an idle PostgreSQL connection fails (server restarted, network cut). The pool replaces it
   * and the next query reports any lasting problem; by default a line goes to the error output.
   */
  onPoolError?: (error: Error) => void;
}

const ignoreError = () => undefined;

const logPoolError = (error: Error) =>
  console.error(`PostgreSQL: an idle connection failed and will be replaced: ${error.message}`);

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A PostgreSQL pool with the process's guards: errors heard, statements unnamed behind a pooler. */
function openPool(options: DatabaseOptions, config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000, ...config });
  // An idle client losing its server must not crash the process (an 'error' event without a listener
  // would); it is logged, and the next query reports a lasting problem.
  pool.on('error', options.onPoolError ?? logPoolError);
  // The pool listens for errors on idle clients only. A checked-out one (inside a transaction, the
  // advisory-lock holder) whose server goes away emits 'error' too, and unheard that ends the process;
  // its query in flight, or its next one, fails anyway, and the pool drops it when it comes back.
  pool.on('connect', (client) => client.on('error', ignoreError));
  if (options.pooler === 'transaction') pool.on('connect', sendStatementsUnnamed);
  keepConnectionAfterRefusedStatement(pool);
  releaseOnFailedFirstStatement(pool);
  return pool;
}

/** Opens the embedded PGlite or a PostgreSQL pool; call once per process. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = openPool(options, { connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const workerPool = openPool(options, {
      connectionString: options.databaseUrl,
      max: options.workerPoolSize ?? 2,
    });
    const directUrl = options.directUrl ?? options.databaseUrl;
    return {
      db: drizzlePg(pool, { schema }) as unknown as Database,
      workerDb: drizzlePg(workerPool, { schema }) as unknown as Database,
      kind: 'postgres',
      directUrl,
      ping: (ms) => withTimeout(pool.query('select 1'), ms).then(() => undefined),
      poolStats: () => ({
        total: pool.totalCount,
        inUse: pool.totalCount - pool.idleCount,
        waiting: pool.waitingCount,
      }),
      async runExclusive(lockKey, job) {
        const holder = await pool.connect();
        let broken: Error | undefined;
        // A connection whose own statement fails is thrown away: closing it ends its transaction and lock.
        const onHolder = (statement: string, values?: unknown[]) =>
          holder.query<{ locked: boolean }>(statement, values).catch((error: Error) => {
            broken = error;
            throw error;
          });
        try {
          await onHolder('begin');
          const taken = await onHolder('select pg_try_advisory_xact_lock($1) as locked', [lockKey]);
          if (!taken.rows[0]?.locked) {
            await onHolder('commit');
            return false;
          }
          try {
            await job();
          } finally {
            await onHolder('commit').catch(() => undefined);
          }
          return true;
        } finally {
          holder.release(broken);
        }
      },
      listen: (channel, handlers) => listenOnPostgres(directUrl, channel, handlers),
      close: () => Promise.all([pool.end(), workerPool.end()]).then(() => undefined),
    };
  }
  return openPgliteOnItsThread(options);
}

// From the TypeScript sources (tsx, vitest) the worker is the .ts file beside this one, loaded through
// tsx; in the built API (one bundle, dist/server.js) it is dist/pglite-worker.js (build.mjs).
const fromSource = import.meta.url.endsWith('.ts');

/**
 * The embedded PGlite, run on a worker thread (pglite-worker.ts) and reached like PostgreSQL: node-postgres
 * over a Unix socket in a new folder only this user can enter. One connection, as PGlite is one session:
 * the pool queues the rest, and a transaction has the database to itself until it ends.
 */
async function openPgliteOnItsThread(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  await removeAbandonedSocketDirs();
  const socketDir = mkdtempSync(join(tmpdir(), socketDirPrefix));
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true });
  // A process that ends without closing the database (a test run, process.exit) leaves no folder behind.
  process.once('exit', removeSocketDir);
  const workerData: PgliteWorkerData = {
    dataDir: options.pgliteDir,
    socketPath: join(socketDir, '.s.PGSQL.5432'),
  };
  const workerUrl = new URL(fromSource ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);
  // tsx's import hooks do not reach a worker's modules here (Node 20), its require hook does: from the
  // sources the worker is required, as Piscina loads archive-worker.ts.
  const worker = fromSource
    ? new Worker(`require(${JSON.stringify(fileURLToPath(workerUrl))})`, {
        eval: true,
        execArgv: ['--require', 'tsx/cjs'],
        workerData,
      })
    : new Worker(workerUrl, { workerData });
  let closing = false;
  try {
    await workerReady(worker);
  } catch (error) {
    await worker.terminate();
    process.off('exit', removeSocketDir);
    removeSocketDir();
    throw error;
  }
  worker.on('error', (error) => console.error(`Embedded database: its thread failed: ${error.message}`));
  worker.on('exit', () => {
    if (!closing) console.error('Embedded database: its thread ended; every query fails until a restart');
  });

  const channels = new Map<string, Set<(payload: string) => void>>();
  const pool = openPool(options, {
    host: socketDir,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // The one connection is kept: opening it again would cost a startup for nothing.
    idleTimeoutMillis: 0,
  });
  // LISTEN belongs to PGlite's one session, which outlives any connection to it: every connection hears.
  pool.on('connect', (client) =>
    client.on('notification', (message) => {
      for (const onMessage of channels.get(message.channel) ?? []) onMessage(message.payload ?? '');
    }),
  );
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    // Behind a burst of changes, the delivery worker waited its turn for the one connection and fell
    // seconds behind (docs/performance.md, "Webhooks"): its statements go ahead.
    workerDb: drizzlePg(aheadOfWaiting(pool), { schema }) as unknown as Database,
    kind: 'pglite',
    ping: (ms) => withTimeout(pool.query('select 1'), ms).then(() => undefined),
    poolStats: () => undefined,
    async runExclusive(_lockKey, job) {
      await job();
      return true;
    },
    // One database in this process: nothing can cut the channel, so it is up from the start.
    async listen(channel, handlers) {
      const listeners = channels.get(channel) ?? new Set();
      channels.set(channel, listeners);
      const onMessage = (payload: string) => handlers.onMessage(payload);
      listeners.add(onMessage);
      if (listeners.size === 1) await pool.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      handlers.onUp();
      return async () => {
        listeners.delete(onMessage);
        if (listeners.size > 0 || closing) return;
        await pool.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closing = true;
      await pool.end();
      worker.postMessage('close');
      await once(worker, 'exit');
      process.off('exit', removeSocketDir);
      removeSocketDir();
    },
  };
}

const socketDirPrefix = 'wsm-pglite-';

/**
 * Socket folders left by processes that ended without their exit handler (SIGKILL, a crash) are removed:
 * those of this user, a minute old (a process starting now has not listened yet), where nothing answers.
 */
async function removeAbandonedSocketDirs(): Promise<void> {
  const ownUser = process.getuid?.();
  const folders = await readdir(tmpdir()).catch(() => []);
  for (const name of folders.filter((folder) => folder.startsWith(socketDirPrefix))) {
    const folder = join(tmpdir(), name);
    const about = await stat(folder).catch(() => undefined);
    if (!about?.isDirectory() || about.uid !== ownUser || Date.now() - about.mtimeMs < 60_000) continue;
    if (await answers(join(folder, '.s.PGSQL.5432'))) continue;
    await rm(folder, { recursive: true, force: true }).catch(() => undefined);
  }
}

function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function workerReady(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    worker.once('message', (message: PgliteWorkerMessage) =>
      message.ready ? resolve() : reject(new Error(`Embedded database: ${message.error}`)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`Embedded database: its thread ended (${code}) before it started`)),
    );
  });
}

/**
 * pg-pool's query() throws its connection away after any failed statement. A statement the database
 * refused (a duplicate key, a value out of range, a timeout) leaves the connection sound, and a new one
 * costs PostgreSQL a backend's start and the prepared statements again (on PGlite, a clean session):
 * that connection goes back to the pool. Any other failure (a lost connection, a shutdown) still drops it.
 */
function keepConnectionAfterRefusedStatement(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool);
  const query = pool.query.bind(pool);
  pool.query = ((...args: unknown[]) => {
    // A callback or a submittable (a cursor, a stream) takes pg-pool's own path.
    const ownPath = args.some(
      (arg) =>
        typeof arg === 'function' || typeof (arg as { submit?: unknown } | null)?.submit === 'function',
    );
    if (ownPath) return Reflect.apply(query, pool, args);
    return connect().then(async (client) => {
      try {
        const result: unknown = await Reflect.apply(client.query, client, args);
        client.release();
        return result;
      } catch (error) {
        client.release(refusedStatement(error) ? undefined : (error as Error));
        throw error;
      }
    });
  }) as typeof pool.query;
}

/**
 * The same pool, whose checkouts go ahead of those already waiting for a connection: pg-pool 3 serves
 * them in order from `_pendingQueue`, and a checkout that must wait is the last one there.
 */
function aheadOfWaiting(pool: pg.Pool): pg.Pool {
  const waiting = (pool as unknown as { _pendingQueue: unknown[] })._pendingQueue;
  const jump = <T>(checkout: () => Promise<T>): Promise<T> => {
    const before = waiting.length;
    const answer = checkout();
    if (waiting.length > before) waiting.unshift(waiting.pop());
    return answer;
  };
  const ahead = Object.create(pool) as pg.Pool;
  ahead.connect = (() => jump(() => pool.connect())) as pg.Pool['connect'];
  ahead.query = ((...args: unknown[]) =>
    jump(() => Reflect.apply(pool.query, pool, args))) as pg.Pool['query'];
  return ahead;
}

// SQLSTATE classes of a statement refused with the session unharmed: cardinality, data, integrity,
// transaction rollback (deadlock, serialization), syntax or access, object state (a lock not available),
// PL/pgSQL's raise; and 57014, a statement cancelled or timed out. Not 42P05, a statement name the
// session already holds: the client does not know it, so only a new connection ends the repeats.
const refusedClasses = new Set(['21', '22', '23', '40', '42', '55', 'P0']);
function refusedStatement(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError) || !error.code || error.code === '42P05') return false;
  return error.code === '57014' || refusedClasses.has(error.code.slice(0, 2));
}

/**
 * Drizzle's transactions (drizzle-orm 0.45, node-postgres session) run BEGIN before the try whose finally
 * releases the client: a BEGIN that fails, as when PostgreSQL has just gone away, keeps the client checked
 * out for good, and a few such failures exhaust the pool. So a client taken with pool.connect() goes back
 * (and, failed, is discarded) when the first statement of its checkout fails; a second release is ignored.
 */
function releaseOnFailedFirstStatement(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool);
  const guarded = (client: pg.PoolClient): pg.PoolClient => {
    const { release, query } = client;
    let released = false;
    client.release = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.query = query;
      release(error);
    };
    client.query = ((...args: unknown[]) => {
      client.query = query;
      const result: unknown = Reflect.apply(query, client, args);
      if (result instanceof Promise) result.catch((error: Error) => client.release(error));
      return result;
    }) as typeof client.query;
    return client;
  };
  // pool.query() passes a callback and releases its client itself.
  pool.connect = ((callback?: Parameters<typeof connect>[0]) =>
    callback ? connect(callback) : connect().then(guarded)) as typeof pool.connect;
}

/**
 * Behind a transaction pooler: every statement of this connection goes out unnamed. Drizzle's prepare()
 * names its statement (node-postgres then parses it once per connection and only binds it afterwards),
 * and a pooler in transaction mode may run that Bind on a server connection that never saw the Parse
 * ("prepared statement does not exist"). An unnamed statement is parsed, bound and run in one go.
 */
function sendStatementsUnnamed(client: pg.PoolClient): void {
  const query = client.query;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    // A plain query config only: a submittable (a cursor, a stream) is passed on as it is.
    const named = config as { name?: string; submit?: unknown } | null;
    if (named && typeof named === 'object' && named.name && typeof named.submit !== 'function') {
      const { name: _unnamed, ...unnamed } = named;
      return Reflect.apply(query, client, [unnamed, ...rest]);
    }
    return Reflect.apply(query, client, [config, ...rest]);
  }) as typeof client.query;
}

const relistenDelayMs = 1000;

/**
 * LISTEN on a connection of its own (LISTEN belongs to a session, so never a pooled one). When the
 * connection fails the channel is down until a new one listens again; messages sent in between are lost,
 * which is why the caller is told (onDown, then onUp).
 */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    let lost = false;
    const onLost = (error: Error) => {
      if (lost || stopped) return;
      lost = true;
      current = undefined;
      client.end().catch(() => {});
      handlers.onDown(error);
      timer = setTimeout(() => void connect(), relistenDelayMs);
      timer.unref();
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('the listening connection ended')));
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    handlers.onUp();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current?.end().catch(() => {});
  };
}

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client';

// A minimal PostgreSQL server: it accepts any login, answers every query with an empty result, and can
// drop its connections, as a restarted server or a cut network does.
const sockets = new Set<Socket>();
let dropBegin = false;
const server = createServer((socket) => {
  sockets.add(socket);
  socket.once('close', () => sockets.delete(socket));
  let started = false;
  socket.on('data', (chunk) => {
    if (!started) {
      started = true;
      // AuthenticationOk, then ReadyForQuery (idle).
      socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0, 0x5a, 0, 0, 0, 5, 0x49]));
      return;
    }
    // A query naming 'drop me', or any BEGIN or advisory lock while dropBegin is set, loses its
    // connection, as a server stopped under it.
    if (chunk.includes('drop me') || (dropBegin && /begin|pg_try_advisory/.test(chunk.toString()))) {
      socket.destroy();
      return;
    }
    // A simple query: EmptyQueryResponse, then ReadyForQuery.
    if (chunk[0] === 0x51) socket.write(Buffer.from([0x49, 0, 0, 0, 4, 0x5a, 0, 0, 0, 5, 0x49]));
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `postgres://user@127.0.0.1:${(server.address() as { port: number }).port}/db`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the PostgreSQL pool', () => {
  it('reports an idle connection that fails instead of dropping it silently', async () => {
    const failures: Error[] = [];
    const database = await openDatabase({ databaseUrl: url, onPoolError: (error) => failures.push(error) });
    try {
      await database.ping(5000);
      expect(sockets.size).toBe(1);
      for (const socket of sockets) socket.destroy();
      await vi.waitFor(() => expect(failures).toHaveLength(1));
      expect(failures[0]!.message).toMatch(/terminated/i);
    } finally {
      await database.close();
    }
  });

  it('logs such a failure by default', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const database = await openDatabase({ databaseUrl: url });
    try {
      await database.ping(5000);
      for (const socket of sockets) socket.destroy();
      await vi.waitFor(() =>
        expect(printed).toHaveBeenCalledWith(expect.stringMatching(/idle connection failed/)),
      );
    } finally {
      printed.mockRestore();
      await database.close();
    }
  });

  it('survives a connection lost inside a transaction: the transaction fails, the process goes on', async () => {
    // Unheard, the checked-out connection's 'error' would be an uncaught exception that ends the process.
    const database = await openDatabase({ databaseUrl: url, onPoolError: () => {} });
    try {
      const failed = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql.raw("select 'drop me'"));
        })
        .then(
          () => undefined,
          (error: Error) => error,
        );
      expect(failed).toBeInstanceOf(Error);
      // The pool opens a new connection for the next query.
      await database.ping(5000);
    } finally {
      await database.close();
    }
  });

  it('gives a client back when the BEGIN of its transaction fails, so the pool is not used up', async () => {
    const database = await openDatabase({ databaseUrl: url, poolSize: 1, onPoolError: () => {} });
    const once = () => database.db.transaction(async (tx) => void (await tx.execute(sql.raw('select 1'))));
    try {
      dropBegin = true;
      await expect(once()).rejects.toThrow();
      dropBegin = false;
      // With the one client kept checked out, this would wait for it until the pool gave up.
      await once();
      await database.ping(5000);
    } finally {
      dropBegin = false;
      await database.close();
    }
  });

  it('a background job whose lock cannot be taken fails without breaking the pool', async () => {
    const database = await openDatabase({ databaseUrl: url, poolSize: 1, onPoolError: () => {} });
    let ran = false;
    try {
      dropBegin = true;
      const job = async () => {
        ran = true;
      };
      await expect(database.runExclusive(1, job)).rejects.toThrow(/terminated/i);
      dropBegin = false;
      expect(ran).toBe(false);
      await database.ping(5000);
    } finally {
      dropBegin = false;
      await database.close();
    }
  });
});

// A statement failing as a lost connection does (class 08): the pool must not keep its connection.
const connectionLost = sql.raw(`do $$ begin raise exception 'cut' using errcode = '08006'; end $$`);

async function preparedNames(database: Awaited<ReturnType<typeof openDatabase>>): Promise<string[]> {
  const answer = await database.db.execute(sql`select name from pg_prepared_statements order by name`);
  return (answer as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
}

/** A process, its temp dir `tmp`, that opens the embedded database and exits without closing it. */
function openAndExit(tmp: string) {
  const client = new URL('./client.ts', import.meta.url).href;
  return spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `await (await import('${client}')).openDatabase({}); process.exit(0);`,
    ],
    { env: { ...process.env, TMPDIR: tmp }, encoding: 'utf8', timeout: 60_000 },
  );
}

describe('the embedded database', () => {
  it('runs a long statement on its own thread: timers of the API fire while it runs', async () => {
    const database = await openDatabase({});
    try {
      const order: string[] = [];
      const statement = database.db
        .execute(sql`select count(*) from generate_series(1, 3000000)`)
        .then(() => order.push('statement'));
      setTimeout(() => order.push('timer'), 20);
      await statement;
      expect(order).toEqual(['timer', 'statement']);
    } finally {
      await database.close();
    }
  });

  it('after a lost connection, still answers prepared statements and notifications', async () => {
    // A connection lost (here: an error of the connection class) is dropped; the next finds the same session.
    const database = await openDatabase({});
    const heard: string[] = [];
    try {
      await database.listen('client_test', {
        onMessage: (payload) => heard.push(payload),
        onUp() {},
        onDown() {},
      });
      await database.db.execute(sql`create table seats (id int primary key)`);
      await database.db.execute(sql`insert into seats values (1), (2)`);
      const above = database.db
        .select({ seats: sql<number>`count(*)::int` })
        .from(sql`seats`)
        .where(sql`id > ${sql.placeholder('id')}`)
        .prepare('seats_above');
      expect(await above.execute({ id: 0 })).toEqual([{ seats: 2 }]);
      await expect(database.db.execute(connectionLost)).rejects.toMatchObject({ cause: { code: '08006' } });
      expect(await preparedNames(database)).toEqual([]);
      expect(await above.execute({ id: 1 })).toEqual([{ seats: 1 }]);
      await database.db.execute(sql`select pg_notify('client_test', 'after')`);
      await vi.waitFor(() => expect(heard).toEqual(['after']));
    } finally {
      await database.close();
    }
  });

  it('keeps its connection, and its prepared statements, after a statement it refused', async () => {
    const database = await openDatabase({});
    try {
      await database.db.execute(sql`create table desks (id int primary key)`);
      const count = database.db
        .select({ desks: sql<number>`count(*)::int` })
        .from(sql`desks`)
        .prepare('desks_count');
      expect(await count.execute()).toEqual([{ desks: 0 }]);
      await database.db.execute(sql`insert into desks values (1)`);
      await expect(database.db.execute(sql`insert into desks values (1)`)).rejects.toMatchObject({
        cause: { code: '23505' },
      });
      // A new connection would have found the session cleared of them (pglite-worker.ts, startSession).
      expect(await preparedNames(database)).toEqual(['desks_count']);
    } finally {
      await database.close();
    }
  });

  it("serves the delivery worker's statements before the requests' waiting for the connection", async () => {
    const database = await openDatabase({});
    try {
      const served: string[] = [];
      let endTransaction = () => {};
      const held = new Promise<void>((resolve) => {
        endTransaction = resolve;
      });
      let begun = () => {};
      const holding = new Promise<void>((resolve) => {
        begun = resolve;
      });
      // A transaction has the one connection until it ends; everything else waits for it.
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        begun();
        await held;
      });
      await holding;
      const read = (db: typeof database.db, who: string) =>
        db.execute(sql`select 1`).then(() => void served.push(who));
      const reads = [read(database.db, 'request 1'), read(database.db, 'request 2')];
      reads.push(read(database.workerDb, 'worker'), read(database.db, 'request 3'));
      endTransaction();
      await Promise.all([transaction, ...reads]);
      expect(served).toEqual(['worker', 'request 1', 'request 2', 'request 3']);
    } finally {
      await database.close();
    }
  });

  it('keeps each listener of a channel hearing until it stops, whoever else stops', async () => {
    const database = await openDatabase({});
    const first: string[] = [];
    const second: string[] = [];
    const handlers = (heard: string[]) => ({
      onMessage: (payload: string) => heard.push(payload),
      onUp() {},
      onDown() {},
    });
    try {
      await database.listen('client_test', handlers(first));
      const stopSecond = await database.listen('client_test', handlers(second));
      await database.db.execute(sql`select pg_notify('client_test', 'both')`);
      await vi.waitFor(() => expect(second).toEqual(['both']));
      await stopSecond();
      await database.db.execute(sql`select pg_notify('client_test', 'first only')`);
      await vi.waitFor(() => expect(first).toEqual(['both', 'first only']));
      expect(second).toEqual(['both']);
    } finally {
      await database.close();
    }
  });

  it("removes the socket folders of processes that were killed, and no one else's", async () => {
    const ownTmp = mkdtempSync(join(tmpdir(), 'client-test-'));
    const live = createServer();
    try {
      const folder = (name: string, minutesOld: number) => {
        const path = join(ownTmp, name);
        mkdirSync(path);
        const then = new Date(Date.now() - minutesOld * 60_000);
        return { path, age: () => utimesSync(path, then, then) };
      };
      const killed = folder('wsm-pglite-killed', 5);
      const starting = folder('wsm-pglite-starting', 0);
      const listening = folder('wsm-pglite-listening', 5);
      await new Promise<void>((resolve) => live.listen(join(listening.path, '.s.PGSQL.5432'), resolve));
      for (const made of [killed, starting, listening]) made.age();
      const opened = openAndExit(ownTmp);
      expect(opened.status).toBe(0);
      expect(
        readdirSync(ownTmp)
          .filter((name) => name.startsWith('wsm-pglite-'))
          .sort(),
      ).toEqual(['wsm-pglite-listening', 'wsm-pglite-starting']);
    } finally {
      live.close();
      rmSync(ownTmp, { recursive: true, force: true });
    }
  });

  it('leaves no socket folder behind when its process ends without closing it', () => {
    const ownTmp = mkdtempSync(join(tmpdir(), 'client-test-'));
    try {
      const opened = openAndExit(ownTmp);
      expect(opened.stderr).toBe('');
      expect(opened.status).toBe(0);
      // tsx keeps its cache there too.
      expect(readdirSync(ownTmp).filter((name) => name.startsWith('wsm-pglite-'))).toEqual([]);
    } finally {
      rmSync(ownTmp, { recursive: true, force: true });
    }
  });
});

import { rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// The embedded database on a thread of its own, so its statements (tens of milliseconds during a restore)
// never hold the event loop every request shares. The API reaches it as it reaches PostgreSQL, with
// node-postgres over the wire protocol, through a Unix socket in a folder only this user can enter
// (client.ts). PGlite is one session: the socket's messages go to it as they come, one batch at a time.

export interface PgliteWorkerData {
  /** Folder of the database files; undefined keeps the database in memory. */
  dataDir: string | undefined;
  /** Where to listen: `<folder>/.s.PGSQL.5432`, the name node-postgres looks for in a socket folder. */
  socketPath: string;
}

export type PgliteWorkerMessage = { ready: true } | { ready: false; error: string };

const sslRequestCode = 80877103;
const terminate = 0x58; // 'X'

const { dataDir, socketPath } = workerData as PgliteWorkerData;
// pg_trgm backs the trigram indexes of the list searches (migration 0019), as on PostgreSQL.
const database = new PGlite({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });

// Every connection's batches run one after the other: PGlite has one session, and a batch is its unit.
let queue: Promise<unknown> = Promise.resolve();
function inTurn(work: () => Promise<void>): Promise<void> {
  const turn = queue.then(work);
  queue = turn.catch(() => undefined);
  return turn;
}

function serve(socket: Socket): void {
  socket.setNoDelay(true);
  let pending = Buffer.alloc(0);
  let started = false;
  let ended = false;
  // Each complete message goes to PGlite in arrival order; a partial one waits for the rest of its bytes.
  const takeMessages = (): Buffer[] => {
    const batches: Buffer[] = [];
    let start = 0;
    while (!ended) {
      if (!started) {
        if (pending.length - start < 8) break;
        const length = pending.readInt32BE(start);
        if (pending.length - start < length) break;
        if (pending.readInt32BE(start + 4) === sslRequestCode) socket.write('N');
        else {
          started = true;
          void inTurn(startSession);
          batches.push(pending.subarray(start, start + length));
        }
        start += length;
        continue;
      }
      let end = start;
      while (pending.length - end >= 5 && pending[end] !== terminate) {
        const length = 1 + pending.readInt32BE(end + 1);
        if (pending.length - end < length) break;
        end += length;
      }
      if (end > start) batches.push(pending.subarray(start, end));
      if (pending.length - end >= 5 && pending[end] === terminate) ended = true;
      start = end;
      break;
    }
    // The rest is copied out, so the chunk it came in can go.
    if (start > 0) pending = Buffer.from(pending.subarray(start));
    return batches;
  };
  socket.on('data', (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (const batch of takeMessages()) {
      void inTurn(() =>
        database.execProtocolRawStream(new Uint8Array(batch), {
          onRawData: (answer) => {
            if (!socket.destroyed) socket.write(Buffer.from(answer));
          },
        }),
      ).catch((error: Error) => socket.destroy(error));
    }
    if (ended) socket.end();
  });
  socket.on('error', () => undefined);
}

/**
 * A new connection gets the session as a new PostgreSQL connection would: outside any transaction the one
 * before it left open, and with none of its prepared statements, whose names the new client gives again.
 * (node-postgres drops a pool's connection after any failed query.) Listening stays, as the API wants.
 */
async function startSession(): Promise<void> {
  if (database.isInTransaction()) await database.exec('rollback');
  await database.exec('deallocate all');
}

const server = createServer(serve);
const failed = (error: Error) =>
  parentPort?.postMessage({ ready: false, error: error.message } satisfies PgliteWorkerMessage);
server.on('error', failed);
database.waitReady.then(() => {
  rmSync(socketPath, { force: true });
  server.listen(socketPath, () => parentPort?.postMessage({ ready: true } satisfies PgliteWorkerMessage));
}, failed);

// Asked to close: stop listening, let the statements already sent finish, then close the files.
parentPort?.on('message', (message: unknown) => {
  if (message !== 'close') return;
  server.close();
  void inTurn(() => database.close()).finally(() => parentPort?.close());
});

import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own (initdb into a temporary folder, a free port), for tests that stop
 * and start the database: the shared server is never touched.
 */
export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): Promise<void>;
  /** pg_ctl stop in the given mode: fast (sessions ended cleanly) or immediate (as a crash). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server if it runs and removes its folder. */
  remove(): Promise<void>;
}

/** The bin folder of the newest PostgreSQL installed the Debian way, or undefined. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/** A loopback port free at the time of asking. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Initialises and starts a cluster. PostgreSQL refuses to run as root: then it runs as the postgres user. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin');
  const folder = mkdtempSync(join(tmpdir(), 'wsm-own-pg-'));
  const data = join(folder, 'data');
  const asUser = userInfo().uid === 0 ? await postgresUser() : undefined;
  if (asUser) chownSync(folder, asUser.uid, asUser.gid);
  const pg = (tool: string, args: string[]) =>
    run(join(bin, tool), args, { ...(asUser ?? {}), cwd: folder, env: { PATH: process.env.PATH ?? '' } });
  await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  // Durability is not what these tests are about: no fsync keeps a busy machine's disk out of them.
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = async () => {
    await pg('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', join(folder, 'log'), '-o', options]);
  };
  let running = false;
  await start();
  running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => {
      await start();
      running = true;
    },
    stop: async (mode) => {
      await pg('pg_ctl', ['stop', '-w', '-t', '60', '-D', data, '-m', mode]);
      running = false;
    },
    remove: async () => {
      if (running) await pg('pg_ctl', ['stop', '-w', '-D', data, '-m', 'immediate']).catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

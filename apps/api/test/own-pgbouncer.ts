import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { output } from './child-process';
import { freePort } from './own-postgres';

/**
 * A PgBouncer of a test run's own in transaction mode (the mode of a real deployment, docs/deploy.md),
 * in front of the PostgreSQL server a URL names: every database of that server, under the same name.
 */
export interface OwnPgBouncer {
  /** `url` with its host and port replaced by the pooler's. */
  through(url: string): string;
  stop(): Promise<void>;
}

/** Whether the pgbouncer binary is installed (Debian: /usr/sbin/pgbouncer). */
export function pgBouncerInstalled(): boolean {
  try {
    execFileSync('pgbouncer', ['--version'], { stdio: 'ignore', env: pathWithSbin() });
    return true;
  } catch {
    return false;
  }
}

function pathWithSbin(): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${process.env.PATH ?? ''}:/usr/sbin:/usr/local/sbin` };
}

export async function startOwnPgBouncer(serverUrl: string): Promise<OwnPgBouncer> {
  const server = new URL(serverUrl);
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), 'wsm-pgbouncer-'));
  const config = join(folder, 'pgbouncer.ini');
  // auth_type any: the pooler logs in as the server URL's user whoever connects (loopback, tests only).
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || '5432'} user=${decodeURIComponent(server.username) || 'postgres'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      // Per database and user: a run's processes share these few server connections, as in production.
      'default_pool_size = 10',
      'max_client_conn = 400',
      'server_reset_query =',
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: then it runs as the postgres user (-u), which must read its config.
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(folder, uid, gid);
    chownSync(config, uid, gid);
  }
  const child: ChildProcess = spawn('pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), config], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: pathWithSbin(),
  });
  await output(child).until(/process up|listening on 127\.0\.0\.1/);
  return {
    through(url) {
      const pooled = new URL(url);
      pooled.hostname = '127.0.0.1';
      pooled.port = String(port);
      return pooled.toString();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

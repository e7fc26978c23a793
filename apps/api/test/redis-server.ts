import { type ChildProcess, spawn } from 'node:child_process';
import { output } from './child-process';
import { freePort } from './own-postgres';

// Tests that take Redis away start a redis-server of their own: the shared one is never stopped.

/** A redis-server of the test's own, on a free loopback port, that the test stops and starts again. */
export interface OwnRedis {
  url: string;
  /** Kills it (no goodbye to its clients, as a crash or a pulled cable) and waits until it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port and waits until it accepts connections. */
  start(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await output(child).until(/Ready to accept connections/);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const gone = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await gone;
    },
  };
}

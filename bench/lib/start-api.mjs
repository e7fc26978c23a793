import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mallocEnv } from '../../scripts/malloc-env.mjs';

const root = new URL('../..', import.meta.url).pathname;

/**
 * Starts `node <args>` in the repository root with only PATH and `env` in its environment, and waits
 * until it prints `pattern` (group 1: its port). Answers its URL and a stop().
 */
export async function spawnWaiting(args, env, pattern) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}):\n${output}`)));
  });
  // Keep draining its output (the API prints every code in local mode) so the pipe never fills.
  child.stdout.removeAllListeners('data').resume();
  child.stderr.removeAllListeners('data').resume();
  return {
    url,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/**
 * Starts the API on a free port and a fresh embedded database in a temp dir (or DATABASE_URL when set;
 * `env` may name another): apps/api/dist/server.js when `built` (it also serves the built web app), else
 * tsx on apps/api/src/server.ts. Answers its URL, its process id and a stop() that also removes the temp dir.
 */
export async function startApi({ built = true, env = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wsm-bench-'));
  // With the young generation and the malloc settings the deployment gives it (scripts/start.mjs,
  // docs/deploy.md).
  const entry = [
    '--max-semi-space-size=64',
    // More flags for the API, e.g. API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
    ...(process.env.API_NODE_ARGS ? process.env.API_NODE_ARGS.split(' ') : []),
    ...(built ? ['apps/api/dist/server.js'] : ['--import', 'tsx', 'apps/api/src/server.ts']),
  ];
  const api = await spawnWaiting(
    entry,
    {
      ...mallocEnv,
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    /running at http:\/\/\S+?:(\d+)\//,
  );
  return {
    url: api.url,
    pid: api.pid,
    stop: async () => {
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

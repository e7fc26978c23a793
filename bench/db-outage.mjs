// `npm run bench:db-outage`: what writing clients see when PostgreSQL goes away under load, and when the
// API is stopped under keep-alive load. Prints one table.
//
// Starts a PostgreSQL cluster of its own (initdb into a temp folder, a free port: the shared server is
// never stopped) and the API on it (tsx on apps/api/src/server.ts, or apps/api/dist/server.js with
// --built), signs an owner up, then runs 10 clients that each create and delete roles (transactions
// whose commits the auth cache hears) and read /readyz, one request after another on keep-alive
// connections, through each scenario:
//   - fast restart: `pg_ctl -m fast stop`, then start at once;
//   - immediate restart: `pg_ctl -m immediate stop` (as a crash), then start at once;
//   - 20 s outage: `pg_ctl -m fast stop`, 20 s, start;
//   - SIGTERM: the API is stopped while the clients keep writing.
// For each it counts answers by HTTP status, refused connections, requests reset (the connection closed
// under a request sent), whether the process exited, whether every 503 carried Retry-After, and how long
// after PostgreSQL was back the last failed answer came. A process that exits is started again for the
// next scenario. Benchmarks measure; they never fail on time.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { register } from 'tsx/esm/api';
import { randomDigits } from './lib/client.mjs';
import { signedInOwner } from './lib/signed-in.mjs';

register();
const { startOwnPostgres } = await import('../apps/api/test/own-postgres.ts');

const root = new URL('..', import.meta.url).pathname;
const useBuilt = process.argv.includes('--built');
const clients = 10;
const outageSeconds = Number(process.env.OUTAGE_SECONDS ?? 20);
// SCENARIOS=fast,immediate,outage,sigterm (all by default) runs some of them.
const only = (process.env.SCENARIOS ?? 'fast,immediate,outage,sigterm').split(',');

function startApi(databaseUrl, dataDir) {
  const entry = useBuilt ? ['apps/api/dist/server.js'] : ['--import', 'tsx', 'apps/api/src/server.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  const url = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /running at http:\/\/\S+?:(\d+)\//.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then(({ code }) => reject(new Error(`the API exited (${code}):\n${output}`)));
  });
  return { child, url, exited, output: () => output };
}

// Classifies a failed fetch: refused (nobody listens: a client or proxy may go elsewhere) or reset
// (the connection closed under a request already sent: the request's fate is unknown).
function failure(error) {
  const code = error?.cause?.code ?? error?.code;
  return code === 'ECONNREFUSED' ? 'refused' : 'reset';
}

/** Runs the clients until stop() is called; counts everything they see. */
function load(url, token, workspaceId) {
  const counts = new Map();
  const add = (key) => counts.set(key, (counts.get(key) ?? 0) + 1);
  let stopped = false;
  let lastFailureAt = 0;
  let missingRetryAfter = 0;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const one = async (method, path, body) => {
    try {
      const response = await fetch(url + path, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      add(String(response.status));
      if (response.status === 503 && !response.headers.get('retry-after') && path !== '/readyz')
        missingRetryAfter++;
      if (response.status >= 400) lastFailureAt = performance.now();
      return response.status === 200 ? JSON.parse(text).data : undefined;
    } catch (error) {
      add(failure(error));
      lastFailureAt = performance.now();
      // Nobody listening: do not spin.
      await sleep(20);
      return undefined;
    }
  };
  const client = async () => {
    while (!stopped) {
      const role = await one('POST', '/v1/workspaces/members/access/roles/', {
        workspaceId,
        name: `r-${randomDigits(12)}`,
        superAccess: false,
        permissionIds: [],
      });
      if (role?.id)
        await one('DELETE', '/v1/workspaces/members/access/roles/', { workspaceId, roleId: role.id });
      await one('GET', '/readyz');
    }
  };
  const running = Array.from({ length: clients }, client);
  return {
    counts,
    lastFailureAt: () => lastFailureAt,
    missingRetryAfter: () => missingRetryAfter,
    stop: async () => {
      stopped = true;
      await Promise.all(running);
    },
  };
}

// The error lines (pino level 50 and up) a process printed, for a scenario where it exited.
function errorLines(output) {
  const messages = new Set();
  for (const line of output.split('\n')) {
    const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);
    const message = /"message":"([^"]*)"/.exec(line)?.[1];
    const msg = /"msg":"([^"]*)"/.exec(line)?.[1];
    if (level >= 50) messages.add(message ? `${msg}: ${message}` : msg);
  }
  return [...messages].join(' | ');
}

const summary = (counts) =>
  [...counts]
    .sort()
    .map(([key, n]) => `${key}×${n}`)
    .join(' ');

const pg = await startOwnPostgres();
const dataDir = mkdtempSync(join(tmpdir(), 'wsm-bench-outage-'));
const rows = [];
let api = startApi(pg.url, dataDir);
try {
  let url = await api.url;
  let owner = await signedInOwner(url);
  const scenarios = [
    { key: 'fast', name: 'fast restart', mode: 'fast', downMs: 0 },
    { key: 'immediate', name: 'immediate restart', mode: 'immediate', downMs: 0 },
    { key: 'outage', name: `${outageSeconds} s outage`, mode: 'fast', downMs: outageSeconds * 1000 },
  ].filter((scenario) => only.includes(scenario.key));
  for (const scenario of scenarios) {
    if (api.child.exitCode !== null || api.child.signalCode !== null) {
      api = startApi(pg.url, dataDir);
      url = await api.url;
      owner = await signedInOwner(url);
    }
    let exit;
    api.exited.then((e) => {
      exit = e;
    });
    const clientsRun = load(url, owner.tokens.accessToken, owner.workspaceId);
    await sleep(2000);
    const stoppedAt = performance.now();
    await pg.stop(scenario.mode);
    await sleep(scenario.downMs);
    await pg.start();
    const backAt = performance.now();
    await sleep(5000);
    await clientsRun.stop();
    const lastFailure = clientsRun.lastFailureAt();
    rows.push({
      scenario: scenario.name,
      answers: summary(clientsRun.counts),
      'process exit': exit ? `code ${exit.code} after ${Math.round(exit.at - stoppedAt)} ms` : 'no',
      '503 without Retry-After': clientsRun.missingRetryAfter(),
      'last failure after PG back (ms)': exit
        ? 'never served again'
        : Math.max(0, Math.round(lastFailure - backAt)),
    });
    if (exit) console.log(`${scenario.name}: the process exited: ${errorLines(api.output())}`);
  }

  // SIGTERM under keep-alive load.
  if (only.includes('sigterm')) {
    if (api.child.exitCode !== null || api.child.signalCode !== null) {
      api = startApi(pg.url, dataDir);
      url = await api.url;
      owner = await signedInOwner(url);
    }
    const clientsRun = load(url, owner.tokens.accessToken, owner.workspaceId);
    await sleep(2000);
    const signalledAt = performance.now();
    api.child.kill('SIGTERM');
    const exit = await api.exited;
    await clientsRun.stop();
    rows.push({
      scenario: 'SIGTERM',
      answers: summary(clientsRun.counts),
      'process exit': `code ${exit.code} after ${Math.round(exit.at - signalledAt)} ms`,
      '503 without Retry-After': clientsRun.missingRetryAfter(),
      'last failure after PG back (ms)': '',
    });
    if (exit.code !== 0) console.log(`SIGTERM: ${errorLines(api.output())}`);
  }
} finally {
  if (api.child.exitCode === null && api.child.signalCode === null) {
    api.child.kill('SIGTERM');
    await api.exited;
  }
  await pg.remove();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nDatabase outage and shutdown, ${clients} writing clients, API ${useBuilt ? 'built' : 'tsx'}:`);
console.table(rows);
if (process.env.SHOW_OUTPUT) console.log(api.output());

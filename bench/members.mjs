// `npm run bench:members`: throughput and latency of the hottest workspace list routes, printed as one table.
//
// Starts the API (tsx on apps/api/src/server.ts, or apps/api/dist/server.js with --built) on a fresh
// embedded database in a temp dir, or on DATABASE_URL when set. Signs an owner and MEMBERS (default 60)
// people up through the API and the development outbox, creates a workspace, invites every person by
// username with a role and accepts, then drives with autocannon (10 connections, BENCH_SECONDS each):
//   - GET /healthz, for reference;
//   - GET /v1/workspaces/members/identity/workspace-id/{id}/ page 1 of 20 (auth + tenant guard + the
//     members page with roles and names + the count): the list every settings screen opens;
//   - the same with ?search= (ILIKE over names and usernames);
//   - GET /v1/workspaces/users/identity/workspace-id/{id}/ (the directory page);
//   - GET /v1/workspaces/ (the caller's workspaces, read on every start-up).
// Rate limits are raised with RATE_LIMIT_MULTIPLIER (honoured only outside production). Benchmarks
// measure; they never fail on time.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const root = new URL('..', import.meta.url).pathname;
const useBuilt = process.argv.includes('--built');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const memberCount = Number(process.env.MEMBERS ?? 60);
const connections = 10;

function randomDigits(n) {
  return Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
}
function randomNationalCode() {
  for (;;) {
    const digits = randomDigits(9);
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(digits[i]) * (10 - i);
    const r = sum % 11;
    const code = digits + String(r < 2 ? r : 11 - r);
    if (!/^(\d)\1{9}$/.test(code)) return code;
  }
}

async function startApi() {
  const dataDir = mkdtempSync(join(tmpdir(), 'wsm-bench-'));
  const entry = useBuilt ? ['apps/api/dist/server.js'] : ['--import', 'tsx', 'apps/api/src/server.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /running at http:\/\/\S+?:(\d+)\//.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`API exited (${code}):\n${output}`)));
  });
  child.stdout.removeAllListeners('data').resume();
  child.stderr.removeAllListeners('data').resume();
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop, database: process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite' };
}

async function call(url, method, path, body, token) {
  const response = await fetch(url + path, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.json();
}

function expectOk(answer, what) {
  if (answer.statusCode !== 200) throw new Error(`${what}: ${JSON.stringify(answer)}`);
  return answer.data;
}

async function signUp(url, index) {
  const phone = `0912${randomDigits(7)}`;
  const username = `bench_${index}_${randomDigits(5)}`;
  const start = expectOk(
    await call(url, 'POST', '/v1/auth/identity/signup/2fa/phone/', {
      phone,
      nationalCode: randomNationalCode(),
    }),
    'sign-up',
  );
  const outbox = await call(url, 'GET', `/dev/outbox?to=${phone}`);
  const { signupToken } = start;
  await call(url, 'POST', '/v1/auth/identity/signup/2fa/verify/', { signupToken, code: outbox.data[0].code });
  const done = expectOk(
    await call(url, 'POST', '/v1/auth/identity/signup/2fa/password/', {
      signupToken,
      password: 'Bench-Password-2024!',
      username,
      firstName: `Name${index}`,
      lastName: `Family${index}`,
    }),
    'sign-up password',
  );
  return { username, token: done.accessToken };
}

async function inBatches(count, size, make) {
  const out = [];
  for (let i = 0; i < count; i += size)
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))),
    );
  return out;
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration: seconds, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

function counter() {
  const seen = new Map();
  return {
    onResponse: (_status, body) => {
      let code = 'unreadable';
      try {
        code = String(JSON.parse(body).statusCode ?? 'none');
      } catch {}
      seen.set(code, (seen.get(code) ?? 0) + 1);
    },
    summary: () => [...seen].map(([code, n]) => `${code}×${n}`).join(' '),
  };
}

function row(name, result, bodies) {
  return {
    route: name,
    requests: result.requests.total,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    errors: result.errors + result.timeouts,
    'body codes': bodies ?? (result.non2xx ? `non-2xx×${result.non2xx}` : 'HTTP 200'),
  };
}

async function measure(url, name, path, token) {
  const seen = counter();
  const result = await run({
    url,
    requests: [
      { method: 'GET', path, headers: { authorization: `Bearer ${token}` }, onResponse: seen.onResponse },
    ],
  });
  return row(name, result, seen.summary());
}

const api = await startApi();
try {
  const owner = await signUp(api.url, 'owner');
  const workspace = expectOk(
    await call(
      api.url,
      'POST',
      '/v1/workspaces/',
      { workspaceName: `bench-${randomDigits(6)}`, name: 'Bench' },
      owner.token,
    ),
    'create workspace',
  );
  const role = expectOk(
    await call(
      api.url,
      'POST',
      '/v1/workspaces/members/access/roles/',
      { workspaceId: workspace.id, name: 'Staff', permissionIds: ['tenant_profile_read'] },
      owner.token,
    ),
    'create role',
  );
  const people = await inBatches(memberCount, 6, (i) => signUp(api.url, i));
  await inBatches(people.length, 6, async (i) => {
    const invitation = expectOk(
      await call(
        api.url,
        'POST',
        '/v1/workspaces/members/identity/invitations/',
        { workspaceId: workspace.id, roleId: role.id, username: people[i].username },
        owner.token,
      ),
      'invite',
    );
    expectOk(
      await call(
        api.url,
        'POST',
        '/v1/workspaces/members/identity/invitations/response/',
        { invitationId: invitation.id, accept: true },
        people[i].token,
      ),
      'accept',
    );
  });

  const rows = [];
  const health = await run({ url: `${api.url}/healthz` });
  rows.push(row('GET /healthz', health));
  const id = workspace.id;
  rows.push(
    await measure(
      api.url,
      'members page (20)',
      `/v1/workspaces/members/identity/workspace-id/${id}/?page=1&pageSize=20`,
      owner.token,
    ),
  );
  rows.push(
    await measure(
      api.url,
      'members ?search=',
      `/v1/workspaces/members/identity/workspace-id/${id}/?search=Name1`,
      owner.token,
    ),
  );
  rows.push(
    await measure(
      api.url,
      'directory page (20)',
      `/v1/workspaces/users/identity/workspace-id/${id}/`,
      owner.token,
    ),
  );
  rows.push(await measure(api.url, 'my workspaces', '/v1/workspaces/', people[0].token));

  console.log(
    `\nWorkspace lists, ${api.database}, ${memberCount + 1} members, ${connections} connections, ` +
      `${cpus().length} CPU(s), ${useBuilt ? 'built bundle' : 'tsx'}, RATE_LIMIT_MULTIPLIER=100000`,
  );
  console.table(rows);
} finally {
  await api.stop();
}

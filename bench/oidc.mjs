// `npm run bench:oidc`: "sign in with the workspace" beside the product's own token renewal, one run.
//
// Starts the API (tsx on apps/api/src/server.ts, or apps/api/dist/server.js with --built) on a fresh
// embedded database, or on DATABASE_URL when set; an owner registers a confidential client, then
// autocannon (10 connections) drives, in order:
//   - GET /healthz, the bare route, for reference;
//   - the product's token renewal, POST /v1/auth/identity/security/tokens/renew/, over 10 sessions;
//   - authorization-code exchanges, POST /oidc/token (grant_type=authorization_code, PKCE, client
//     secret): a pool of codes is made first through the browser flow (each code is used once and lives
//     60 s, so the pool is what ~BENCH_SECONDS of 8 browsers give);
//   - refresh grants, POST /oidc/token (grant_type=refresh_token), each refresh token presented once and
//     the new one queued again;
//   - userinfo, GET /oidc/me with the access tokens the refresh grants gave.
// Goal (docs/performance.md): refresh grants at least half the product's renewals per second.
// Each step also gives the CPU it cost per request (Linux: /proc), the API process's and, on PostgreSQL,
// that of the database's server processes: on a loaded machine that moves less than req/s does.
//
// On PostgreSQL give a fresh database each run: the signing keys are sealed with the run's temporary
// secret, so a database kept from another run has keys this run cannot open.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { call, signUp } from './lib/client.mjs';
import { signedInOwner } from './lib/signed-in.mjs';
import { startApi } from './lib/start-api.mjs';

const useBuilt = process.argv.includes('--built');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;
const redirectUri = 'http://127.0.0.1:9/callback';

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** CPU milliseconds a process has used (utime + stime), 0 when unknown (not Linux, gone). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of proc_pid_stat(5), in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The database's server processes (PostgreSQL), but for this bench's own connection. */
const database = process.env.DATABASE_URL ? new pg.Client(process.env.DATABASE_URL) : undefined;
async function databasePids() {
  if (!database) return [];
  const { rows } = await database.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.map((r) => r.pid);
}

/** Runs a step and measures the CPU it took: the API's, and the database server processes'. */
async function measured(options) {
  const before = new Map((await databasePids()).map((pid) => [pid, cpuMs(pid)]));
  const apiBefore = cpuMs(api.pid);
  const result = await run(options);
  const apiMs = cpuMs(api.pid) - apiBefore;
  let dbMs = 0;
  for (const pid of await databasePids()) dbMs += cpuMs(pid) - (before.get(pid) ?? 0);
  return Object.assign(result, { cpu: { apiMs, dbMs } });
}

function row(name, result) {
  const total = result.requests.total || 1;
  return {
    step: name,
    requests: result.requests.total,
    'req/s': Math.round(result.requests.average),
    'API CPU ms/req': Number((result.cpu.apiMs / total).toFixed(2)),
    ...(database ? { 'DB CPU ms/req': Number((result.cpu.dbMs / total).toFixed(2)) } : {}),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.timeouts,
    'HTTP 2xx': result['2xx'],
    'non-2xx': result.non2xx,
  };
}

/** One code through the browser flow: /oidc/auth with the product's cookie, the interaction, the resume. */
async function code(url, clientId, accessToken) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid workspace offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
  });
  const cookies = new Map([['accessToken', accessToken]]);
  let next = `${url}/oidc/auth?${query}`;
  for (let hops = 0; hops < 8; hops++) {
    const answer = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), accept: 'text/html' },
    });
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = answer.headers.get('location');
    if (!location) throw new Error(`no redirect: ${answer.status} ${await answer.text()}`);
    const target = new URL(location, next);
    if (target.href.startsWith(redirectUri)) {
      const value = target.searchParams.get('code');
      if (!value) throw new Error(`no code: ${target}`);
      return { code: value, verifier };
    }
    next = `${url}${target.pathname}${target.search}`;
  }
  throw new Error('too many redirects');
}

const api = await startApi({ built: useBuilt, env: { RATE_LIMIT_MULTIPLIER: '100000' } });
const databaseName = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
await database?.connect();
try {
  const owner = await signedInOwner(api.url);
  const application = await call(
    api.url,
    'POST',
    '/v1/workspaces/profile/applications/',
    { workspaceId: owner.workspaceId, key: 'bench', name: 'Bench' },
    owner.tokens.accessToken,
  );
  const signIn = await call(
    api.url,
    'PUT',
    '/v1/workspaces/profile/applications/sign-in/',
    {
      workspaceId: owner.workspaceId,
      applicationId: application.data.id,
      enabled: true,
      clientType: 'confidential',
      redirectUris: [redirectUri],
      postLogoutRedirectUris: [],
    },
    owner.tokens.accessToken,
  );
  const { clientId, clientSecret } = signIn.data;
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
  const form = { 'content-type': 'application/x-www-form-urlencoded', authorization: basic };
  const rows = [];

  rows.push(row('GET /healthz', await measured({ url: `${api.url}/healthz`, duration: seconds })));

  // The product's renewal, each refresh token presented once and the new one queued again.
  const people = await Promise.all(Array.from({ length: connections }, () => signUp(api.url)));
  const productQueue = people.map((person) => person.tokens.refreshToken);
  const renew = await measured({
    url: api.url,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/v1/auth/identity/security/tokens/renew/',
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refreshToken: productQueue.shift() }),
        }),
        onResponse: (_status, body) => {
          const token = JSON.parse(body).data?.refreshToken;
          if (token) productQueue.push(token);
        },
      },
    ],
  });
  rows.push(row('product token renewal', renew));

  // A pool of codes, made by 8 browsers for a while (they live 60 s), after one that makes the provider.
  const pool = [await code(api.url, clientId, owner.tokens.accessToken)];
  const deadline = performance.now() + Math.min(seconds, 20) * 1000;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < deadline || pool.length < 4 * connections)
        pool.push(await code(api.url, clientId, owner.tokens.accessToken));
    }),
  );
  let nextCode = 0;
  const refreshQueue = [];
  const accessTokens = [];
  const exchange = await measured({
    url: api.url,
    amount: pool.length,
    requests: [
      {
        method: 'POST',
        path: '/oidc/token',
        setupRequest: (request) => {
          const { code: value, verifier } = pool[nextCode++ % pool.length];
          return {
            ...request,
            headers: form,
            body: new URLSearchParams({
              grant_type: 'authorization_code',
              code: value,
              redirect_uri: redirectUri,
              code_verifier: verifier,
            }).toString(),
          };
        },
        onResponse: (_status, body) => {
          const answer = JSON.parse(body);
          if (answer.refresh_token) refreshQueue.push(answer.refresh_token);
        },
      },
    ],
  });
  rows.push(row(`authorization-code exchange (${pool.length} codes)`, exchange));

  const refresh = await measured({
    url: api.url,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/oidc/token',
        setupRequest: (request) => ({
          ...request,
          headers: form,
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: refreshQueue.shift(),
          }).toString(),
        }),
        onResponse: (_status, body) => {
          const answer = JSON.parse(body);
          if (answer.refresh_token) refreshQueue.push(answer.refresh_token);
          if (answer.access_token && accessTokens.length < 1000) accessTokens.push(answer.access_token);
        },
      },
    ],
  });
  rows.push(row(`refresh grant (${refreshQueue.length} grants' tokens)`, refresh));

  let nextToken = 0;
  const userinfo = await measured({
    url: api.url,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path: '/oidc/me',
        setupRequest: (request) => ({
          ...request,
          headers: { authorization: `Bearer ${accessTokens[nextToken++ % accessTokens.length]}` },
        }),
      },
    ],
  });
  rows.push(row('userinfo', userinfo));

  console.log(
    `\nSign in with the workspace, ${databaseName}, ${connections} connections, ${cpus().length} CPU(s), ` +
      `${useBuilt ? 'built bundle' : 'tsx'}, RATE_LIMIT_MULTIPLIER=100000`,
  );
  console.table(rows);
  const ratio = refresh.requests.average / renew.requests.average;
  console.log(`refresh grants / product renewals: ${ratio.toFixed(2)} (goal ≥ 0.5)`);
  const cpuOf = (result) => result.cpu.apiMs + result.cpu.dbMs;
  const cpuRatio = cpuOf(renew) / renew.requests.total / (cpuOf(refresh) / refresh.requests.total);
  console.log(`the same by CPU per request (API${database ? ' + database' : ''}): ${cpuRatio.toFixed(2)}`);
} finally {
  await database?.end();
  await api.stop();
}

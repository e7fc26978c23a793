// `npm run bench:identity`: throughput and latency of the identity hot paths, printed as one table.
//
// Starts the API (tsx on apps/api/src/server.ts, or apps/api/dist/server.js with --built) on a fresh
// embedded database in a temp dir, or on DATABASE_URL when set, signs a user up through the API and the
// development outbox, then drives with autocannon (10 connections):
//   - GET /healthz, for reference (no database, no crypto);
//   - the login step, POST /v1/auth/identity/login/national-code/ (one argon2id verification, a challenge
//     row, a code "sent" through the log provider) for ~10 s;
//   - the verify step, POST /v1/auth/identity/login/2fa/verify/ (code check, session row, JWT): each
//     request needs a fresh challenge, so a pool is prepared first (as many as ~10 s of login steps
//     give) and spent once;
//   - token renewal, POST /v1/auth/identity/security/tokens/renew/ for ~10 s over the sessions the verify
//     step gave, each refresh token presented once and the new one queued again (goal: ≥ 1,000
//     renewals/s; login steps ≥ 100/s).
// Rate limits are raised with RATE_LIMIT_MULTIPLIER (honoured only outside production; the defaults
// are untouched). Benchmarks measure; they never fail on time.
import { cpus } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { call, latestCode, signUp } from './lib/client.mjs';
import { startApi } from './lib/start-api.mjs';

const useBuilt = process.argv.includes('--built');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

// Counts the body statusCode of each answer, so a table never hides a 260 or a 620.
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
    step: name,
    requests: result.requests.total,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    errors: result.errors + result.timeouts,
    'body codes': bodies ?? (result.non2xx ? `non-2xx×${result.non2xx}` : 'HTTP 200'),
  };
}

async function argon2Figures() {
  const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
  const stored = await hash('Bench-Password-2024!', options);
  const times = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await verify(stored, 'Bench-Password-2024!');
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[10], p99: times.at(-1) };
}

const api = await startApi({ built: useBuilt, env: { RATE_LIMIT_MULTIPLIER: '100000' } });
const databaseName = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
try {
  const user = await signUp(api.url);
  const rows = [];

  const health = await run({ url: `${api.url}/healthz`, duration: seconds });
  rows.push(row('GET /healthz', health));

  const loginBody = JSON.stringify({ nationalCode: user.nationalCode, password: user.password });
  const loginCounter = counter();
  const login = await run({
    url: api.url,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/v1/auth/identity/login/national-code/',
        headers: { 'content-type': 'application/json' },
        body: loginBody,
        onResponse: loginCounter.onResponse,
      },
    ],
  });
  rows.push(row('login step (630)', login, loginCounter.summary()));

  // Verify pool: parallel workers, each with its own user, so each newest outbox code matches its token.
  const workers = await Promise.all(Array.from({ length: 8 }, () => signUp(api.url)));
  const pool = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    workers.map(async (worker) => {
      while (performance.now() < deadline) {
        const step = await call(api.url, 'POST', '/v1/auth/identity/login/national-code/', {
          nationalCode: worker.nationalCode,
          password: worker.password,
        });
        if (step.statusCode !== 630) throw new Error(`login step: ${JSON.stringify(step)}`);
        pool.push({ token: step.data.accessToken, code: await latestCode(api.url, worker.phone) });
      }
    }),
  );
  let next = 0;
  const verifyCounter = counter();
  // Each verified login gives a session whose refresh token the renewal step below spends once.
  const refreshTokens = [];
  const keepRefreshToken = (_status, body) => {
    try {
      const token = JSON.parse(body).data?.refreshToken;
      if (token) refreshTokens.push(token);
    } catch {}
  };
  const verifyResult = await run({
    url: api.url,
    amount: pool.length,
    requests: [
      {
        method: 'POST',
        path: '/v1/auth/identity/login/2fa/verify/',
        setupRequest: (request) => {
          const pair = pool[next++ % pool.length];
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${pair.token}` },
            body: JSON.stringify({ code: pair.code }),
          };
        },
        onResponse: (status, body) => {
          verifyCounter.onResponse(status, body);
          keepRefreshToken(status, body);
        },
      },
    ],
  });
  rows.push(row(`verify step (${pool.length} challenges)`, verifyResult, verifyCounter.summary()));

  // Renewal for the same ~10 s: each refresh token is presented once (it rotates), and the one its answer
  // gives goes back in the queue, as every tab does every ~13 minutes with its own session.
  const refreshQueue = [...refreshTokens];
  const renewCounter = counter();
  const renewResult = await run({
    url: api.url,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/v1/auth/identity/security/tokens/renew/',
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refreshToken: refreshQueue.shift() }),
        }),
        onResponse: (status, body) => {
          renewCounter.onResponse(status, body);
          try {
            const token = JSON.parse(body).data?.refreshToken;
            if (token) refreshQueue.push(token);
          } catch {}
        },
      },
    ],
  });
  rows.push(row(`token renewal (${refreshTokens.length} sessions)`, renewResult, renewCounter.summary()));

  const argon = await argon2Figures();
  console.log(
    `\nIdentity API, ${databaseName}, ${connections} connections, ${cpus().length} CPU(s), ` +
      `${useBuilt ? 'built bundle' : 'tsx'}, RATE_LIMIT_MULTIPLIER=100000`,
  );
  console.table(rows);
  console.log(
    `argon2id (m=19 MiB, t=2, p=1) one verification in this process: p50 ${argon.p50.toFixed(1)} ms, ` +
      `max ${argon.p99.toFixed(1)} ms. The login step is bound by it: at most ~${Math.round(
        (1000 / argon.p50) * Math.min(cpus().length, 4),
      )} verifications/s on ${Math.min(cpus().length, 4)} libuv threads.`,
  );
} finally {
  await api.stop();
}

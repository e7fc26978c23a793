// `npm run bench:webhooks`: EVENTS (default 2,000) audited changes delivered as signed webhooks to a
// receiver on loopback, on the embedded PGlite and on PostgreSQL (DATABASE_URL names a server; a
// database of the bench's own is created there and dropped). Prints deliveries per second (first
// commit to last receipt) and the lag from each change's commit to its receipt (p50, p99, max).
//
// Runs the API in this process (apps/api/src through tsx; the script restarts itself with --import
// tsx): the real app with its delivery worker, woken by NOTIFY. Each change is an audit entry written
// by recordAudit in a transaction of its own, PRODUCERS (default 8) at a time, as concurrent requests
// would; the receiver (RECEIVER_PORT, default a free port) answers 204 and checks every signature
// with standardwebhooks.
// Benchmarks measure; they never fail on time.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
if (!process.env.WSM_BENCH_CHILD) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WSM_BENCH_CHILD: '1' },
  });
  process.exit(result.status ?? 1);
}

const { mkdtempSync, rmSync } = await import('node:fs');
const { createServer } = await import('node:http');
const { cpus, tmpdir } = await import('node:os');
const { join } = await import('node:path');
const pg = (await import('pg')).default;
const { Webhook } = await import('standardwebhooks');
const { uuidv7 } = await import('uuidv7');
const { loadConfig } = await import('../apps/api/src/config.ts');
const { openDatabase } = await import('../apps/api/src/db/client.ts');
const { runMigrations } = await import('../apps/api/src/db/migrate.ts');
const { appDeps, serveOnLoopback } = await import('../apps/api/test/http-app.ts');
const { recordAudit } = await import('../apps/api/src/modules/audit/record.ts');
const { workspaces } = await import('../apps/api/src/modules/workspaces/schema.ts');
const { webhooks } = await import('../apps/api/src/modules/webhooks/schema.ts');
const { newWebhookSecret, sealWebhookSecret } = await import('../apps/api/src/modules/webhooks/runtime.ts');

const eventCount = Number(process.env.EVENTS ?? 2_000);
const producers = Number(process.env.PRODUCERS ?? 8);
const receiverPort = Number(process.env.RECEIVER_PORT ?? 0);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** Starts the receiver: it verifies each call and resolves once every event arrived. */
function startReceiver(secret) {
  const verifier = new Webhook(secret);
  const receipts = new Map();
  let bad = 0;
  let done;
  const all = new Promise((resolve) => {
    done = resolve;
  });
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const event = verifier.verify(body, request.headers);
        if (!receipts.has(event.data.subject.label)) receipts.set(event.data.subject.label, at);
      } catch {
        bad++;
      }
      response.writeHead(204).end();
      if (receipts.size >= eventCount) done();
    });
  });
  return new Promise((resolve) =>
    server.listen(receiverPort, '127.0.0.1', () =>
      resolve({ server, port: server.address().port, receipts, all, bad: () => bad }),
    ),
  );
}

async function measure(label, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wsm-bench-webhooks-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-webhooks-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: databaseUrl ? undefined : join(dataDir, 'pglite'),
  });
  await runMigrations(database);
  const db = database.db;
  const workspaceId = uuidv7();
  await db
    .insert(workspaces)
    .values({ id: workspaceId, workspaceName: `bench-${Date.now().toString(36)}`, name: 'Bench' });
  const secret = newWebhookSecret();
  const webhookId = uuidv7();
  const receiver = await startReceiver(secret);
  await db.insert(webhooks).values({
    id: webhookId,
    workspaceId,
    url: `http://127.0.0.1:${receiver.port}/hook`,
    events: ['profile.updated'],
    secretSealed: sealWebhookSecret({ config }, secret, webhookId),
  });
  const { app } = await serveOnLoopback(appDeps({ config, database }), {
    logger: false,
    release: async () => {},
  });

  const committed = new Map();
  let next = 0;
  const start = performance.now();
  const produce = async () => {
    while (next < eventCount) {
      const name = `event-${next++}`;
      await db.transaction((tx) =>
        recordAudit(tx, { workspaceId, actorUserId: null, action: 'profile.updated', subject: { name } }),
      );
      committed.set(name, performance.now());
      // Changes arrive as requests, through I/O: without this turn of the event loop, a loop of awaits
      // on PGlite (which runs in this thread) would keep the sender's and receiver's sockets unread.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  await Promise.all(Array.from({ length: producers }, produce));
  const producedMs = performance.now() - start;
  await receiver.all;
  const lastReceipt = Math.max(...receiver.receipts.values());
  const lags = [...committed].map(([name, at]) => receiver.receipts.get(name) - at).sort((a, b) => a - b);
  const row = {
    database: label,
    events: eventCount,
    'changes/s': Math.round(eventCount / (producedMs / 1000)),
    'deliveries/s': Math.round(eventCount / ((lastReceipt - start) / 1000)),
    'lag p50 ms': Math.round(percentile(lags, 50)),
    'lag p99 ms': Math.round(percentile(lags, 99)),
    'lag max ms': Math.round(lags.at(-1)),
    'bad signatures': receiver.bad(),
  };
  await app.close();
  await database.close();
  await new Promise((resolve) => receiver.server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
  return row;
}

const rows = [await measure('PGlite')];
if (process.env.DATABASE_URL) {
  const server = new URL(process.env.DATABASE_URL);
  const name = `wsm_bench_hooks_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server.href });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(server.href);
    url.pathname = `/${name}`;
    rows.push(await measure('PostgreSQL', url.href));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else console.log('(PostgreSQL left out: set DATABASE_URL to a server to measure it too)');
console.log(`\nbench:webhooks, ${cpus().length} CPUs, ${new Date().toISOString().slice(0, 10)}`);
console.table(rows);

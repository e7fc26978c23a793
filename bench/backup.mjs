// `npm run bench:backup`: time and peak memory of taking, exporting, importing and restoring a backup
// of a large workspace, printed as one table.
//
// Runs the API in this process (apps/api/src through tsx; the script restarts itself with
// `--import tsx --expose-gc`) on a fresh embedded database in a temp dir, or on DATABASE_URL when set.
// Seeds one workspace straight in SQL: USERS accounts (default 10,000) all in the workspace's user
// directory, MEMBERS of them (default 1,000) members with roles, the rest invited (pending invitations),
// five roles, an application and a logo. Then drives the real routes over HTTP, SMS step-up included:
//   - backup: POST /v1/migration/workspace-backup/ (630, code from the development outbox, then the call);
//   - export: GET .../export/... read to the end;
//   - import: PUT .../import/... with the exported zip (every check of an untrusted archive);
//   - restore: PUT .../restore/ (pre-restore backup of the current state, then the replacement).
// Memory: the process's RSS just before each step (after a GC) and its peak during the step, sampled
// every 2 ms from a worker thread. With PGlite the database lives in this
// process, so its memory is in the figures too. Benchmarks measure; they never fail on time.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;

if (!process.env.WSM_BENCH_CHILD) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', new URL(import.meta.url).pathname],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, WSM_BENCH_CHILD: '1' },
    },
  );
  process.exit(result.status ?? 1);
}

const { mkdtempSync, rmSync } = await import('node:fs');
const { cpus, tmpdir } = await import('node:os');
const { join } = await import('node:path');
const { sql } = await import('drizzle-orm');
const { uuidv7 } = await import('uuidv7');
const { buildApp } = await import('../apps/api/src/app.ts');
const { loadConfig } = await import('../apps/api/src/config.ts');
const { openDatabase } = await import('../apps/api/src/db/client.ts');
const { runMigrations } = await import('../apps/api/src/db/migrate.ts');
const { createMemoryRateLimiter } = await import('../apps/api/src/lib/rate-limiter.ts');
const { createMessaging } = await import('../apps/api/src/messaging/messaging.ts');
const { signAccessToken } = await import('../apps/api/src/modules/identity/tokens.ts');
const sharp = (await import('sharp')).default;
const { Worker } = await import('node:worker_threads');

const userCount = Number(process.env.USERS ?? 10_000);
const memberCount = Number(process.env.MEMBERS ?? 1_000);
const base = '/v1/migration/workspace-backup';
// Ids and phones of this run, so runs can share one PostgreSQL database.
const run = `b${Date.now().toString(36)}`;
const phoneBlock = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');

const dataDir = mkdtempSync(join(tmpdir(), 'wsm-bench-backup-'));
const config = loadConfig({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-backup-secret-that-is-long-enough-for-hs256',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MULTIPLIER: '100000',
  WEB_DIST_DIR: join(dataDir, 'no-web'),
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : join(dataDir, 'pglite'),
});
await runMigrations(database);
const deps = { config, database, limiter: createMemoryRateLimiter(), messaging: createMessaging(config) };
const app = await buildApp(deps, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${app.server.address().port}`;
const db = database.db;

async function call(method, path, body, token) {
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

function expectCode(answer, code, what) {
  if (answer.statusCode !== code) throw new Error(`${what}: ${JSON.stringify(answer).slice(0, 500)}`);
  return answer.data;
}

async function latestCode(phone) {
  const outbox = await call('GET', `/dev/outbox?to=${phone}`);
  return outbox.data[0].code;
}

// The process's RSS, sampled from a worker thread: it keeps sampling while the main thread is busy in
// synchronous work (JSON, zip, validation), which a timer on the main thread would miss.
const sampler = new Worker(
  `const { parentPort } = require('node:worker_threads');
   let peak = 0;
   setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 2);
   parentPort.on('message', (m) => { if (m === 'reset') peak = process.memoryUsage.rss(); else parentPort.postMessage(peak); });`,
  { eval: true },
);
sampler.unref();
const peakRss = () =>
  new Promise((resolve) => {
    sampler.once('message', resolve);
    sampler.postMessage('peak');
  });

/** Runs `work`; answers its result, the time, the RSS before it and the peak RSS during it. */
async function measured(work) {
  globalThis.gc?.();
  // Let freed memory go back to the system before reading where the step starts.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const start = process.memoryUsage.rss();
  sampler.postMessage('reset');
  const began = performance.now();
  const result = await work();
  const ms = performance.now() - began;
  const peak = Math.max(await peakRss(), process.memoryUsage.rss());
  const mb = (bytes) => Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return { result, ms: Math.round(ms), start: mb(start), peak: mb(peak) };
}

try {
  // ---------- seed
  const seedStart = performance.now();
  const ownerId = uuidv7();
  const ownerPhone = `0999${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  await db.execute(sql`insert into users (id, phone, username, password_hash, first_name, last_name)
    values (${ownerId}, ${ownerPhone}, ${`${run}_owner`}, 'not-a-hash', 'Owner', 'Bench')`);
  const sessionId = uuidv7();
  await db.execute(sql`insert into user_sessions (id, user_id, ip_address, agent, platform, refresh_token_hash, expires_date)
    values (${sessionId}, ${ownerId}, '127.0.0.1', 'bench', 'bench', ${uuidv7()}, now() + interval '1 day')`);
  const token = await signAccessToken(config.jwtSecret, { sub: ownerId, sid: sessionId }, 3600);
  const workspace = expectCode(
    await call(
      'POST',
      '/v1/workspaces/',
      { workspaceName: `bench-backup-${Date.now()}`, name: 'Bench' },
      token,
    ),
    200,
    'workspace',
  );
  const ws = workspace.id;
  const roles = [];
  for (let i = 0; i < 5; i++)
    roles.push(
      expectCode(
        await call(
          'POST',
          '/v1/workspaces/members/access/roles/',
          {
            workspaceId: ws,
            name: `Role ${i}`,
            permissionIds: ['tenant_profile_read', 'tenant_members_read'],
          },
          token,
        ),
        200,
        'role',
      ).id,
    );
  expectCode(
    await call(
      'POST',
      '/v1/workspaces/profile/applications/',
      { workspaceId: ws, key: 'crm', name: 'CRM' },
      token,
    ),
    200,
    'application',
  );
  const form = new FormData();
  form.append('workspaceId', ws);
  const logo = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
  const uploaded = await (
    await fetch(`${url}/v1/assets/workspace-profile-image/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
  ).json();
  expectCode(
    await call('PUT', '/v1/workspaces/profile/', { workspaceId: ws, logoId: uploaded.data.imageId }, token),
    200,
    'logo',
  );

  const rolesJson = JSON.stringify(roles);
  await db.execute(sql`insert into users (id, phone, username, password_hash, first_name, last_name)
    select ${run} || '-user-' || g, '09' || ${phoneBlock} || lpad(g::text, 5, '0'), ${run} || '_user_' || g, 'not-a-hash', 'Name' || g, 'Family' || g
    from generate_series(1, ${userCount}::int) g`);
  await db.execute(sql`insert into workspace_users (id, workspace_id, user_id, status, join_date)
    select ${run} || '-entry-' || g, ${ws}, ${run} || '-user-' || g,
      case when g <= ${memberCount}::int then 'confirmed' else 'unconfirmed' end,
      case when g <= ${memberCount}::int then now() end
    from generate_series(1, ${userCount}::int) g`);
  await db.execute(sql`insert into workspace_members (id, workspace_id, user_id, level, role_id, status)
    select ${run} || '-member-' || g, ${ws}, ${run} || '-user-' || g, 'member',
      (${rolesJson}::jsonb ->> (g % 5)), 'active'
    from generate_series(1, ${memberCount}::int) g`);
  await db.execute(sql`insert into workspace_invitations (id, workspace_id, role_id, invitee_user_id, token, status, invited_by, expires_date)
    select ${run} || '-invitation-' || g, ${ws}, (${rolesJson}::jsonb ->> (g % 5)), ${run} || '-user-' || g,
      md5(${run} || 'a' || g) || md5(${run} || 'b' || g), 'pending', ${ownerId}, now() + interval '7 days'
    from generate_series(${memberCount + 1}::int, ${userCount}::int) g`);
  const seedMs = Math.round(performance.now() - seedStart);

  // ---------- measure
  const rows = [];
  const backup = await measured(async () => {
    expectCode(await call('POST', `${base}/`, { workspaceId: ws }, token), 630, 'backup step');
    return expectCode(
      await call('POST', `${base}/`, { workspaceId: ws, code: await latestCode(ownerPhone) }, token),
      200,
      'backup',
    );
  });
  const counts = backup.result.counts;
  const rowTotal = Object.values(counts).reduce((a, b) => a + b, 0);
  const size = `${Math.round((backup.result.size / 1024) * 10) / 10} KiB`;
  rows.push({
    step: 'backup (snapshot + zip + store)',
    rows: rowTotal,
    zip: size,
    ms: backup.ms,
    'RSS before MiB': backup.start,
    'peak RSS MiB': backup.peak,
  });

  const exported = await measured(async () => {
    const response = await fetch(`${url}${base}/export/id/${backup.result.id}/workspaceId/${ws}/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200) throw new Error(`export: HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  });
  rows.push({
    step: 'export (streamed download)',
    rows: rowTotal,
    zip: size,
    ms: exported.ms,
    'RSS before MiB': exported.start,
    'peak RSS MiB': exported.peak,
  });

  const imported = await measured(async () => {
    const upload = new FormData();
    upload.append(
      'file',
      new Blob([new Uint8Array(exported.result)], { type: 'application/zip' }),
      'backup.zip',
    );
    const response = await fetch(`${url}${base}/import/workspace-id/${ws}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: upload,
    });
    return expectCode(await response.json(), 200, 'import');
  });
  rows.push({
    step: 'import (upload + every check)',
    rows: rowTotal,
    zip: size,
    ms: imported.ms,
    'RSS before MiB': imported.start,
    'peak RSS MiB': imported.peak,
  });

  const restored = await measured(async () => {
    expectCode(
      await call('PUT', `${base}/restore/`, { workspaceId: ws, backupId: imported.result.id }, token),
      630,
      'restore step',
    );
    return expectCode(
      await call(
        'PUT',
        `${base}/restore/`,
        { workspaceId: ws, backupId: imported.result.id, code: await latestCode(ownerPhone) },
        token,
      ),
      200,
      'restore',
    );
  });
  rows.push({
    step: 'restore (checks + pre-restore backup + replace)',
    rows: rowTotal,
    zip: size,
    ms: restored.ms,
    'RSS before MiB': restored.start,
    'peak RSS MiB': restored.peak,
  });

  console.log(
    `\nWorkspace backup, ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${userCount} users, ` +
      `${memberCount} members, ${userCount - memberCount} pending invitations (seeded in ${seedMs} ms), ` +
      `${cpus().length} CPU(s), Node ${process.version}`,
  );
  console.table(rows);
  console.log('rows per table:', counts);
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

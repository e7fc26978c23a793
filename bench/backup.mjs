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
//   - restore: PUT .../restore/ (pre-restore backup of the current state, then the replacement);
//   - import of the largest archive the limits allow (bench/lib/largest-archive.mjs: the exported zip
//     with its biggest tables filled to their row limits, manifest recomputed); BIG_RESTORE=1 also
//     restores it.
// Memory: the process's RSS just before each step (after a GC) and its peak during the step, sampled
// every 2 ms from a process of its own, and /healthz's answer times (p50, p99 and max) from that one: a
// blocked event loop shows there. The RSS after seeding and after the four steps (each after a GC and a
// pause) shows what the steps keep; a second table splits those readings into the API thread's V8 heap,
// external memory (Buffers) and the rest (malloc's heaps, and PGlite's thread with its WebAssembly
// memory). The API's process gets the malloc settings (scripts/malloc-env.mjs) and the young generation
// production runs with. LARGEST=0 leaves out the largest archive (USERS=100000 fills the directory to
// its limit anyway). Growth is peak less before; the upload's client copy is in it. With PGlite the
// database lives in this process (on a thread of its own), so its memory is in the figures too.
// Benchmarks measure; they never fail on time.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;

if (!process.env.WSM_BENCH_CHILD) {
  const { mallocEnv } = await import('../scripts/malloc-env.mjs');
  const result = spawnSync(
    process.execPath,
    // The young generation production gives the API (scripts/start.mjs, docs/deploy.md).
    ['--max-semi-space-size=64', '--import', 'tsx', '--expose-gc', new URL(import.meta.url).pathname],
    {
      cwd: root,
      stdio: 'inherit',
      // malloc as the API runs with it (npm start, the Dockerfile, the systemd unit).
      env: { ...mallocEnv, ...process.env, WSM_BENCH_CHILD: '1' },
    },
  );
  process.exit(result.status ?? 1);
}

const { mkdtempSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
const { cpus, tmpdir } = await import('node:os');
const { join } = await import('node:path');
const { sql } = await import('drizzle-orm');
const { uuidv7 } = await import('uuidv7');
const { loadConfig } = await import('../apps/api/src/config.ts');
const { openDatabase } = await import('../apps/api/src/db/client.ts');
const { runMigrations } = await import('../apps/api/src/db/migrate.ts');
// The app served in this process as the API tests serve theirs.
const { appDeps, serveOnLoopback } = await import('../apps/api/test/http-app.ts');
const { call: callApi } = await import('./lib/client.mjs');
const { signAccessToken } = await import('../apps/api/src/modules/identity/tokens.ts');
const sharp = (await import('sharp')).default;
const { spawn } = await import('node:child_process');

const userCount = Number(process.env.USERS ?? 10_000);
const memberCount = Number(process.env.MEMBERS ?? 1_000);
const base = '/v1/migration/workspace-backup';
// Ids and phones of this run, so runs can share one PostgreSQL database.
const run = `b${Date.now().toString(36)}`;
// Three digits of block and six of number: up to 999,999 users (USERS=100000 included).
const phoneBlock = String(Math.floor(Math.random() * 1_000)).padStart(3, '0');

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
const deps = appDeps({ config, database });
const { app, url } = await serveOnLoopback(deps, { logger: false });
const db = database.db;

const call = (method, path, body, token) => callApi(url, method, path, body, token);

function expectCode(answer, code, what) {
  if (answer.statusCode !== code) throw new Error(`${what}: ${JSON.stringify(answer).slice(0, 500)}`);
  return answer.data;
}

async function latestCode(phone) {
  const outbox = await call('GET', `/dev/outbox?to=${phone}`);
  return outbox.data[0].code;
}

// The process's RSS, sampled from a process of its own (its memory is not in the figures, and the API's
// --max-semi-space-size would apply to a thread's heap too): it keeps sampling while this process is busy
// in synchronous work (JSON, zip, validation), which a timer here would miss. It asks /healthz again and
// again (one request at a time, 10 ms apart) and keeps how long each answer took: a blocked event loop
// shows as a slow /healthz, whatever else the server is doing.
const sampler = spawn(
  process.execPath,
  [
    '-e',
    `const { readFileSync } = require('node:fs');
     const [pid, url] = process.argv.slice(1);
     const rss = () => Number(readFileSync('/proc/' + pid + '/statm', 'utf8').split(' ')[1]) * 4096;
     let peak = 0;
     let latencies = [];
     setInterval(() => { try { peak = Math.max(peak, rss()); } catch {} }, 2);
     (async () => {
       for (;;) {
         const began = performance.now();
         try { await (await fetch(url + '/healthz')).text(); } catch {}
         latencies.push(performance.now() - began);
         await new Promise((resolve) => setTimeout(resolve, 10));
       }
     })();
     process.on('message', (m) => {
       if (m === 'reset') { peak = rss(); latencies = []; return; }
       const sorted = [...latencies].sort((a, b) => a - b);
       const at = (q) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0;
       process.send({ peak, p50: at(0.5), p99: at(0.99), max: at(1), n: sorted.length });
     });
     process.on('disconnect', () => process.exit(0));`,
    String(process.pid),
    url,
  ],
  { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { PATH: process.env.PATH ?? '' } },
);
sampler.unref();
sampler.channel?.unref();
const samples = () =>
  new Promise((resolve) => {
    sampler.once('message', resolve);
    sampler.send('samples');
  });

/**
 * Where the process's memory is, in MiB, once garbage is collected and freed memory has had time to go
 * back: RSS, the API thread's V8 heap (used and reserved), memory outside it that V8 knows of (external:
 * ArrayBuffers and Buffers) and the rest (`other`: code, thread stacks, malloc's heaps and what they keep
 * after a free, and on PGlite its thread: its heap and the database's WebAssembly memory, which never
 * shrinks).
 */
async function settledMemory() {
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 300));
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const mb = (bytes) => Math.round((bytes / (1024 * 1024)) * 10) / 10;
  const used = process.memoryUsage();
  return {
    'RSS MiB': mb(used.rss),
    'heap used MiB': mb(used.heapUsed),
    'heap total MiB': mb(used.heapTotal),
    'external MiB': mb(used.external),
    'arrayBuffers MiB': mb(used.arrayBuffers),
    'other MiB': mb(used.rss - used.heapTotal - used.external),
  };
}
const memoryRows = [];
/** One line of the memory table, also printed as it is made. */
async function memoryLine(when) {
  const row = { when, ...(await settledMemory()) };
  console.error(JSON.stringify(row));
  memoryRows.push(row);
  return row['RSS MiB'];
}

/** Runs `work`; answers its result, the time, the RSS before it and the peak RSS and /healthz during it. */
async function measured(work) {
  globalThis.gc?.();
  // Let freed memory go back to the system before reading where the step starts.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const start = process.memoryUsage.rss();
  sampler.send('reset');
  const began = performance.now();
  const result = await work();
  const ms = performance.now() - began;
  const seen = await samples();
  const peak = Math.max(seen.peak, process.memoryUsage.rss());
  const mb = (bytes) => Math.round((bytes / (1024 * 1024)) * 10) / 10;
  const round = (value) => Math.round(value * 10) / 10;
  return {
    result,
    ms: Math.round(ms),
    start: mb(start),
    peak: mb(peak),
    growth: mb(peak - start),
    healthP50: round(seen.p50),
    healthP99: round(seen.p99),
    healthMax: round(seen.max),
  };
}

// The largest archive is built in a child process (bench/lib/largest-archive.mjs): building it takes
// hundreds of MiB, which would otherwise stay in this process's RSS and hide what the import uses.
function largestArchive(zip, roleIds) {
  const dir = mkdtempSync(join(tmpdir(), 'wsm-bench-largest-'));
  try {
    writeFileSync(join(dir, 'in.zip'), zip);
    const built = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'bench/lib/largest-archive.mjs'), dir, run, JSON.stringify(roleIds)],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
    );
    if (built.status !== 0) throw new Error('building the largest archive failed');
    const { counts, expandedMiB } = JSON.parse(built.stdout.toString());
    return { zip: readFileSync(join(dir, 'out.zip')), counts, expandedMiB };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line of the table, also printed as it is made (a run that fails later still shows it). */
const line = (step, rowCount, zipBytes, m) => {
  const row = lineOf(step, rowCount, zipBytes, m);
  console.error(JSON.stringify(row));
  return row;
};
const lineOf = (step, rowCount, zipBytes, m) => ({
  step,
  rows: rowCount,
  zip: `${Math.round((zipBytes / 1024) * 10) / 10} KiB`,
  ms: m.ms,
  'RSS before MiB': m.start,
  'peak RSS MiB': m.peak,
  'growth MiB': m.growth,
  '/healthz p50 ms': m.healthP50,
  '/healthz p99 ms': m.healthP99,
  '/healthz max ms': m.healthMax,
});

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
    select ${run} || '-user-' || g, '09' || ${phoneBlock} || lpad(g::text, 6, '0'), ${run} || '_user_' || g, 'not-a-hash', 'Name' || g, 'Family' || g
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
  const rssAtStart = await memoryLine('after seeding');
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
  rows.push(line('backup (snapshot + zip + store)', rowTotal, backup.result.size, backup));
  await memoryLine('after backup');

  const exported = await measured(async () => {
    const response = await fetch(`${url}${base}/export/id/${backup.result.id}/workspaceId/${ws}/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200) throw new Error(`export: HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  });
  rows.push(line('export (streamed download)', rowTotal, backup.result.size, exported));
  await memoryLine('after export');

  const importZip = async (zip) => {
    const upload = new FormData();
    upload.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'backup.zip');
    const response = await fetch(`${url}${base}/import/workspace-id/${ws}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: upload,
    });
    return expectCode(await response.json(), 200, 'import');
  };
  const restore = async (backupId) => {
    expectCode(
      await call('PUT', `${base}/restore/`, { workspaceId: ws, backupId }, token),
      630,
      'restore step',
    );
    return expectCode(
      await call(
        'PUT',
        `${base}/restore/`,
        { workspaceId: ws, backupId, code: await latestCode(ownerPhone) },
        token,
      ),
      200,
      'restore',
    );
  };

  let zipBytes = exported.result;
  exported.result = undefined;
  const imported = await measured(() => importZip(zipBytes));
  rows.push(line('import (upload + every check)', rowTotal, backup.result.size, imported));
  await memoryLine('after import');

  const restored = await measured(() => restore(imported.result.id));
  rows.push(line('restore (checks + pre-restore backup + replace)', rowTotal, backup.result.size, restored));

  // Memory once the four steps are over: what they keep is the difference from the start.
  // The client's copy of the zip is only kept for the largest archive.
  if (process.env.LARGEST === '0') zipBytes = undefined;
  const rssAfter = await memoryLine('after restore');

  // The largest archive the limits allow: the exported one with its biggest tables filled to their row
  // limits with rows as long as the schemas allow, the manifest's hashes, sizes and counts recomputed.
  // LARGEST=0 leaves it out.
  let big;
  if (process.env.LARGEST !== '0') {
    big = largestArchive(zipBytes, roles);
    const bigRows = Object.values(big.counts).reduce((a, b) => a + b, 0);
    const bigImported = await measured(() => importZip(big.zip));
    rows.push(
      line(`import, largest archive (${big.expandedMiB} MiB expanded)`, bigRows, big.zip.length, bigImported),
    );
    if (process.env.BIG_RESTORE === '1') {
      const bigRestored = await measured(() => restore(bigImported.result.id));
      rows.push(line('restore, largest archive', bigRows, big.zip.length, bigRestored));
    }
  }

  console.log(
    `\nWorkspace backup, ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, ${userCount} users, ` +
      `${memberCount} members, ${userCount - memberCount} pending invitations (seeded in ${seedMs} ms), ` +
      `${cpus().length} CPU(s), Node ${process.version}`,
  );
  console.table(rows);
  console.log(
    `RSS after seeding ${rssAtStart} MiB; after backup, export, import and restore ${rssAfter} MiB ` +
      `(${Math.round(((rssAfter - rssAtStart) / rssAtStart) * 1000) / 10} %), each after a GC and a pause`,
  );
  console.table(memoryRows);
  console.log('rows per table:', counts);
  if (big) console.log('largest archive, rows per table:', big.counts);
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

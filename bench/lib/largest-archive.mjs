// Builds the largest archive the limits allow for bench/backup.mjs, in a process of its own:
//   node --import tsx bench/lib/largest-archive.mjs <dir> <run id> <role ids as JSON>
// reads <dir>/in.zip (an exported backup), fills its biggest tables to their row limits (limits.ts
// maxTableRows) with rows as long as the schemas allow, recomputes the manifest's hashes, sizes and
// counts, writes <dir>/out.zip and prints { counts, expandedMiB }. BIG_<TABLE>=n overrides one table's
// rows (BIG_WORKSPACE_APPLICATIONS=260000 BIG_SHORT=1 with the others 0 rebuilds the archive of the
// original report: 260k applications of about 800 bytes, 200 MB expanded).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, run, rolesJson] = process.argv.slice(2);
const roleIds = JSON.parse(rolesJson);
const { readZip, writeZip } = await import('../../apps/api/src/modules/backups/archive.ts');
const { maxTableRows } = await import('../../apps/api/src/modules/backups/limits.ts');

const bigRowsOf = (table) => Number(process.env[`BIG_${table.toUpperCase()}`] ?? maxTableRows[table] ?? 0);
const short = process.env.BIG_SHORT === '1';

// Words of both languages, picked by a fixed sequence: text that compresses like real text does.
const words = [
  'سامانه',
  'مدیریت',
  'کاربران',
  'فضای',
  'کاری',
  'گزارش',
  'فروش',
  'انبار',
  'مشتری',
  'پشتیبانی',
  'system',
  'manager',
  'report',
  'sales',
  'customer',
  'invoice',
  'stock',
  'order',
  'service',
  'portal',
];
let seed = 7;
const nextWord = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return words[seed % words.length];
};
const textOf = (length) => {
  let out = '';
  while (out.length < length) out += `${nextWord()} `;
  return out.slice(0, length).trim() || 'x';
};

async function largestArchive(zip, roleIds) {
  const files = await readZip(zip);
  const rowsOf = (table) => JSON.parse(files.get(`data/${table}.json`).toString());
  const fill = (table, make) => {
    const existing = rowsOf(table);
    const out = [...existing];
    for (let i = existing.length; i < bigRowsOf(table); i++) out.push(make(i));
    files.set(
      `data/${table}.json`,
      Buffer.from(`[\n${out.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`),
    );
  };
  const [app] = rowsOf('workspace_applications');
  fill('workspace_applications', (i) => ({
    ...app,
    id: `${run}-app-${i}`,
    key: `app-${i}`,
    name: textOf(short ? 40 : 100),
    title: textOf(short ? 40 : 100),
    slogan: textOf(short ? 60 : 200),
    description: textOf(short ? 100 : 1000),
    keywords: Array.from({ length: short ? 2 : 30 }, () => textOf(short ? 20 : 50)),
    version: short
      ? app.version
      : { pwa: '1.0.0', ios: '1.0.0', android: '1.0.0', windows: '1.0.0', macos: '1.0.0' },
    social_networks: short
      ? app.social_networks
      : { instagram: textOf(200), telegram: textOf(200), x: textOf(200), rubika: textOf(200) },
  }));
  const [entry] = rowsOf('workspace_users');
  fill('workspace_users', (i) => ({
    ...entry,
    id: `${run}-big-entry-${i}`,
    user_id: `${run}-big-user-${i}`,
    phone: null,
    status: 'unconfirmed',
    first_name: textOf(50),
    last_name: textOf(50),
  }));
  const member = rowsOf('workspace_members').find((row) => row.level === 'member');
  fill('workspace_members', (i) => ({
    ...member,
    id: `${run}-big-member-${i}`,
    user_id: `${run}-big-user-${i}`,
    role_id: roleIds[i % roleIds.length],
  }));
  const [invitation] = rowsOf('workspace_invitations');
  fill('workspace_invitations', (i) => ({
    ...invitation,
    id: `${run}-big-invitation-${i}`,
    invitee_user_id: `${run}-big-invitee-${i}`,
    invitee_phone: null,
    token: `${createHash('sha256').update(`${run}${i}`).digest('hex')}${'t'.repeat(136)}`,
  }));
  const manifest = JSON.parse(files.get('manifest.json').toString());
  const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
  manifest.files = manifest.files.map((file) => {
    const bytes = files.get(file.path);
    return { path: file.path, sha256: sha(bytes), size: bytes.length };
  });
  for (const table of Object.keys(manifest.counts)) manifest.counts[table] = rowsOf(table).length;
  files.set('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
  const expanded = [...files.values()].reduce((sum, bytes) => sum + bytes.length, 0);
  const big = await writeZip(
    [...files].map(([path, bytes]) => ({ path, bytes })),
    new Date(manifest.createdDate),
  );
  return { zip: big, counts: manifest.counts, expandedMiB: Math.round((expanded / 1048576) * 10) / 10 };
}

const big = await largestArchive(readFileSync(join(dir, 'in.zip')), roleIds);
writeFileSync(join(dir, 'out.zip'), big.zip);
console.log(JSON.stringify({ counts: big.counts, expandedMiB: big.expandedMiB }));

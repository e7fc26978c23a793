// `npm run bench`: runs every benchmark in this folder one after another; each prints its own table.
// Benchmarks measure; they never fail on time.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const here = new URL('.', import.meta.url).pathname;
const only = process.argv[2];
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n== ${file}`);
  const result = spawnSync(process.execPath, [here + file], { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
}

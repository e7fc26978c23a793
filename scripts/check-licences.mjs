// `npm run lint` runs this: no copyleft licence among the runtime dependencies of the API, the web app
// and the contracts (docs/security.md). It walks each workspace's production
// dependency tree through the installed package.json files, as Node resolves them, so it runs offline.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The repository root; another folder may be named to check a tree laid out the same way.
const root = resolve(process.argv[2] ?? new URL('..', import.meta.url).pathname);
const workspaces = ['apps/api', 'apps/web', 'packages/contracts'];

// Licences that ask a program using the package to share its own source under the same terms.
const copyleft = /\b(A?GPL|LGPL|SSPL|EUPL|OSL|CPAL|RPL|Sleepycat|CC-BY-SA|CC-BY-NC)\b/i;

// Reviewed exceptions, each with its reason. sharp loads libvips as a separate shared library, which
// the LGPL allows without any duty on the program that loads it.
const allowed = new Map([['@img/sharp-libvips-', 'LGPL-3.0-or-later: libvips, dynamically linked by sharp']]);

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The folder of `name` as Node would resolve it from `fromDir` (node_modules up to the root). */
function locate(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return dirname(candidate);
    if (dir === root || dir === dirname(dir)) return undefined;
  }
}

/** The SPDX expression a package.json declares (old `licenses` arrays joined with OR). */
function licenceOf(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((l) => l.type ?? l).join(' OR ');
  return 'UNKNOWN';
}

/** Copyleft unless one side of every OR offers a licence without that duty. */
function isCopyleft(expression) {
  const alternatives = expression.replace(/[()]/g, ' ').split(/\s+OR\s+/i);
  return alternatives.every((alternative) => copyleft.test(alternative));
}

const seen = new Map();
const problems = [];
const queue = workspaces.map((workspace) => ({ dir: resolve(root, workspace), via: workspace }));
while (queue.length > 0) {
  const { dir, via } = queue.shift();
  const pkg = readJson(join(dir, 'package.json'));
  const optional = new Set([
    ...Object.keys(pkg.optionalDependencies ?? {}),
    ...Object.keys(pkg.peerDependenciesMeta ?? {}),
  ]);
  const names = [
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.optionalDependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
  ];
  for (const name of new Set(names)) {
    const found = locate(name, dir);
    if (!found) {
      // An optional or peer dependency for another platform is not installed, and not shipped either.
      if (optional.has(name) || pkg.peerDependencies?.[name]) continue;
      problems.push(`${name} (needed by ${via}) is not installed`);
      continue;
    }
    if (seen.has(found)) continue;
    const dep = readJson(join(found, 'package.json'));
    const licence = licenceOf(dep);
    seen.set(found, licence);
    const exception = [...allowed.keys()].find((prefix) => name.startsWith(prefix));
    // The repository's own packages are private and carry no licence field.
    const own = dep.private === true && name.startsWith('@wsm/');
    if (!exception && !own && (licence === 'UNKNOWN' || isCopyleft(licence)))
      problems.push(`${name}@${dep.version} is ${licence} (${relative(root, found)}, via ${via})`);
    queue.push({ dir: found, via: `${via} > ${name}` });
  }
}

if (problems.length > 0) {
  console.error(`Runtime dependencies with a copyleft or unknown licence:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Licences: ${seen.size} runtime packages, none copyleft.`);

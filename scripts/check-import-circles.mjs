// `npm run lint` runs this: no import circles among the sources of the API, the web app and the
// contracts (issue 17). TypeScript itself tells who imports whom (`tsc --explainFiles`: value, type-only
// and dynamic imports alike); a circle is a strongly connected group of files. dependency-cruiser and
// madge would read the sources through the typescript package's compiler API, which TypeScript 7 no
// longer has.
import { execFileSync } from 'node:child_process';
import { relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const projects = ['packages/contracts', 'apps/api', 'apps/web'];
const tsc = resolve(root, 'node_modules/.bin/tsc');

/** Edges importer → imported among the project's own files, from one tsconfig's --explainFiles. */
function importsOf(project, graph) {
  const out = execFileSync(tsc, ['-p', project, '--noEmit', '--explainFiles'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const own = (file) => !file.includes('node_modules/') && /\.(ts|tsx)$/.test(file);
  let current;
  for (const line of out.split('\n')) {
    if (line && !/^\s/.test(line)) {
      current = resolve(root, line.trim());
      continue;
    }
    const importer = /Imported via .* from file '([^']+)'/.exec(line)?.[1];
    if (!current || !importer || !own(current)) continue;
    const from = resolve(root, importer);
    if (!own(from)) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from).add(current);
  }
}

const graph = new Map();
for (const project of projects) importsOf(project, graph);

// Tarjan's strongly connected components: each of more than one file is a circle.
const circles = [];
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
let counter = 0;
function visit(file) {
  index.set(file, counter);
  low.set(file, counter++);
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
  }
  if (low.get(file) !== index.get(file)) return;
  const group = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    group.push(relative(root, member));
  } while (member !== file);
  if (group.length > 1) circles.push(group.sort());
}
for (const file of graph.keys()) if (!index.has(file)) visit(file);

if (circles.length > 0) {
  console.error(`${circles.length} import circle(s):`);
  for (const group of circles) console.error(`- ${group.length} files: ${group.join(', ')}`);
  process.exit(1);
}
console.log(`No import circles among ${graph.size} importing source files.`);

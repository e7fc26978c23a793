import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// How the build groups modules into files, for the first screen on a phone (issue 13): what the public
// pages need at once is two files, and nothing else rides along.
//
// - `first`: the app's start (start.tsx, which the entry imports once the page has painted) and every
//   module it imports statically, plus the public frame, the login page and the status pages (404, 500,
//   ...) with their static imports: the login page loads the entry and this (preloaded by the HTML).
// - `public-forms`: what sign-up and password recovery add to it.
// - `libs`: the other libraries shared by several screens, in one file instead of dozens of 1-2 KB ones.
// Zod (the forms load their schemas on submit) and the password-strength dictionaries stay out of the
// first two; modules are moved, never copied, so each keeps one instance.

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

const start = source('start.tsx');
/** Pages any first visit may land on, loaded by route; their static imports go with them. */
const firstScreenRoutes = [
  'app/public-layout.tsx',
  'features/auth/login-page.tsx',
  'features/status-pages/status-page.tsx',
].map(source);
const publicFormRoutes = ['features/auth/signup-page.tsx', 'features/auth/recovery-pages.tsx'].map(source);

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The modules reachable from `roots` through static imports only. */
function staticClosure(
  graph: ModuleGraph,
  roots: readonly string[],
  exclude: ReadonlySet<string>,
): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id) || exclude.has(id) || keptOffFirstScreen(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds);
  }
  return seen;
}

// The graph says what a module imports, not which of its exports are used. The contracts package mixes
// constants with zod schemas in one module, and zod serves only the forms' checks (loaded on submit):
// only its zod-free modules go with the first screen; the others, and zod, split where they are used.
const contractsDir = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));
const zodFreeContracts = new Set(
  ['status-codes.ts', 'normalize.ts', 'issue-messages.ts', 'identity-paths.ts'].map((f) => contractsDir + f),
);
const keptOffFirstScreen = (id: string) =>
  /node_modules[\\/]zod[\\/]/.test(id) || (id.startsWith(contractsDir) && !zodFreeContracts.has(id));

/** The `output.codeSplitting.groups` of the build. */
export function chunkGroups() {
  // Computed once per build, on the first question (the module graph is complete by then).
  let sets: { first: Set<string>; publicForms: Set<string> } | undefined;
  const setsFor = (graph: ModuleGraph) => {
    if (!sets) {
      const first = staticClosure(graph, [start, ...firstScreenRoutes], new Set());
      sets = { first, publicForms: staticClosure(graph, publicFormRoutes, first) };
    }
    return sets;
  };
  return [
    // The bundler's runtime and Vite's preload helper (virtual modules): the entry needs them before
    // the start, so they must not ride in `first`, whose evaluation would then come before the paint.
    { name: 'runtime', test: /^\0/, priority: 4 },
    {
      name: (id: string, graph: ModuleGraph) => (setsFor(graph).first.has(id) ? 'first' : null),
      priority: 3,
    },
    {
      name: (id: string, graph: ModuleGraph) => (setsFor(graph).publicForms.has(id) ? 'public-forms' : null),
      priority: 2,
    },
    { name: 'libs', test: /node_modules[\\/](?!@zxcvbn-ts)/, minShareCount: 2, priority: 1 },
  ];
}

/**
 * The HTML preloads `first` and what it imports: the entry imports it only once the page has painted
 * (src/main.tsx), and the download must not wait for that.
 */
export function preloadFirstChunk(): Plugin {
  return {
    name: 'wsm-preload-first-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const first = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.name === 'first',
        );
        if (first?.type !== 'chunk') throw new Error('the build has no `first` chunk to preload');
        return [first.fileName, ...first.imports]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

import { fileURLToPath } from 'node:url';

// How the build groups modules into files, for the first screen on a phone: what the public
// pages need at once is two files, and nothing else rides along.
//
// - `first`: every module the entry imports statically, plus the public frame, the login page and the
//   status pages (404, 500, ...) with their static imports: the login page loads the entry and this.
//   These are plain markup and CSS (src/components/plain): no MUI, emotion or form library.
// - `public-forms`: what sign-up and password recovery (plain markup too) add that no other screen uses;
// - `theme`: MUI's core with emotion and the app's theme (src/app/theme-shell.tsx), for every screen
//   drawn with MUI: the login's code steps and the signed-in ones past the first (the app bar's menus
//   load it when reached);
// - `api-client`: the API client (src/lib/api-client.ts) with what it imports: the login's submit, the
//   background version check and every screen use it, without MUI;
// - `forms-shared`: what sign-up and recovery add that the login's code steps use too (the code form with
//   its digits field, the auth API), so those do not download sign-up with it.
//   No form library: the public forms keep their state themselves (src/features/auth/use-plain-form.ts).
// - `early-reads`: the first reads of the signed-in frame (src/features/workspaces/early-reads.ts), sent
//   from a small file of their own while `signed-in-frame` downloads;
// - `signed-in-frame`: the rest of what the signed-in frame (the app bar) and its two first screens,
//   the workspace picker and the applications, import statically, libraries and our code together: a
//   signed-in first visit gets its screen in one file instead of a shared `libs` and twenty small ones.
//   These are plain markup too (src/components/plain/signed-in.css): no MUI until a menu is reached.
// - `react-hook-form`: the signed-in screens' form library, in a file of its own: in `libs` it would ride
//   along with what the login's code steps take from there (MUI's icons).
// - `libs`: the other libraries shared by several screens, in one file instead of dozens of 1-2 KB ones.
// - `contracts`: zod with the contracts' schemas, for the forms' checks and the screens past the first: the
//   public forms load it with their first check, the signed-in screens with their reads. The signed-in
//   frame's first reads are checked without zod (read-checks-plugin.ts). Left to the bundler, zod went
//   into the frame's file, so sign-up's first check downloaded the frame and MUI's theme with it (125 KB
//   where 32 do).
// The password-strength dictionaries stay out of all of these; modules are moved, never copied, so each
// keeps one instance.

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

const entry = source('main.tsx');
/**
 * Pages any first visit may land on, loaded by route; their static imports go with them. And the plain
 * notice, which the public forms and the signed-in first screens both draw: in the public forms' shared
 * file it would bring that file to every signed-in first visit, for a few hundred bytes.
 */
const firstScreenRoutes = [
  'app/public-layout.tsx',
  'features/auth/login-page.tsx',
  'features/status-pages/status-page.tsx',
  'components/plain/alert.tsx',
].map(source);
const publicFormRoutes = ['features/auth/signup-page.tsx', 'features/auth/recovery-pages.tsx'].map(source);
/** MUI's theme around every screen but the first ones (src/app/theme-shell.tsx): public forms and signed-in screens alike. */
const themeScope = source('app/theme-shell.tsx');
const apiClient = source('lib/api-client.ts');
/** The first reads of the signed-in frame, sent before its code is in. */
const earlyReads = source('features/workspaces/early-reads.ts');
/** The signed-in frame and the screens a login lands on. */
const signedInFrameRoutes = [
  'features/workspaces/app-layout.tsx',
  'features/workspaces/first-reads.ts',
  'features/workspaces/picker-page.tsx',
  'features/workspaces/apps-page.tsx',
].map(source);

interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
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

/** Every module a dynamic import loads, except `excluded` pages, found from `entry` through all imports. */
function dynamicRoots(graph: ModuleGraph, excluded: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const roots = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    stack.push(...info.importedIds, ...info.dynamicallyImportedIds);
    for (const target of info.dynamicallyImportedIds) if (!excluded.has(target)) roots.add(target);
  }
  return [...roots];
}

const runtimeModule = '\0rolldown/runtime.js';

// The graph says what a module imports, not which of its exports are used. The contracts package mixes
// constants with zod schemas in one module, and zod serves only the forms' checks (loaded on submit):
// only its zod-free modules go with the first screen; the others go with zod into `contracts`.
const contractsDir = fileURLToPath(new URL('../../packages/contracts/src/', import.meta.url));
const zodFreeContracts = new Set(
  [
    'status-codes.ts',
    'app-version-paths.ts',
    'normalize.ts',
    'issue-messages.ts',
    'identity-paths.ts',
    'workspace-paths.ts',
    'sign-in-paths.ts',
  ].map((f) => contractsDir + f),
);
/** The password-strength estimate with its dictionaries (~750 KB brotli): loaded alone, when shown. */
const passwordEstimator = `${contractsDir}password-estimator.ts`;
const keptOffFirstScreen = (id: string) =>
  /node_modules[\\/]zod[\\/]/.test(id) || (id.startsWith(contractsDir) && !zodFreeContracts.has(id));
/** The `output.codeSplitting.groups` of the build. */
export function chunkGroups() {
  // Computed once per build, on the first question (the module graph is complete by then).
  let sets:
    | {
        first: Set<string>;
        api: Set<string>;
        themed: Set<string>;
        formsShared: Set<string>;
        publicForms: Set<string>;
        early: Set<string>;
        frame: Set<string>;
      }
    | undefined;
  const setsFor = (graph: ModuleGraph) => {
    if (!sets) {
      const first = staticClosure(graph, [entry, ...firstScreenRoutes], new Set());
      first.delete(entry);
      first.add(runtimeModule);
      const api = staticClosure(graph, [apiClient], first);
      const themed = staticClosure(graph, [themeScope], new Set([...first, ...api]));
      const publicForms = staticClosure(graph, publicFormRoutes, new Set([...first, ...api, ...themed]));
      const elsewhere = staticClosure(graph, dynamicRoots(graph, new Set(publicFormRoutes)), first);
      const formsShared = new Set([...publicForms].filter((id) => elsewhere.has(id)));
      for (const id of formsShared) publicForms.delete(id);
      const early = staticClosure(graph, [earlyReads], new Set([...first, ...api]));
      const frame = staticClosure(
        graph,
        signedInFrameRoutes,
        new Set([...first, ...api, ...themed, ...formsShared, ...early]),
      );
      sets = { first, api, themed, formsShared, publicForms, early, frame };
    }
    return sets;
  };
  return [
    {
      name: (id: string, graph: ModuleGraph) => (setsFor(graph).first.has(id) ? 'first' : null),
      priority: 4,
    },
    {
      name: (id: string, graph: ModuleGraph) => (setsFor(graph).api.has(id) ? 'api-client' : null),
      priority: 3,
    },
    {
      name: (id: string, graph: ModuleGraph) => (setsFor(graph).themed.has(id) ? 'theme' : null),
      priority: 3,
    },
    {
      name: (id: string, graph: ModuleGraph) => (setsFor(graph).formsShared.has(id) ? 'forms-shared' : null),
      priority: 3,
    },
    {
      name: (id: string, graph: ModuleGraph) => (setsFor(graph).publicForms.has(id) ? 'public-forms' : null),
      priority: 2,
    },
    {
      name: (id: string, graph: ModuleGraph) => (setsFor(graph).early.has(id) ? 'early-reads' : null),
      priority: 3,
    },
    {
      name: (id: string, graph: ModuleGraph) => (setsFor(graph).frame.has(id) ? 'signed-in-frame' : null),
      priority: 2,
    },
    {
      name: (id: string) => (keptOffFirstScreen(id) && id !== passwordEstimator ? 'contracts' : null),
      priority: 3,
    },
    // After the frame: should the frame's screens ever import it, it goes with them (equal priority).
    { name: 'react-hook-form', test: /node_modules[\\/]react-hook-form[\\/]/, priority: 2 },
    { name: 'libs', test: /node_modules[\\/](?!@zxcvbn-ts)/, minShareCount: 2, priority: 1 },
  ];
}

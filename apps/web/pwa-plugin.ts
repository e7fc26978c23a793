import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

// Writes dist/sw.js at build time: the worker source (pwa/service-worker.js) preceded by this build's
// id and the list of files to precache (every emitted file and every file of public/). Hand-written
// rather than a plugin package: it is forty lines and brings no download or build-time dependency.

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Chunks loaded only when a screen asks for them and too heavy to download on every install: the
 * password-strength dictionaries (~755 KB brotli). Not precached; the worker fetches them from the
 * network when a password form first needs them.
 */
export const onDemandChunkNames: ReadonlySet<string> = new Set(['password-estimator']);

/** The paths the worker precaches, sorted, each starting with '/'; `onDemand` files are left out. */
export function precacheList(
  emitted: readonly string[],
  publicFiles: readonly string[],
  onDemand: readonly string[] = [],
): string[] {
  const skipped = new Set(onDemand.map((file) => `/${file.split(sep).join('/')}`));
  const paths = [...emitted, ...publicFiles]
    .map((file) => `/${file.split(sep).join('/')}`)
    .filter((path) => !path.endsWith('.map') && path !== '/sw.js' && !skipped.has(path));
  return [...new Set(paths)].sort();
}

export function pwaServiceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'wsm-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const publicDir = config.publicDir;
        const publicFiles = publicDir ? filesUnder(publicDir).map((file) => relative(publicDir, file)) : [];
        const onDemand = Object.values(bundle)
          .filter((output) => output.type === 'chunk' && onDemandChunkNames.has(output.name))
          .map((output) => output.fileName);
        const files = precacheList(Object.keys(bundle), publicFiles, onDemand);
        const hash = createHash('sha256');
        for (const name of files) hash.update(name);
        for (const file of publicFiles) hash.update(readFileSync(join(publicDir, file)));
        const html = bundle['index.html'];
        if (html?.type === 'asset') hash.update(html.source);
        const buildId = hash.digest('hex').slice(0, 16);
        const source = readFileSync(join(config.root, 'pwa/service-worker.js'), 'utf8');
        this.emitFile({
          type: 'asset',
          fileName: 'sw.js',
          // PRERENDERED (page path → its prerendered file) is filled in by scripts/prerender.mjs, which
          // writes those pages after this bundle; it adds them to PRECACHE on the same line.
          source: `const BUILD_ID = ${JSON.stringify(buildId)};\nconst PRECACHE = ${JSON.stringify(files)};\nconst PRERENDERED = {};\n${source}`,
        });
        // The version the API reports at GET /v1/app/version/ (read at its start-up). The build id makes
        // every build with different files a new version, so the update prompt notices it.
        const { version } = JSON.parse(readFileSync(join(config.root, 'package.json'), 'utf8')) as {
          version: string;
        };
        this.emitFile({
          type: 'asset',
          fileName: 'version.json',
          source: JSON.stringify({ version: `${version}+${buildId}`, builtAt: new Date().toISOString() }),
        });
      },
    },
  };
}

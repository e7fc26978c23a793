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

/** The paths the worker precaches, sorted, each starting with '/'. */
export function precacheList(emitted: readonly string[], publicFiles: readonly string[]): string[] {
  const paths = [...emitted, ...publicFiles]
    .map((file) => `/${file.split(sep).join('/')}`)
    .filter((path) => !path.endsWith('.map') && path !== '/sw.js');
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
        const files = precacheList(Object.keys(bundle), publicFiles);
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
          source: `const BUILD_ID = ${JSON.stringify(buildId)};\nconst PRECACHE = ${JSON.stringify(files)};\n${source}`,
        });
      },
    },
  };
}

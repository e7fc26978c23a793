import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

// Writes name.br and name.gz beside every compressible built file, once at build time at the highest
// levels, so the API serves them (@fastify/static preCompressed) without compressing per request.

const compressible = /\.(?:js|mjs|css|html|json|svg|webmanifest|txt)$/;
const minimumBytes = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'wsm-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      for (const file of filesUnder(outDir)) {
        if (!compressible.test(file) || statSync(file).size < minimumBytes) continue;
        const source = readFileSync(file);
        const brotli = brotliCompressSync(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
        const gzip = gzipSync(source, { level: 9 });
        if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

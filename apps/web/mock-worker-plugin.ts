import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

// MSW's service worker script for the mocked-API mode (src/app/mock-worker.ts): served by the dev server
// and emitted as dist/mockServiceWorker.js, only when VITE_API_MOCK=true (vite.config.ts), so a normal
// build ships neither it nor MSW. Taken from the installed package, so it always matches the library.

const workerFile = 'mockServiceWorker.js';
const source = () => readFileSync(createRequire(import.meta.url).resolve(`msw/${workerFile}`), 'utf8');

export function mockServiceWorkerFile(): Plugin {
  return {
    name: 'wsm-mock-service-worker',
    configureServer(server) {
      server.middlewares.use(`/${workerFile}`, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        response.end(source());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: workerFile, source: source() });
    },
  };
}

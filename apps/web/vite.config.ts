import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { chunkGroups } from './chunks';
import { precompress } from './compress-plugin';
import { mockServiceWorkerFile } from './mock-worker-plugin';
import { pwaServiceWorker } from './pwa-plugin';
import { readChecks } from './read-checks-plugin';

// Everything the API serves itself; the dev server and `vite preview` hand these to it.
const apiTarget = 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(
  ['/v1', '/dev', '/oidc', '/healthz', '/readyz', '/docs'].map((prefix) => [
    prefix,
    { target: apiTarget, changeOrigin: false },
  ]),
);

// `vite build --ssr src/prerender.tsx` builds the prerenderer (scripts/prerender.mjs) beside the app:
// no service worker, no compressed copies and no chunk groups for it. A mocked-API build
// (VITE_API_MOCK=true) has MSW's worker instead of the app's (src/app/mock-worker.ts).
export default defineConfig(({ isSsrBuild, mode }) => {
  const mocked =
    loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_').VITE_API_MOCK === 'true';
  const serviceWorker = mocked ? mockServiceWorkerFile() : pwaServiceWorker();
  return {
    base: '/',
    plugins: isSsrBuild ? [react(), readChecks()] : [react(), readChecks(), serviceWorker, precompress()],
    // The prerenderer bundles its libraries as the browser build does (the same stylis for emotion's plugins).
    ssr: { noExternal: true },
    server: { proxy },
    preview: { proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rollupOptions: {
        // The shared contracts package is plain declarations: telling the bundler so lets it drop the
        // modules the web app does not use (zod schemas would otherwise land in the first chunk).
        treeshake: {
          moduleSideEffects: (id: string) => !id.includes('/packages/contracts/'),
        },
        output: {
          // The files of the first screen: see chunks.ts.
          codeSplitting: isSsrBuild ? true : { groups: chunkGroups() },
        },
      },
    },
  };
});

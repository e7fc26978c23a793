import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './compress-plugin';
import { pwaServiceWorker } from './pwa-plugin';

// Everything the API serves itself; the dev server and `vite preview` hand these to it.
const apiTarget = 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(
  ['/v1', '/dev', '/healthz', '/readyz', '/docs'].map((prefix) => [
    prefix,
    { target: apiTarget, changeOrigin: false },
  ]),
);

export default defineConfig({
  base: '/',
  plugins: [react(), pwaServiceWorker(), precompress()],
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
        // The libraries (React, MUI core, emotion, router, i18next, axios, zod) in one chunk instead of
        // dozens of 1-2 KB files: the login page needed 55 files. Modules are moved, never copied, so
        // each keeps one instance. The password-strength dictionaries stay on demand.
        codeSplitting: {
          groups: [{ name: 'libs', test: /node_modules[\\/](?!@zxcvbn-ts)/, minShareCount: 2 }],
        },
      },
    },
  },
});

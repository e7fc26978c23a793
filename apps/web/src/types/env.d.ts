/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API; empty means the page's own origin (the API serves the web app). */
  readonly VITE_API_BASE_URL?: string;
  /** 'true' answers every call from canned data (see src/app/mock-worker.ts) for work without a server. */
  readonly VITE_API_MOCK?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

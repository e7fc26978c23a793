import { defaultLocale, isLocale, type Locale } from '@wsm/contracts';
import { applyManifestLocale, registerServiceWorker } from './sw-registration';

/**
 * Startup of the installable app: the manifest follows the language; production builds register the
 * worker, except a mocked-API build, whose scope MSW's worker holds (app/mock-worker.ts).
 */
export function setupPwa(locale: Locale, onLanguageChanged: (listener: (lng: string) => void) => void): void {
  applyManifestLocale(locale);
  onLanguageChanged((lng) => applyManifestLocale(isLocale(lng) ? lng : defaultLocale));
  if (import.meta.env.PROD && import.meta.env.VITE_API_MOCK !== 'true')
    afterFirstScreen(registerServiceWorker);
}

/**
 * How long after the page's load event the background work waits: the worker's precache (every file of
 * the app) and the update check (the API client) would otherwise share a phone's slow link with the
 * first screen's own files and the person's first taps.
 */
export const settleMs = 3000;

/**
 * Runs `task` once the first screen is drawn, has settled and the main thread is free, so it never
 * competes with it. Answers a cancel.
 */
export function afterFirstScreen(task: () => unknown): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) void task();
  };
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5000 });
    else run();
  };
  const settle = () => {
    timer = setTimeout(idle, settleMs);
  };
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    window.removeEventListener('load', settle);
  };
}

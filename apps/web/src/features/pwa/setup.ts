import { defaultLocale, isLocale, type Locale } from '@wsm/contracts';
import { applyManifestLocale, registerServiceWorker } from './sw-registration';

/** Startup of the installable app: the manifest follows the language; production builds register the worker. */
export function setupPwa(locale: Locale, onLanguageChanged: (listener: (lng: string) => void) => void): void {
  applyManifestLocale(locale);
  onLanguageChanged((lng) => applyManifestLocale(isLocale(lng) ? lng : defaultLocale));
  if (import.meta.env.PROD) {
    if (document.readyState === 'complete') whenIdle(registerServiceWorker);
    else window.addEventListener('load', () => whenIdle(registerServiceWorker), { once: true });
  }
}

/** Runs `task` once the first screen is drawn and the main thread is free, so it never competes with it. */
function whenIdle(task: () => unknown): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void task(), { timeout: 5000 });
  else setTimeout(() => void task(), 1000);
}

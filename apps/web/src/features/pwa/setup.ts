import type { Locale } from '@wsm/contracts';
import { applyManifestLocale, registerServiceWorker } from './sw-registration';

/** Startup of the installable app: the manifest follows the language; production builds register the worker. */
export function setupPwa(locale: Locale, onLanguageChanged: (listener: (lng: string) => void) => void): void {
  applyManifestLocale(locale);
  onLanguageChanged((lng) => applyManifestLocale(lng === 'en' ? 'en' : 'fa'));
  if (import.meta.env.PROD) {
    if (document.readyState === 'complete') void registerServiceWorker();
    else window.addEventListener('load', () => void registerServiceWorker(), { once: true });
  }
}

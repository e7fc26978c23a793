import { defaultLocale, isLocale, type Locale } from '@wsm/contracts';
import { i18n } from '../lib/i18n';

// Shown until language setup is done: full screen, z-index 9999, a 48×48
// animated image. Plain elements and the CSS of index.html (.boot-overlay) so it paints identically
// before and after the JavaScript arrives, with no theme needed.

const fallbackLabel: Record<Locale, string> = { fa: 'در حال بارگذاری', en: 'Loading', ar: 'جارٍ التحميل' };

export function LoadingMark() {
  return (
    <svg className="boot-overlay__mark" width="48" height="48" viewBox="0 0 48 48" aria-hidden="true">
      <rect className="boot-overlay__tile" x="6" y="6" width="16" height="16" rx="4" />
      <rect className="boot-overlay__tile" x="26" y="6" width="16" height="16" rx="4" />
      <rect className="boot-overlay__tile" x="26" y="26" width="16" height="16" rx="4" />
      <rect className="boot-overlay__tile" x="6" y="26" width="16" height="16" rx="4" />
    </svg>
  );
}

export function LoadingOverlay() {
  const lang = isLocale(document.documentElement.lang) ? document.documentElement.lang : defaultLocale;
  const label =
    i18n.isInitialized && i18n.exists('common:loading') ? i18n.t('common:loading') : fallbackLabel[lang];
  return (
    <div
      className="boot-overlay"
      data-testid="loading-overlay"
      role="progressbar"
      aria-label={label}
      aria-busy="true"
    >
      <LoadingMark />
    </div>
  );
}

import '@fontsource-variable/vazirmatn';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyDocumentMode, initialMode } from './app/color-mode';
import { applyDocumentLocale, i18n, setupI18n } from './app/i18n';
import { startupLocaleFromBrowser } from './app/startup-locale';
import { setupPwa } from './features/pwa/setup';

// Startup (product-spec.md section 4): the stored user is read once, the language is resolved, the
// document direction and colour mode are set before the first render (no flash), and translations
// start loading while React mounts; the loading overlay stays until they are in.
const startup = startupLocaleFromBrowser();
applyDocumentLocale(startup.locale);
applyDocumentMode(initialMode());
void setupI18n(startup.locale);
setupPwa(startup.locale, (listener) => i18n.on('languageChanged', listener));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App startupLocale={startup.locale} />
  </StrictMode>,
);

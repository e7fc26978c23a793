// Vazirmatn in small per-script files (scripts/subset-fonts.mjs), the package's files for the rest.
import './fonts/vazirmatn.css';
import './components/plain/plain.css';
import type { Locale } from '@wsm/contracts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { BrowserRouter, createAppHistory } from './app/browser-router';
import { applyDocumentMode, initialMode } from './app/color-mode';
import { inlineTranslationsId, prerenderedPathAttribute } from './app/prerendered';
import { AppRoutes, isUnknownPath, preloadRoutes } from './app/router';
import { startupLocaleFromBrowser } from './app/startup-locale';
import { setupPwa } from './features/pwa/setup';
import { applyDocumentLocale, type BundledTranslations, i18n, setupI18n } from './lib/i18n';
import { getEnteredNationalCode, hasAuthCookies } from './lib/storage';

/** The translations a prerendered page carries (scripts/prerender.mjs), when they are of `locale`. */
function inlineTranslations(locale: Locale): BundledTranslations | undefined {
  const block = document.getElementById(inlineTranslationsId);
  if (block?.dataset.locale !== locale) return undefined;
  try {
    return JSON.parse(block.textContent ?? '') as BundledTranslations;
  } catch {
    return undefined; // fetched over HTTP instead
  }
}

// Zod without its compiled fast path: it probes `new Function` first, which our Content-Security-Policy
// (script-src 'self') refuses, and the browser reports a violation on every page that parses a schema.
// Zod reads its settings from this global when it loads (zod/v4/core/core.js, shared by every copy);
// importing its `config` here would bring zod's utilities into the first screen's file.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

// Startup: the stored user is read once, the language is resolved, the
// document direction and colour mode are set before the first render (no flash), and translations
// start loading while React mounts; the loading overlay stays until they are in.
const startup = startupLocaleFromBrowser();
applyDocumentLocale(startup.locale);
applyDocumentMode(initialMode());
const translations = setupI18n(startup.locale, inlineTranslations(startup.locale));
setupPwa(startup.locale, (listener) => i18n.on('languageChanged', listener));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The public pages come prerendered (scripts/prerender.mjs): the form is drawn by the HTML itself.
 * React takes that markup over (hydrates) only when this visit would draw exactly it: the page's own
 * path (or, for the 404 page, any path that is no page) and language, light mode, nobody logged in (the
 * guards would move on), no national code to fill in. Otherwise it draws afresh over it, as it does over
 * the loading overlay.
 */
function hydratesPrerenderedPage(root: HTMLElement, locale: Locale): boolean {
  const path = root.getAttribute(prerenderedPathAttribute);
  const { pathname } = window.location;
  return (
    path !== null &&
    (path === pathname ||
      (path === `/${locale}/404` && pathname.startsWith(`/${locale}/`) && isUnknownPath(pathname))) &&
    path.split('/')[1] === locale &&
    initialMode() === 'light' &&
    !hasAuthCookies() &&
    !getEnteredNationalCode()
  );
}

// A prerendered #root is inert until React runs it: a click or a typed key before then would be lost
// (or submit the form natively), and people and browser tests wait for fields that answer.
const makeLive = () => container.removeAttribute('inert');

async function start(root: HTMLElement): Promise<void> {
  const history = createAppHistory();
  const router = (
    <BrowserRouter history={history}>
      <AppRoutes />
    </BrowserRouter>
  );
  if (!hydratesPrerenderedPage(root, startup.locale)) {
    makeLive();
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
    return;
  }
  // The page is painted first, from its HTML: only then do its route's files load and hydration run
  // (a paint after them counted them, and their round trip after this file's, in Lighthouse's LCP of
  // sign-up and recovery: 1.8-2.2 s, now 1.7-1.8 s). A hidden tab draws no frames: it goes on at once.
  if (document.visibilityState === 'visible')
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  // Hydration needs the first render to be the prerendered one at once: the route modules and the
  // translations in beforehand.
  await Promise.all([translations, preloadRoutes(history.location)]);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page in one long task (a slow phone's total blocking time); the page is
  // already drawn, and inert until it is done.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App router={router} onMounted={makeLive} />
      </StrictMode>,
    );
  });
}

// A mocked-API build (VITE_API_MOCK=true) answers from the features' MSW handlers, in a service worker
// started before the first render (app/mock-worker.ts); other builds drop this branch and the module.
// A worker that cannot start (no service workers: a private window, plain HTTP) is said in the console,
// and the app still starts.
if (import.meta.env.VITE_API_MOCK === 'true')
  void import('./app/mock-worker')
    .then((worker) => worker.startMockWorker())
    .catch((error: unknown) => console.error('The mocked API could not start:', error))
    .then(() => start(container));
else void start(container);

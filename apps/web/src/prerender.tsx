import type { Locale } from '@wsm/contracts';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { type RouteObject, StaticRouter } from 'react-router';
import { App } from './app/app';
import { AppRoutes, preloadRoutes, routes } from './app/router';
import { baseI18nOptions, i18n, persianDigits, shellNamespaces } from './lib/i18n';

// The server side of the prerendered public pages (src/app/prerendered.ts): built with `vite build
// --ssr` and run by scripts/prerender.mjs in Node, with no browser: nobody is logged in, the mode is
// light, and storage reads answer nothing. The tree is the app's own (<App>), so the browser hydrates it.

export type Translations = Record<(typeof shellNamespaces)[number], Record<string, unknown>>;

/** The page at `path` in `locale`, as the markup of #root. */
export async function renderPage(path: string, locale: Locale, translations: Translations): Promise<string> {
  if (!i18n.isInitialized) {
    await i18n
      .use(persianDigits)
      .use(initReactI18next)
      .init({
        ...baseI18nOptions,
        lng: locale,
        resources: {},
      });
  }
  for (const ns of shellNamespaces) i18n.addResourceBundle(locale, ns, translations[ns], true, true);
  await i18n.changeLanguage(locale);

  // Every file of the page in first: a page still loading would be drawn as the loading overlay.
  await preloadRoutes(path);
  return renderToString(
    <App
      router={
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      }
    />,
  );
}
export { inlineTranslationsId, prerenderedPages, prerenderedPathAttribute } from './app/prerendered';

/** Every page path of the router ('/:locale/login', ...), without the catch-all: what is not one is a 404. */
export function appPathPatterns(): string[] {
  const patterns = new Set<string>();
  const walk = (list: readonly RouteObject[], parent: string) => {
    for (const route of list) {
      if (route.path === '*') continue;
      const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : parent;
      if (route.path || route.index) patterns.add(path || '/');
      if (route.children) walk(route.children, path);
    }
  };
  walk(routes, '');
  return [...patterns].sort();
}

import type { Locale } from '@wsm/contracts';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { App } from './app/app';
import { baseI18nOptions, i18n, persianDigits, shellNamespaces } from './app/i18n';
import { routes } from './app/router';

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

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <App router={<StaticRouterProvider router={router} context={context} hydrate={false} />} />,
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

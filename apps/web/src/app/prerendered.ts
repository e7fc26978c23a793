// The public pages built as HTML at build time (scripts/prerender.mjs, src/prerender.tsx) so that a
// first visit on a phone shows the form with the first response. The API serves
// dist/prerendered/<path>.html for these paths (apps/api/src/http/web-app.ts).

/** The pages, without the locale: each is built in every locale. '404' also answers unknown paths. */
export const prerenderedPages = ['login', 'signup', 'login/forgot-password', '404', '500'] as const;

/** `#root`'s attribute naming the path a prerendered page was built for (src/main.tsx reads it). */
export const prerenderedPathAttribute = 'data-prerendered';

/** The id of the JSON data block holding a prerendered page's translations (its `data-locale`'s shell namespaces). */
export const inlineTranslationsId = 'i18n-resources';

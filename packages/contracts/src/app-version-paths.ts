// The web app's version path and file, without zod: the background update check reads it from every
// screen (apps/web/chunks.ts keeps zod off the first ones).

export const appVersionPaths = {
  version: '/v1/app/version/',
} as const;

/** The file the web build writes beside index.html, which the API reads at start-up. */
export const appVersionFileName = 'version.json';

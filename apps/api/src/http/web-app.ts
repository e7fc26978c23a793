import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Vite names built files name-<hash>.ext: such a file never changes, so browsers may keep it for a year.
const hashedAsset = /-[A-Za-z0-9_-]{8,}\.(?:js|css|woff2?|png|svg|webp|jpg)$/;
// Paths that belong to the API or to real files: these never fall back to the app shell.
const apiPrefixes = ['/v1/', '/dev/', '/oidc/', '/docs', '/assets/', '/healthz', '/readyz', '/metrics'];

// The service worker and the manifests keep their names across releases: browsers must revalidate them.
const alwaysRevalidated = /(?:\.html|[\\/]sw\.js|\.webmanifest)$/;

/** The served file's own name: without the .br or .gz of its precompressed twin. */
const originalName = (filePath: string) => filePath.replace(/\.(?:br|gz)$/, '');

function cacheControlFor(filePath: string): string {
  if (alwaysRevalidated.test(filePath)) return 'no-cache';
  return hashedAsset.test(filePath)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
}

/** The prerendered public pages of the build (apps/web/scripts/prerender.mjs writes the manifest). */
interface PrerenderedManifest {
  /** Page path ('/fa/login') → its file under dist ('prerendered/fa/login.html'). */
  pages: Record<string, string>;
  /** Locale → the app shell in that language, with its translations ('prerendered/fa/shell.html'). */
  shells?: Record<string, string>;
  /** Locale → the same shell with the signed-in frame's files preloaded, for a visit with a session. */
  signedInShells?: Record<string, string>;
  /** The web app's page paths ('/:locale/login', ...): a path under a locale that is none is a 404. */
  appPaths: string[];
}

/**
 * The file to answer a page path with: its prerendered page, the prerendered 404 page for a path under
 * a locale that no route of the app matches (the app would draw its 404 there), or the app shell: the
 * shell of the path's language where the build wrote one, its signed-in twin for a visit with a session.
 */
export function pageFileFor(
  manifest: PrerenderedManifest | undefined,
): (path: string, signedIn?: boolean) => string {
  if (!manifest) return () => 'index.html';
  // Like the router: a trailing slash is ignored, letters match in any case, a parameter is one segment.
  const known = manifest.appPaths.map(
    (pattern) =>
      new RegExp(
        `^${pattern
          .split('/')
          .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/')}/?$`,
        'i',
      ),
  );
  return (path, signedIn = false) => {
    const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const file = manifest.pages[page];
    if (file) return file;
    // Under any locale the build prerendered a 404 page for (fa, en, ar).
    const locale = /^\/([^/]+)/.exec(page)?.[1];
    const notFound = locale ? manifest.pages[`/${locale}/404`] : undefined;
    if (notFound && !known.some((pattern) => pattern.test(page))) return notFound;
    if (!locale) return 'index.html';
    return (signedIn && manifest.signedInShells?.[locale]) || manifest.shells?.[locale] || 'index.html';
  };
}

/**
 * Whether the visit carries the web app's session: the access token and the refresh CSRF cookie (the
 * refresh token's own is sent only to renewal), as the app itself checks (apps/web/src/lib/storage.ts).
 * Only which shell to send depends on it, never what anyone may see.
 */
const hasSessionCookies = (request: FastifyRequest) =>
  ['accessToken', 'refreshCsrf'].every((name) =>
    new RegExp(`(?:^|;\\s*)${name}=[^;\\s]`).test(request.headers.cookie ?? ''),
  );

function readPrerenderedManifest(webDistDir: string): PrerenderedManifest | undefined {
  const file = join(webDistDir, 'prerendered', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PrerenderedManifest) : undefined;
}

function wantsAppShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (apiPrefixes.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix)))
    return false;
  // A path with a file extension is a missing file, not a page.
  return !/\.[a-z0-9]{1,8}$/i.test(path);
}

/** Serves the built web app with long-lived caching of hashed files and the app shell for every page path. */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  notFound: (request: FastifyRequest, reply: FastifyReply) => unknown,
): Promise<void> {
  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  const pageFile = pageFileFor(hasBuild ? readPrerenderedManifest(webDistDir) : undefined);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      wildcard: true,
      // The build writes .br and .gz beside each text file (apps/web/compress-plugin.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const name = originalName(filePath);
        reply.header('cache-control', cacheControlFor(name));
        if (name.endsWith('.webmanifest'))
          reply.header('content-type', 'application/manifest+json; charset=utf-8');
      },
    });
    // The root is a folder to the static plugin (index: false); it is a page like any other.
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    if (!wantsAppShell(request)) return notFound(request, reply);
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    // The shell differs with the session cookies: no cache may answer one visit with another's.
    reply.header('vary', 'cookie');
    // Not returned: Fastify would then await the reply, one more pair of `close` listeners on the
    // response beside the static plugin's own (Node warned of a leak at the eleventh).
    void reply.sendFile(pageFile(request.url.split('?')[0] ?? '/', hasSessionCookies(request)));
  });
}

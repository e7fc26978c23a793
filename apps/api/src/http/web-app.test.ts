import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testConfig } from '../../test/test-app';
import { pageFileFor } from './web-app';

/** An API serving a web build made of `files` (path under dist → content), for the tests of a describe. */
function servingBuild(files: Record<string, string | Buffer>): { url: () => string } {
  let api: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'wsm-web-'));
  beforeAll(async () => {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dist, path)), { recursive: true });
      writeFileSync(join(dist, path), content);
    }
    api = await startTestApp({ config: testConfig({ WEB_DIST_DIR: dist }) });
  });
  afterAll(async () => {
    await api.close();
    rmSync(dist, { recursive: true, force: true });
  });
  return { url: () => api.url };
}

// What the web build writes beside each text file (apps/web/compress-plugin.ts).
const bundle = `console.log(${JSON.stringify('x'.repeat(5000))})`;

describe('serving the built web app', () => {
  const api = servingBuild({
    'index.html': '<!doctype html><title>shell</title>',
    'assets/index-Bx7kQ2aZ.js': 'console.log(1)',
    'assets/big-Q9w8E7r6.js': bundle,
    'assets/big-Q9w8E7r6.js.br': brotliCompressSync(bundle),
    'assets/big-Q9w8E7r6.js.gz': gzipSync(bundle),
    'assets/locales/fa/common.json': '{"hello":"سلام"}',
    'sw.js': 'self.addEventListener("fetch", () => {});',
    'manifest.fa.webmanifest': '{"name":"مدیریت فضای کاری"}',
  });

  it('serves hashed files with a year-long immutable cache', async () => {
    const response = await fetch(`${api.url()}/assets/index-Bx7kQ2aZ.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file the browser accepts, and the plain one otherwise', async () => {
    const path = `${api.url()}/assets/big-Q9w8E7r6.js`;
    const raw = (encoding: string) => fetch(path, { headers: { 'accept-encoding': encoding } });
    const brotli = await raw('gzip, deflate, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await brotli.text()).toContain('console.log("xxxx'); // fetch decodes it
    expect((await raw('gzip')).headers.get('content-encoding')).toBe('gzip');
    const plain = await raw('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBeGreaterThan(5000);
  });

  it('serves translations at /assets/locales/{lng}/{ns}.json, revalidated on every use', async () => {
    const response = await fetch(`${api.url()}/assets/locales/fa/common.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hello: 'سلام' });
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it.each(['/', '/fa/login', '/en/workspace/apps', '/login?next=1'])(
    'answers the page %s with the app shell',
    async (path) => {
      const response = await fetch(api.url() + path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>shell</title>');
    },
  );

  it('answers a missing file and an unknown API path with 404, not the shell', async () => {
    expect((await fetch(`${api.url()}/assets/missing-Ab12Cd34.js`)).status).toBe(404);
    expect((await fetch(`${api.url()}/assets/locales/xx/none.json`)).status).toBe(404);
    const api404 = await fetch(`${api.url()}/v1/unknown`);
    expect(api404.status).toBe(404);
    expect(((await api404.json()) as { statusCode: number }).statusCode).toBe(404);
  });

  it('serves the service worker as JavaScript that browsers revalidate on every check', async () => {
    const response = await fetch(`${api.url()}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toContain("worker-src 'self'");
  });

  it('serves the web manifest as application/manifest+json, revalidated on every use', async () => {
    const response = await fetch(`${api.url()}/manifest.fa.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ name: 'مدیریت فضای کاری' });
  });
});

describe('the shell of a visit with a session', () => {
  const api = servingBuild({
    'index.html': '<title>index</title>',
    'prerendered/fa/shell.html': '<title>shell</title>',
    'prerendered/fa/shell-signed-in.html': '<title>signed-in shell</title>',
    'prerendered/manifest.json': JSON.stringify({
      pages: {},
      shells: { fa: 'prerendered/fa/shell.html' },
      signedInShells: { fa: 'prerendered/fa/shell-signed-in.html' },
      appPaths: ['/:locale/workspace/apps'],
    }),
  });

  const shellFor = async (cookie?: string) => {
    const response = await fetch(`${api.url()}/fa/workspace/apps`, { headers: cookie ? { cookie } : {} });
    expect(response.headers.get('vary')).toMatch(/cookie/i);
    return response.text();
  };

  it('is the signed-in shell, with the frame preloaded, when both token cookies come with it', async () => {
    expect(await shellFor('theme=dark; accessToken=a.b.c; refreshCsrf=r1')).toContain('signed-in shell');
  });

  it('is the plain shell without them, or with one alone or empty', async () => {
    for (const cookie of [
      undefined,
      'refreshCsrf=r1',
      'accessToken=; refreshCsrf=r1',
      'xaccessToken=a; refreshCsrf=r',
    ])
      expect(await shellFor(cookie), cookie).toContain('<title>shell</title>');
  });
});

describe('the file a page path is answered with', () => {
  const pageFile = pageFileFor({
    pages: {
      '/fa/login': 'prerendered/fa/login.html',
      '/fa/404': 'prerendered/fa/404.html',
      '/ar/404': 'prerendered/ar/404.html',
    },
    shells: { fa: 'prerendered/fa/shell.html', ar: 'prerendered/ar/shell.html' },
    signedInShells: { fa: 'prerendered/fa/shell-signed-in.html' },
    appPaths: ['/', '/:locale', '/:locale/login', '/:locale/workspace/invitations/:id'],
  });

  /** Expects each of `paths` answered with `file`. */
  const expectAnswered = (file: string, paths: string[]) => {
    for (const path of paths) expect(pageFile(path), path).toBe(file);
  };

  it('is the prerendered page for its path, with or without a trailing slash', () => {
    expectAnswered('prerendered/fa/login.html', ['/fa/login', '/fa/login/']);
  });

  it('is the prerendered 404 page for a path under a locale that no page of the app has', () => {
    expectAnswered('prerendered/fa/404.html', ['/fa/no-such-page', '/fa/login/extra']);
    expectAnswered('prerendered/ar/404.html', ['/ar/no-such-page']);
  });

  it("is the app shell in the path's language for the other pages of a language", () => {
    expectAnswered('prerendered/fa/shell.html', ['/fa', '/fa/workspace/invitations/42']);
    expectAnswered('prerendered/ar/shell.html', ['/ar/']);
  });

  it("is the signed-in shell of the path's language for a visit with a session, where the build wrote one", () => {
    expect(pageFile('/fa/workspace/invitations/42', true)).toBe('prerendered/fa/shell-signed-in.html');
    expect(pageFile('/ar/', true)).toBe('prerendered/ar/shell.html');
    expect(pageFile('/fa/login', true)).toBe('prerendered/fa/login.html');
    expect(pageFile('/fa/no-such-page', true)).toBe('prerendered/fa/404.html');
  });

  it('is the app shell for a language without its own shell or 404 page and paths without a locale', () => {
    expectAnswered('index.html', ['/en/workspace/invitations/42', '/en/no-such-page', '/login', '/']);
  });

  it('is always the app shell when the build has no prerendered pages', () => {
    expect(pageFileFor(undefined)('/fa/login')).toBe('index.html');
  });
});

import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createWorkspace, quickUser } from './fixtures';
import { type Operation, operationsOf } from './operations';
import { startTestApp } from './test-app';

// Hostile input as a test class of its own: every route of the app's OpenAPI document (so a new route is
// covered without touching this file) is driven by fast-check with deep nesting, U+0000, lone surrogates,
// huge strings, prototype keys, wrong types, broken JSON and bad %-escapes, by a logged-in owner of a
// workspace so that the schemas and the code behind them are reached. Whatever is sent, the answer is
// never a 500, always carries the security headers, and is the envelope (or a file, for a 200 download).

// Enough for every run of `npm test` to try each class on each route; FUZZ_RUNS=500 digs deeper by hand.
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 20);

const api = await startTestApp();
afterAll(() => api.close());

function routeTable(): Operation[] {
  // Health probes answer plain JSON for load balancers by design; everything else is the API.
  return operationsOf(api.app.swagger()).filter(
    (route) => route.path.startsWith('/v1/') || route.path.startsWith('/dev/'),
  );
}

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800x',
    'x\udc00',
    '\udfff\ud800',
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '۱۲۳۴',
    '   ',
    '',
  ),
  fc.integer({ min: 1_000, max: 200_000 }).map((length) => 'a'.repeat(length)),
  fc.string(),
  fc.string({ unit: 'binary' }),
);

/** Plausible values, so that a hostile value in one field meets valid-looking ones in the others. */
const plausibleJson = (workspaceId: string) =>
  fc.oneof(
    fc.constantFrom(workspaceId, 'abc', 'ws-name', '0499370899', '09121234567', 'a@b.co', 'Correct-Horse-9'),
    fc.uuid(),
    fc.integer(),
    fc.boolean(),
  );

/** One JSON value as text: deep nesting and prototype keys cannot go through JSON.stringify of an object. */
const hostileJson = (workspaceId: string): fc.Arbitrary<string> =>
  fc.oneof(
    hostileText.map((text) => JSON.stringify(text)),
    plausibleJson(workspaceId).map((value) => JSON.stringify(value)),
    fc.integer({ min: 33, max: 5_000 }).map(nestedArrays),
    fc.integer({ min: 33, max: 5_000 }).map(nestedObjects),
    fc.constantFrom(
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      'null',
      'true',
      '-1',
      '1e309',
      '0.5',
      '[]',
      '{}',
      '"2020-13-45"',
    ),
    fc.jsonValue().map((value) => JSON.stringify(value)),
  );

const brokenJson = fc.constantFrom(
  '{',
  '{"a":',
  '[1,',
  'nul',
  '{"a":1}}',
  '',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1,"a":2}',
);

function bodyText(route: Operation, workspaceId: string): fc.Arbitrary<string> {
  const value = fc.oneof(
    hostileJson(workspaceId),
    plausibleJson(workspaceId).map((v) => JSON.stringify(v)),
  );
  const extra = fc.constantFrom(
    [],
    ['"__proto__":{"admin":true}'],
    ['"constructor":{"prototype":{"admin":true}}'],
    ['"\\u0000":1'],
    ['"\\ud800":1'],
  );
  const object = fc
    .tuple(fc.array(value, { minLength: route.body.length, maxLength: route.body.length }), extra)
    .map(([values, more]) => {
      const members = route.body.map((field, i) => `${JSON.stringify(field)}:${values[i]}`);
      return `{${[...members, ...more].join(',')}}`;
    });
  return fc.oneof(object, hostileJson(workspaceId), brokenJson);
}

/** encodeURIComponent refuses lone surrogates; send what a client would: the UTF-8 of U+D800, which is not UTF-8. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const badEscapes = fc.constantFrom('%ZZ', '%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%00', '%2F..%2F', 'a%');

function pathValue(workspaceId: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(workspaceId),
    fc.uuid(),
    badEscapes,
    hostileText.map(encode),
    fc.integer({ min: 101, max: 6_000 }).map((length) => 'a'.repeat(length)),
  );
}

function queryText(route: Operation, workspaceId: string): fc.Arbitrary<string> {
  if (route.query.length === 0) return fc.constantFrom('', '?a=%ZZ', '?__proto__=x&__proto__=y');
  const one = fc.tuple(
    fc.constantFrom(...route.query),
    fc.oneof(hostileText.map(encode), badEscapes, fc.constantFrom('1', '-1', '1e9', 'abc', workspaceId)),
  );
  return fc
    .array(one, { maxLength: 4 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}` : ''));
}

function request(route: Operation, workspaceId: string) {
  return fc.record({
    params: fc.array(pathValue(workspaceId), {
      minLength: route.pathParams.length,
      maxLength: route.pathParams.length,
    }),
    query: queryText(route, workspaceId),
    body: route.method === 'GET' ? fc.constant(undefined) : fc.option(bodyText(route, workspaceId)),
    contentType: fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/xml'),
  });
}

describe('hostile input on every route', () => {
  const routes = routeTable();

  it('covers the route table', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers the envelope and never 500',
    async (_, route) => {
      // A fresh owner per route: a route that ends the session (logout) cannot blind the others.
      const owner = await quickUser(api);
      const workspace = await createWorkspace(api, owner);
      await fc.assert(
        fc.asyncProperty(request(route, workspace.id), async ({ params, query, body, contentType }) => {
          let index = 0;
          const url = route.path.replace(/\{\w+\}/g, () => params[index++] ?? '') + query;
          const response = await api.app.inject({
            method: route.method as 'GET',
            url,
            headers: {
              authorization: `Bearer ${owner.tokens.accessToken}`,
              ...(body !== undefined && body !== null ? { 'content-type': contentType } : {}),
            },
            ...(body !== undefined && body !== null ? { payload: body } : {}),
          });
          const where = `${route.method} ${url.slice(0, 300)} body ${String(body).slice(0, 300)}`;
          expect(response.statusCode, where).not.toBe(500);
          expect(response.headers['x-content-type-options'], where).toBe('nosniff');
          expect(response.headers['content-security-policy'], where).toBeDefined();
          const isFile =
            response.statusCode === 200 && !String(response.headers['content-type']).includes('json');
          if (isFile) return;
          const answer = response.json() as Record<string, unknown>;
          expect(Object.keys(answer).sort(), where).toEqual(['data', 'statusCode', 'statusMessage']);
          expect(answer.statusCode, where).toBeTypeOf('number');
          expect(answer.statusMessage, where).toBeTypeOf('string');
          expect(answer.statusCode, where).not.toBe(500);
        }),
        { numRuns: runsPerRoute },
      );
    },
    60_000,
  );
});

describe('a page far past the end of every list', () => {
  const pagedLists = routeTable().filter((route) => route.method === 'GET' && route.query.includes('page'));

  it('covers the paged lists', () => {
    expect(pagedLists.length).toBeGreaterThan(8);
  });

  it.each(pagedLists.map((route) => [route.path, route] as const))(
    '%s answers an empty page',
    async (_, route) => {
      const owner = await quickUser(api);
      const workspace = await createWorkspace(api, owner);
      const path = route.path.replace(/\{\w+\}/g, workspace.id);
      const scope = route.query.includes('workspaceId') ? `workspaceId=${workspace.id}&` : '';
      const searches = route.query.includes('search') ? ['', '&search=a'] : [''];
      for (const page of ['1e9', String(Number.MAX_SAFE_INTEGER)])
        for (const search of searches) {
          const url = `${path}?${scope}page=${page}&pageSize=100${search}`;
          const response = await api.call<Record<string, unknown>>('GET', url, {
            token: owner.tokens.accessToken,
          });
          expect(response.body.statusCode, url).toBe(200);
          // Notifications name their list `notifications`, every other list `items`.
          const lists = Object.values(response.body.data).filter(Array.isArray);
          expect(lists, url).toEqual([[]]);
        }
    },
  );
});

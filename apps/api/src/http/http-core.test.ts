import { StatusCode, type StatusCodeValue } from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createWorkspace, quickUser } from '../../test/fixtures';
import { startTestApp, type TestApp, testConfig } from '../../test/test-app';
import { AppError } from './app-error';
import { ok } from './envelope';
import { limitRoute } from './rate-limit';

// Routes that exist only in this test, to drive the shared request pipeline.
function testRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/v1/test/echo',
    {
      schema: {
        body: z.object({
          name: z.string().min(3),
          code: z.string().regex(/^\d+$/),
          count: z.number().max(9).optional(),
          password: z.string().optional(),
        }),
      },
    },
    async (request) => ok(request, request.body),
  );
  typed.get(
    '/v1/test/fail/:code',
    { schema: { params: z.object({ code: z.coerce.number() }) } },
    async (request) => {
      throw new AppError(request.params.code as StatusCodeValue, { data: { reason: 'test' } });
    },
  );
  app.get('/v1/test/not-member', async () => {
    throw new AppError(StatusCode.forbidden, { pageLevel: true });
  });
  // What node-postgres and Drizzle throw when PostgreSQL goes away under a request: code-less messages,
  // the last one a rollback that failed after its connection was lost.
  const lost = [
    new Error('Connection terminated unexpectedly'),
    Object.assign(new Error('Failed query: rollback\nparams: '), {
      cause: new Error('Client has encountered a connection error and is not queryable'),
    }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  ];
  app.get<{ Params: { n: string } }>('/v1/test/database-lost/:n', async (request) => {
    throw lost[Number(request.params.n)];
  });
  app.get('/v1/test/crash', async () => {
    throw new Error('secret internal detail');
  });
  app.get(
    '/v1/test/limited',
    { preHandler: limitRoute(app.deps.limiter, { name: 'test', max: 3, windowSeconds: 60 }) },
    async (request) => ok(request, null),
  );
}

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({ extend: testRoutes });
});
afterAll(() => api.close());

describe('the envelope and languages', () => {
  it('answers success in the envelope, in Persian by default and English on request', async () => {
    const fa = await api.call('POST', '/v1/test/echo', { body: { name: 'abc', code: '1' } });
    expect(fa.status).toBe(200);
    expect(fa.body).toEqual({
      statusCode: 200,
      statusMessage: 'عملیات با موفقیت انجام شد',
      data: { name: 'abc', code: '1' },
    });
    const en = await api.call('POST', '/v1/test/echo', {
      body: { name: 'abc', code: '1' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.body.statusMessage).toBe('Done');
  });

  it('answers in Arabic when Accept-Language prefers Arabic (statusMessage and validation texts)', async () => {
    const done = await api.call('POST', '/v1/test/echo', {
      body: { name: 'abc', code: '1' },
      headers: { 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.5' },
    });
    expect(done.body.statusMessage).toBe('تمت العملية بنجاح');
    const refused = await api.call('POST', '/v1/test/echo', {
      body: { name: 'ab', count: 12 },
      headers: { 'accept-language': 'ar' },
    });
    expect(refused.body).toEqual({
      statusCode: 400,
      statusMessage: 'البيانات المرسلة غير صالحة',
      data: {
        errors: [
          { path: 'name', message: 'يجب ألا يقل عن ٣ محارف' },
          { path: 'code', message: 'هذه القيمة مطلوبة' },
          { path: 'count', message: 'يجب أن يكون أصغر من ٩ أو مساويًا له' },
        ],
      },
    });
    const unauthorized = await api.call('GET', '/v1/test/fail/401', { headers: { 'accept-language': 'ar' } });
    expect(unauthorized.body.statusMessage).toBe('ليس لديك صلاحية الوصول');
  });

  it('accepts paths with and without a trailing slash', async () => {
    const answer = await api.call('POST', '/v1/test/echo/', { body: { name: 'abc', code: '1' } });
    expect(answer.status).toBe(200);
  });
});

describe('input normalisation', () => {
  it('turns Persian and Arabic-Indic digits into ASCII, trims, and uses Persian ی and ک', async () => {
    const answer = await api.call('POST', '/v1/test/echo', { body: { name: '  علي كريمي ', code: '۱۲٣٤' } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ name: 'علی کریمی', code: '1234' });
  });

  it('keeps the spaces of a password but makes its digits ASCII', async () => {
    const answer = await api.call('POST', '/v1/test/echo', {
      body: { name: 'abc', code: '1', password: ' رمز۱۲ ' },
    });
    expect(answer.body.data).toMatchObject({ password: ' رمز12 ' });
  });
});

describe('hostile input is refused with body 400, before anything walks or stores it', () => {
  const deep = `${'['.repeat(2000)}${']'.repeat(2000)}`;

  it("deep nesting on a public route answers 400 with the reason in the request's language", async () => {
    for (const [locale, message] of [
      ['fa', 'ساختار درخواست بیش از حد تودرتو است'],
      ['en', 'The request is nested too deeply'],
    ] as const) {
      const response = await fetch(`${api.url}/v1/auth/identity/login/username/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': locale },
        body: deep,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        statusCode: 400,
        data: { errors: [{ path: '', message }] },
      });
    }
  });

  it('deep nesting inside a field is refused as well', async () => {
    const answer = await api.call('POST', '/v1/test/echo', {
      body: { name: JSON.parse(deep), code: '1' },
      headers: { 'accept-language': 'en' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data).toEqual({ errors: [{ path: '', message: 'The request is nested too deeply' }] });
  });

  it('refuses U+0000 and lone surrogates in a body, its keys, a query and a path parameter', async () => {
    const nul = 'The request contains a null character (U+0000), which is not accepted';
    const surrogate = 'The request contains text with a broken Unicode character (a lone surrogate)';
    const en = { 'accept-language': 'en' };
    const cases: [Promise<{ status: number; body: { data: unknown } }>, string][] = [
      [api.call('POST', '/v1/test/echo', { body: { name: 'ab\u0000c', code: '1' }, headers: en }), nul],
      [
        api.call('POST', '/v1/test/echo', { body: { name: 'abc', code: '1', 'x\u0000': 1 }, headers: en }),
        nul,
      ],
      [api.call('POST', '/v1/test/echo', { body: { name: '\ud800x', code: '1' }, headers: en }), surrogate],
      [api.call('GET', '/v1/test/fail/404?search=%00', { headers: en }), nul],
      [api.call('GET', '/v1/test/fail/%00', { headers: en }), nul],
    ];
    for (const [answer, message] of cases) {
      const { status, body } = await answer;
      expect(status).toBe(400);
      expect(body.data).toEqual({ errors: [{ path: '', message }] });
    }
  });

  it('refuses U+0000 on the real routes that used to answer 500, logged in', async () => {
    const owner = await quickUser(api);
    const workspace = await createWorkspace(api, owner);
    const token = owner.tokens.accessToken;
    const answers = await Promise.all([
      api.call('GET', `/v1/workspaces/users/identity/workspace-id/${workspace.id}/?search=%00`, { token }),
      api.call('GET', `/v1/workspaces/members/access/roles/workspace-id/${workspace.id}?search=%00`, {
        token,
      }),
      api.call('GET', '/v1/workspaces/workspace-id/%00', { token }),
      api.call('POST', '/v1/workspaces/', { token, body: { workspaceName: 'nul-name', name: 'a\u0000b' } }),
      api.call('POST', '/v1/workspaces/', { token, body: { workspaceName: 'lone-name', name: 'a\udc00b' } }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.statusCode).toBe(400);
    }
  });
});

describe('malformed addresses', () => {
  it('a bad %-escape in the path answers the envelope with the security headers and a request id', async () => {
    const response = await fetch(`${api.url}/v1/workspaces/workspace-id/%ZZ`, {
      headers: { 'accept-language': 'en' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      statusMessage: 'The request is not valid',
      data: { errors: [{ path: '', message: 'The request address is not valid' }] },
    });
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an over-long path parameter answers the envelope too', async () => {
    const response = await fetch(`${api.url}/v1/workspaces/workspace-id/${'a'.repeat(5000)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      statusCode: 400,
      statusMessage: 'اطلاعات ارسالی معتبر نیست',
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('request ids', () => {
  it("are the API's own: a client cannot choose the id of its answer and log lines", async () => {
    const response = await fetch(`${api.url}/healthz`, { headers: { 'x-request-id': 'trace_01-AB' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
  });

  it('are the same in the header and in 500 bodies, whatever X-Request-Id the client sent', async () => {
    for (const given of ['X<script>alert(1)</script>', 'a b', 'x'.repeat(65), 'trace_01-AB']) {
      const answer = await api.call<{ requestId: string }>('GET', '/v1/test/crash', {
        headers: { 'x-request-id': given },
      });
      const id = answer.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(answer.body.data.requestId).toBe(id);
    }
  });
});

describe('requests Node refuses before they are parsed', () => {
  it('a head over 16 KB answers the envelope, in the language the request asked for', async () => {
    for (const [language, message] of [
      ['en', 'The request headers are too large'],
      ['fa', 'سرآیندهای درخواست بیش از حد بزرگ است'],
    ]) {
      const response = await fetch(`${api.url}/healthz`, {
        headers: { 'accept-language': language!, 'x-padding': 'a'.repeat(20_000) },
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(await response.json()).toMatchObject({
        statusCode: 400,
        data: { errors: [{ path: '', message }] },
      });
    }
  });
});

describe('validation errors', () => {
  it('answers body 400 with field errors in Persian', async () => {
    const answer = await api.call('POST', '/v1/test/echo', { body: { name: 'ab', count: 12 } });
    expect(answer.status).toBe(400);
    expect(answer.body.statusCode).toBe(400);
    expect(answer.body.data).toEqual({
      errors: [
        { path: 'name', message: 'باید حداقل ۳ نویسه باشد' },
        { path: 'code', message: 'این مقدار الزامی است' },
        { path: 'count', message: 'باید کوچک‌تر یا مساوی ۹ باشد' },
      ],
    });
  });

  it('answers field errors in English on request', async () => {
    const answer = await api.call('POST', '/v1/test/echo', {
      body: { name: 'abc' },
      headers: { 'accept-language': 'en' },
    });
    expect(answer.body.data).toEqual({ errors: [{ path: 'code', message: 'Required' }] });
  });

  it('answers malformed JSON with body 400, not a crash', async () => {
    const response = await fetch(`${api.url}/v1/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { statusCode: number; data: { errors: { message: string }[] } };
    expect(body.statusCode).toBe(400);
    expect(body.data.errors[0]?.message).toBe('بدنه‌ی درخواست معتبر نیست');
  });
});

describe('status codes', () => {
  const table: [StatusCodeValue, number][] = [
    [630, 200],
    [401, 401],
    [403, 400],
    [404, 404],
    [260, 400],
    [261, 400],
    [620, 400],
    [621, 400],
    [622, 400],
    [660, 400],
    [503, 503],
  ];
  it.each(table)('body %i travels with HTTP %i', async (code, http) => {
    const answer = await api.call('GET', `/v1/test/fail/${code}`);
    expect(answer.status).toBe(http);
    expect(answer.body.statusCode).toBe(code);
    expect(answer.body.data).toEqual({ reason: 'test' });
  });

  it('a 503 says when to try again (Retry-After)', async () => {
    const answer = await api.call('GET', '/v1/test/fail/503');
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it.each([0, 1, 2])(
    'a database connection lost under a request (case %i) answers 503 with Retry-After, not 500',
    async (n) => {
      const answer = await api.call('GET', `/v1/test/database-lost/${n}`);
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ statusCode: 503, data: null });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    },
  );

  it('a page-level 403 (not a member) travels with HTTP 403', async () => {
    const answer = await api.call('GET', '/v1/test/not-member');
    expect(answer.status).toBe(403);
    expect(answer.body.statusCode).toBe(403);
  });

  it('an unexpected error answers 500 with a request id and no stack or detail', async () => {
    const answer = await api.call<{ requestId: string }>('GET', '/v1/test/crash');
    expect(answer.status).toBe(500);
    expect(answer.body.statusCode).toBe(500);
    expect(answer.body.data.requestId).toBe(answer.headers.get('x-request-id'));
    expect(JSON.stringify(answer.body)).not.toMatch(/secret internal detail|at .*\.ts/);
  });

  it('an unknown API path answers the enveloped 404', async () => {
    const answer = await api.call('GET', '/v1/no/such/route');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ statusCode: 404, data: null });
  });
});

describe('rate limits', () => {
  it('answers body 260 with Retry-After once the limit is passed', async () => {
    for (let i = 0; i < 3; i++) expect((await api.call('GET', '/v1/test/limited')).status).toBe(200);
    const limited = await api.call<{ retryAfter: number }>('GET', '/v1/test/limited');
    expect(limited.status).toBe(400);
    expect(limited.body.statusCode).toBe(260);
    expect(limited.body.data.retryAfter).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBe(limited.body.data.retryAfter);
  });
});

describe('security headers and API docs', () => {
  it('sends a content security policy and nosniff', async () => {
    const response = await fetch(`${api.url}/healthz`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('in production: no /docs unless API_DOCS=true, and HSTS on every answer, a framework error too', async () => {
    const production = { NODE_ENV: 'production', ALLOW_LOG_PROVIDERS: 'true' };
    const closed = await startTestApp({ config: testConfig(production) });
    const opened = await startTestApp({ config: testConfig({ ...production, API_DOCS: 'true' }) });
    try {
      for (const path of ['/docs', '/docs/json']) {
        const response = await fetch(closed.url + path);
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({ statusCode: 404, data: null });
      }
      expect((await fetch(`${opened.url}/docs/json`)).status).toBe(200);
      const bad = await fetch(`${closed.url}/v1/workspaces/workspace-id/%ZZ`);
      expect(bad.status).toBe(400);
      expect(bad.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(bad.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await closed.close();
      await opened.close();
    }
  });

  it('publishes the OpenAPI document generated from the schemas', async () => {
    const response = await fetch(`${api.url}/docs/json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/readyz']).toBeDefined();
    const ui = await fetch(`${api.url}/docs/`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });
});

describe('client addresses behind proxies (TRUST_PROXY)', () => {
  /** The address the app sees for a request that names `forwardedFor`, under `trustProxy`. */
  async function addressSeen(trustProxy: string, forwardedFor: string): Promise<string> {
    const app = await startTestApp({
      config: testConfig({ TRUST_PROXY: trustProxy }),
      extend: (app) => app.get('/v1/test/ip', async (request) => ok(request, { ip: request.ip })),
    });
    try {
      const answer = await app.call<{ ip: string }>('GET', '/v1/test/ip', {
        headers: { 'x-forwarded-for': forwardedFor },
      });
      return answer.body.data.ip;
    } finally {
      await app.close();
    }
  }

  it('true trusts the one proxy in front: a client cannot name its own address before it', async () => {
    expect(await addressSeen('true', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('takes a hop count, or the addresses of the proxies', async () => {
    expect(await addressSeen('2', '6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    expect(await addressSeen('127.0.0.1', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    // The test's own connection is not one of these: what it says is not taken.
    expect(await addressSeen('10.0.0.0/8, 192.168.0.1', '203.0.113.9')).toBe('127.0.0.1');
  });
});

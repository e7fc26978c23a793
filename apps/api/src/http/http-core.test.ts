import type { StatusCodeValue } from '@wsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRoutes } from '../../test/pipeline-routes';
import { startTestApp, type TestApp, testConfig } from '../../test/test-app';
import { ok } from './envelope';

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

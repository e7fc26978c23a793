import { StatusCode, type StatusCodeValue } from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../test/test-app';
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, quickUser } from '../../test/fixtures';
import { testRoutes } from '../../test/pipeline-routes';
import { startTestApp, type TestApp } from '../../test/test-app';

// Hostile and malformed requests through the shared pipeline: refused with the envelope, never 500.

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({ extend: testRoutes });
});
afterAll(() => api.close());
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

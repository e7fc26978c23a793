import { identityPaths as paths, type TokenPair } from '@wsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, latestCode, newClient, signUp } from '../../../test/fixtures';
import { startTestApp, type TestApp, testConfig } from '../../../test/test-app';

// The web app's refresh token: an HttpOnly, SameSite=Strict cookie scoped to the renewal path, used only
// with its CSRF proof; API clients keep renewing with the token in the body.

const renewPath = '/v1/auth/identity/security/tokens/renew';

interface Cookie {
  name: string;
  value: string;
  attributes: string[];
}

function cookiesOf(headers: Headers): Record<string, Cookie> {
  const found: Record<string, Cookie> = {};
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(/;\s*/);
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    found[name] = { name, value: decodeURIComponent(pair.slice(at + 1)), attributes };
  }
  return found;
}

const has = (cookie: Cookie | undefined, attribute: string) =>
  cookie?.attributes.some((value) => value.toLowerCase() === attribute.toLowerCase()) ?? false;

async function logInWithCookies(api: TestApp) {
  const user = await signUp(api);
  const client = newClient(api);
  const step = await client.call<{ accessToken: string }>('POST', paths.loginNationalCode, {
    body: { nationalCode: user.nationalCode, password: user.password },
  });
  const verify = await client.call<TokenPair>('POST', paths.loginVerify, {
    body: { code: await latestCode(api, user.phone) },
    token: step.body.data.accessToken,
  });
  expect(verify.status).toBe(200);
  return { client, answer: verify, cookies: cookiesOf(verify.headers) };
}

const renewByCookie = (client: Client, cookies: Record<string, Cookie>, csrf?: string) =>
  client.call<TokenPair>('POST', paths.renew, {
    body: {},
    headers: {
      cookie: `refreshToken=${cookies.refreshToken?.value}; refreshCsrf=${cookies.refreshCsrf?.value}`,
      ...(csrf === undefined ? {} : { 'x-csrf-token': csrf }),
    },
  });

describe('the refresh token cookie (http)', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ config: testConfig({ PUBLIC_URL: 'http://localhost:4000' }) });
  });
  afterAll(() => api.close());

  it('login sets it HttpOnly, SameSite=Strict, on the renewal path only, not Secure on http', async () => {
    const { answer, cookies } = await logInWithCookies(api);
    const refresh = cookies.refreshToken;
    expect(refresh?.value).toBe(answer.body.data.refreshToken);
    expect(has(refresh, 'HttpOnly')).toBe(true);
    expect(has(refresh, 'SameSite=Strict')).toBe(true);
    expect(has(refresh, `Path=${renewPath}`)).toBe(true);
    expect(has(refresh, 'Secure')).toBe(false);
    // The CSRF cookie is readable by the page, site-wide, and holds no token.
    const csrf = cookies.refreshCsrf;
    expect(has(csrf, 'HttpOnly')).toBe(false);
    expect(has(csrf, 'SameSite=Strict')).toBe(true);
    expect(has(csrf, 'Path=/')).toBe(true);
    expect(csrf?.value).not.toBe(refresh?.value);
  });

  it('renewal by cookie without the CSRF proof, or with a wrong one, is refused', async () => {
    const { client, cookies } = await logInWithCookies(api);
    const without = await renewByCookie(client, cookies);
    expect(without.status).toBe(401);
    const wrong = await renewByCookie(client, cookies, `${cookies.refreshCsrf?.value}x`);
    expect(wrong.status).toBe(401);
    // The refused attempts cost nothing: with the proof it still renews.
    expect((await renewByCookie(client, cookies, cookies.refreshCsrf?.value)).status).toBe(200);
  });

  it('renewal by cookie with the proof answers a pair and rotates the cookie; the old one is a replay', async () => {
    const { client, cookies } = await logInWithCookies(api);
    const renewed = await renewByCookie(client, cookies, cookies.refreshCsrf?.value);
    expect(renewed.status).toBe(200);
    const next = cookiesOf(renewed.headers);
    expect(next.refreshToken?.value).toBe(renewed.body.data.refreshToken);
    expect(next.refreshToken?.value).not.toBe(cookies.refreshToken?.value);
    expect(has(next.refreshToken, 'HttpOnly')).toBe(true);
    expect(has(next.refreshToken, `Path=${renewPath}`)).toBe(true);
    const sessions = await client.call('GET', paths.sessions, { token: renewed.body.data.accessToken });
    expect(sessions.status).toBe(200);
    // The rotated cookie renews again; the first one is now a replay.
    expect((await renewByCookie(client, next, next.refreshCsrf?.value)).status).toBe(200);
    const replay = await renewByCookie(client, cookies, cookies.refreshCsrf?.value);
    expect(replay.body.statusCode).toBe(660);
    expect(cookiesOf(replay.headers).refreshToken?.value).toBe('');
  });

  it('the body token keeps working as the contract says, and answers the cookie too', async () => {
    const { client, answer } = await logInWithCookies(api);
    const renewed = await client.call<TokenPair>('POST', paths.renew, {
      body: { refreshToken: answer.body.data.refreshToken },
    });
    expect(renewed.status).toBe(200);
    expect(Object.keys(renewed.body.data).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken']);
    expect(cookiesOf(renewed.headers).refreshToken?.value).toBe(renewed.body.data.refreshToken);
  });

  it('logout clears both cookies on their paths', async () => {
    const { client, answer } = await logInWithCookies(api);
    const out = await client.call('DELETE', paths.logout, { token: answer.body.data.accessToken });
    expect(out.status).toBe(200);
    const cleared = cookiesOf(out.headers);
    expect(cleared.refreshToken?.value).toBe('');
    expect(has(cleared.refreshToken, `Path=${renewPath}`)).toBe(true);
    expect(cleared.refreshToken?.attributes.join(';')).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared.refreshCsrf?.value).toBe('');
    expect(has(cleared.refreshCsrf, 'Path=/')).toBe(true);
  });
});

describe('the refresh token cookie (https)', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ config: testConfig({ PUBLIC_URL: 'https://wsm.example' }) });
  });
  afterAll(() => api.close());

  it('is Secure, as is the CSRF cookie, when PUBLIC_URL is https', async () => {
    const { cookies } = await logInWithCookies(api);
    expect(has(cookies.refreshToken, 'Secure')).toBe(true);
    expect(has(cookies.refreshToken, 'HttpOnly')).toBe(true);
    expect(has(cookies.refreshCsrf, 'Secure')).toBe(true);
  });
});

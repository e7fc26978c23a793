// A signed-in browser for the benches: a user signed up and logged in through the API (codes from the
// development outbox), with one workspace, and the browser state the web app keeps after a login
// (the token cookies, the stored user, the chosen workspace).
import { call, latestCode, randomDigits, signUp } from './client.mjs';

function expectCode(answer, statusCode, step) {
  if (answer.statusCode !== statusCode) throw new Error(`${step}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** Signs a new user up, logs in and creates a workspace: the tokens, the user id and the workspace id. */
export async function signedInOwner(url) {
  const { phone, nationalCode, password } = await signUp(url);
  const challenge = expectCode(
    await call(url, 'POST', '/v1/auth/identity/login/national-code/', { nationalCode, password }),
    630,
    'login',
  );
  const loginCode = await latestCode(url, phone);
  const tokens = expectCode(
    await call(
      url,
      'POST',
      '/v1/auth/identity/login/2fa/verify/',
      { code: loginCode },
      challenge.accessToken,
    ),
    200,
    'login code',
  );
  const workspace = expectCode(
    await call(
      url,
      'POST',
      '/v1/workspaces/',
      { workspaceName: `bench-${randomDigits(8)}`, name: 'Bench workspace' },
      tokens.accessToken,
    ),
    200,
    'workspace',
  );
  const userId = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1], 'base64url').toString()).sub;
  return { tokens, userId, workspaceId: workspace.id };
}

/**
 * Writes an owner's session into a fresh browser's storage for `url`'s origin, as a completed login
 * leaves it, from a page of that origin that runs no script of the app (the favicon), so nothing of the
 * app is cached before the measured visit.
 */
export async function storeSession(page, url, owner, locale) {
  await page.goto(`${url}/favicon.svg`);
  const expires = Math.floor(Date.now() / 1000) + 86_400;
  // As the API sets them after a login (apps/api/src/modules/identity/refresh-cookie.ts): the refresh
  // token HttpOnly and sent only to the renewal path, its readable CSRF companion beside it.
  await page.setCookie(
    { name: 'accessToken', value: owner.tokens.accessToken, url, expires },
    {
      name: 'refreshToken',
      value: owner.tokens.refreshToken,
      domain: new URL(url).hostname,
      path: '/v1/auth/identity/security/tokens/renew',
      httpOnly: true,
      sameSite: 'Strict',
      expires,
    },
    { name: 'refreshCsrf', value: randomDigits(24), url, sameSite: 'Strict', expires },
  );
  await page.evaluate(
    ({ tokens, userId, workspaceId, language }) => {
      localStorage.setItem('user', JSON.stringify({ id: userId, language: { key: language } }));
      localStorage.setItem('access-expiry', String(Date.now() + tokens.expiresIn * 1000));
      localStorage.setItem('workspace-id', workspaceId);
    },
    { ...owner, language: { fa: 'persian', en: 'english', ar: 'arabic' }[locale] },
  );
}

// A signed-in browser for the benches: a user signed up and logged in through the API (codes from the
// development outbox), with one workspace, and the browser state the web app keeps after a login
// (product-spec.md section 3: the token cookies, the stored user, the chosen workspace).

function randomDigits(n) {
  return Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
}

/** A valid Iranian national code (check digit per the spec), never ten equal digits. */
export function randomNationalCode() {
  for (;;) {
    const digits = randomDigits(9);
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(digits[i]) * (10 - i);
    const r = sum % 11;
    const code = digits + String(r < 2 ? r : 11 - r);
    if (!/^(\d)\1{9}$/.test(code)) return code;
  }
}

async function call(url, method, path, body, token) {
  const response = await fetch(url + path, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.json();
}

async function latestCode(url, phone) {
  const answer = await call(url, 'GET', `/dev/outbox?to=${phone}`);
  return answer.data[0]?.code;
}

function expectCode(answer, statusCode, step) {
  if (answer.statusCode !== statusCode) throw new Error(`${step}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** Signs a new user up, logs in and creates a workspace: the tokens, the user id and the workspace id. */
export async function signedInOwner(url) {
  const phone = `0912${randomDigits(7)}`;
  const nationalCode = randomNationalCode();
  const password = 'Bench-Password-2024!';
  const { signupToken } = expectCode(
    await call(url, 'POST', '/v1/auth/identity/signup/2fa/phone/', { phone, nationalCode }),
    200,
    'sign-up',
  );
  const signupCode = await latestCode(url, phone);
  await call(url, 'POST', '/v1/auth/identity/signup/2fa/verify/', { signupToken, code: signupCode });
  expectCode(
    await call(url, 'POST', '/v1/auth/identity/signup/2fa/password/', { signupToken, password }),
    200,
    'password',
  );
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
  await page.setCookie(
    { name: 'accessToken', value: owner.tokens.accessToken, url, expires },
    { name: 'refreshToken', value: owner.tokens.refreshToken, url, expires },
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

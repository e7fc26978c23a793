// What the benches send: JSON requests to the API, and random people to sign up.

/** Sends a JSON request and answers the envelope ({ statusCode, statusMessage, data }). */
export async function call(url, method, path, body, token) {
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

export function randomDigits(n) {
  return Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
}

/** A random national code with a valid check digit (never one repeated digit). */
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

/** The last code the development outbox holds for `to` (a phone or an e-mail address). */
export async function latestCode(url, to) {
  const answer = await call(url, 'GET', `/dev/outbox?to=${to}`);
  return answer.data[0]?.code;
}

/** Signs a new random person up through the API: their phone, national code and password. */
export async function signUp(url) {
  const phone = `0912${randomDigits(7)}`;
  const nationalCode = randomNationalCode();
  const password = 'Bench-Password-2024!';
  const start = await call(url, 'POST', '/v1/auth/identity/signup/2fa/phone/', { phone, nationalCode });
  if (start.statusCode !== 200) throw new Error(`sign-up: ${JSON.stringify(start)}`);
  const code = await latestCode(url, phone);
  const { signupToken } = start.data;
  await call(url, 'POST', '/v1/auth/identity/signup/2fa/verify/', { signupToken, code });
  const done = await call(url, 'POST', '/v1/auth/identity/signup/2fa/password/', { signupToken, password });
  if (done.statusCode !== 200) throw new Error(`sign-up: ${JSON.stringify(done)}`);
  return { phone, nationalCode, password, tokens: done.data };
}

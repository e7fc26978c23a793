import { request } from 'node:http';

// What the benches send: JSON requests to the API, and random people to sign up.

/**
 * Sends a JSON request and answers the envelope ({ statusCode, statusMessage, data }). Through node:http,
 * not fetch: fetch gives up on an answer whose head takes over 300 s (a 100k-user restore on a loaded
 * machine does).
 */
export function call(url, method, path, body, token) {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(url + path),
      {
        method,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
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

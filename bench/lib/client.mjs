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

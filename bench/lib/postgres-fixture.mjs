import pg from 'pg';
import { call, randomDigits, randomNationalCode } from './client.mjs';

// What the PostgreSQL list benches share: a database of their own and a signed-up owner.

/** A database for the run: DATABASE_URL as it is, or a fresh one on PG_ADMIN_URL, dropped afterwards. */
export async function prepareDatabase() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, drop: async () => {} };
  const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `wsm_bench_${process.pid}_${randomDigits(4)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The envelope's data, or an error that says what failed. */
export function expectOk(answer, what) {
  if (answer.statusCode !== 200) throw new Error(`${what}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** A new account through the API's sign-up (codes from the development outbox); its access token. */
export async function signUp(url) {
  const phone = `0912${randomDigits(7)}`;
  const start = expectOk(
    await call(url, 'POST', '/v1/auth/identity/signup/2fa/phone/', {
      phone,
      nationalCode: randomNationalCode(),
    }),
    'sign-up',
  );
  const outbox = await call(url, 'GET', `/dev/outbox?to=${phone}`);
  const { signupToken } = start;
  await call(url, 'POST', '/v1/auth/identity/signup/2fa/verify/', { signupToken, code: outbox.data[0].code });
  const done = expectOk(
    await call(url, 'POST', '/v1/auth/identity/signup/2fa/password/', {
      signupToken,
      password: 'Bench-Password-2024!',
      username: `bench_owner_${randomDigits(5)}`,
      firstName: 'Owner',
      lastName: 'Bench',
    }),
    'sign-up password',
  );
  return { token: done.accessToken };
}

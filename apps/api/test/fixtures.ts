import { randomInt } from 'node:crypto';
import { identityPaths, type OutboxMessage, type TokenPair } from '@wsm/contracts';
import { decodeJwt } from 'jose';
import type { DatabaseHandle } from '../src/db/client';
import { hashOpaqueToken } from '../src/modules/identity/one-time-codes';
import * as repo from '../src/modules/identity/repository';
import type { ChallengePurpose, ChallengeRow } from '../src/modules/identity/schema';
import type { ApiAnswer, TestApp } from './test-app';

// Test data: every test makes its own people, because the database is shared within a worker.

/** A random national code with a valid check digit (never one repeated digit). */
export function randomNationalCode(): string {
  for (;;) {
    const digits = Array.from({ length: 9 }, () => randomInt(10));
    const sum = digits.reduce((acc, d, i) => acc + d * (10 - i), 0);
    const r = sum % 11;
    const code = digits.join('') + String(r < 2 ? r : 11 - r);
    if (!/^(\d)\1{9}$/.test(code)) return code;
  }
}

/** A random Iranian mobile number, 09xxxxxxxxx. */
export function randomPhone(): string {
  return `091${randomInt(10)}${String(randomInt(10_000_000)).padStart(7, '0')}`;
}

/** A random valid username. */
export function randomUsername(): string {
  return `u${randomInt(36 ** 8).toString(36)}_${randomInt(1000)}`;
}

/** A random private address, so each test's client has its own per-IP counters (the app trusts the proxy). */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export const strongPassword = 'Correct-Horse-Battery-9';

type CallOptions = { body?: unknown; token?: string; headers?: Record<string, string> };

/** A client with its own address: every call carries X-Forwarded-For. */
export interface Client {
  ip: string;
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<ApiAnswer<T>>;
}

export function newClient(api: TestApp, ip = randomIp()): Client {
  return {
    ip,
    call: (method, path, options = {}) =>
      api.call(method, path, { ...options, headers: { 'x-forwarded-for': ip, ...options.headers } }),
  };
}

/** The outbox messages to a phone or address, newest first. */
export async function outbox(api: TestApp, to: string): Promise<OutboxMessage[]> {
  const answer = await api.call<OutboxMessage[]>('GET', `/dev/outbox?to=${encodeURIComponent(to)}`);
  return answer.body.data;
}

/** The code of the newest message to a phone or address. */
export async function latestCode(api: TestApp, to: string): Promise<string> {
  const [message] = await outbox(api, to);
  if (!message?.code) throw new Error(`no code was sent to ${to}`);
  return message.code;
}

/** A code that differs from `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

export interface TestUser {
  id: string;
  phone: string;
  nationalCode: string;
  username: string;
  password: string;
  tokens: TokenPair;
}

/** Signs a new person up through the API (phone → code → password) and answers who it is. */
export async function signUp(
  api: TestApp,
  client: Client = newClient(api),
  options: { username?: string; password?: string; language?: 'fa' | 'en' } = {},
): Promise<TestUser> {
  const phone = randomPhone();
  const nationalCode = randomNationalCode();
  const username = options.username ?? randomUsername();
  const password = options.password ?? strongPassword;
  const headers = { 'accept-language': options.language ?? 'fa' };
  const start = await client.call<{ signupToken: string }>('POST', identityPaths.signupPhone, {
    body: { phone, nationalCode },
    headers,
  });
  expectOk(start, 'signup phone');
  const code = await latestCode(api, phone);
  const verify = await client.call<{ signupToken: string }>('POST', identityPaths.signupVerify, {
    body: { signupToken: start.body.data.signupToken, code },
  });
  expectOk(verify, 'signup verify');
  const done = await client.call<TokenPair>('POST', identityPaths.signupPassword, {
    body: {
      signupToken: verify.body.data.signupToken,
      password,
      username,
      firstName: 'Sara',
      lastName: 'Test',
    },
    headers,
  });
  expectOk(done, 'signup password');
  const id = decodeJwt(done.body.data.accessToken).sub!;
  return { id, phone, nationalCode, username, password, tokens: done.body.data };
}

/** Logs a user in by national code (password → code by SMS → tokens). */
export async function logIn(
  api: TestApp,
  user: Pick<TestUser, 'nationalCode' | 'password' | 'phone'>,
  client: Client = newClient(api),
  headers: Record<string, string> = {},
): Promise<TokenPair> {
  const step = await client.call<{ accessToken: string }>('POST', identityPaths.loginNationalCode, {
    body: { nationalCode: user.nationalCode, password: user.password },
  });
  if (step.body.statusCode !== 630) throw new Error(`login step: ${JSON.stringify(step.body)}`);
  const code = await latestCode(api, user.phone);
  const verify = await client.call<TokenPair>('POST', identityPaths.loginVerify, {
    body: { code },
    token: step.body.data.accessToken,
    headers,
  });
  expectOk(verify, 'login verify');
  return verify.body.data;
}

function expectOk(answer: ApiAnswer, what: string): void {
  if (answer.status !== 200 || answer.body.statusCode !== 200)
    throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** The challenge row behind a flow token, to move its dates in tests. */
export async function challengeOf(
  database: DatabaseHandle,
  purpose: ChallengePurpose,
  token: string,
): Promise<ChallengeRow> {
  const row = await repo.findChallengeByToken(database.db, purpose, hashOpaqueToken(token));
  if (!row) throw new Error('no such challenge');
  return row;
}

/** Moves a challenge's dates into the past, as if `seconds` had passed. */
export async function ageChallenge(
  database: DatabaseHandle,
  purpose: ChallengePurpose,
  token: string,
  seconds: number,
): Promise<void> {
  const row = await challengeOf(database, purpose, token);
  const back = (date: Date | null) => (date ? new Date(date.getTime() - seconds * 1000) : null);
  await repo.updateChallenge(database.db, row.id, {
    expiresDate: back(row.expiresDate)!,
    codeExpiresDate: back(row.codeExpiresDate),
    lastSentDate: back(row.lastSentDate),
    createdDate: back(row.createdDate)!,
  });
}

import { randomInt } from 'node:crypto';
import type { OutboxMessage } from '@wsm/contracts';
import { type ApiAnswer, appForFile, behindProxy, type TestApp } from './test-app';

// Test clients and what the development outbox holds: every test makes its own people, because the
// database is shared within a worker (fixtures.ts re-exports this module).

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

/** A short call, each from a new client (so per-IP limits never meet), in `language` unless told. */
export function callIn(api: TestApp, language: 'fa' | 'en') {
  return <T = unknown>(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
    lang: string = language,
  ) => newClient(api).call<T>(method, path, { token, body, headers: { 'accept-language': lang } });
}

/**
 * This file's app behind the proxy (client addresses from X-Forwarded-For, as in production) and a
 * caller of it in `language`: the setup of the tests of a signed-in person's own pages.
 */
export function proxiedAppAndCaller(language: 'fa' | 'en'): {
  api: TestApp;
  call: ReturnType<typeof callIn>;
} {
  const api = appForFile(behindProxy);
  return { api, call: callIn(api, language) };
}

/** A phone as the API shows it to whoever may not see it whole: its first four and last four digits. */
export function maskedPhone(phone: string): string {
  return `${phone.slice(0, 4)}***${phone.slice(-4)}`;
}

/** The outbox messages to a phone or address, newest first. */
export async function outbox(api: TestApp, to: string): Promise<OutboxMessage[]> {
  const answer = await api.call<OutboxMessage[]>('GET', `/dev/outbox?to=${encodeURIComponent(to)}`);
  return answer.body.data;
}

/** The code of the newest message to a phone or address that carries one (a login alert carries none). */
export async function latestCode(api: TestApp, to: string): Promise<string> {
  const message = (await outbox(api, to)).find((candidate) => candidate.code);
  if (!message?.code) throw new Error(`no code was sent to ${to}`);
  return message.code;
}

/** A code that differs from `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** Throws with the answer when a setup call did not succeed. */
export function expectOk(answer: ApiAnswer, what: string): void {
  if (answer.status !== 200 || answer.body.statusCode !== 200)
    throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
}

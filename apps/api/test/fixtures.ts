import { randomInt } from 'node:crypto';
import {
  identityPaths,
  type LoginStep,
  type OutboxMessage,
  type StepUp,
  type TokenPair,
} from '@wsm/contracts';
import { decodeJwt } from 'jose';
import sharp from 'sharp';
import { uuidv7 } from 'uuidv7';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { generateOpaqueToken, hashOpaqueToken } from '../src/modules/identity/one-time-codes';
import * as repo from '../src/modules/identity/repository';
import type { ChallengePurpose, ChallengeRow } from '../src/modules/identity/schema';
import { freshSessionSeconds } from '../src/modules/identity/service';
import { signAccessToken } from '../src/modules/identity/tokens';
import { type ApiAnswer, appForFile, behindProxy, type TestApp } from './test-app';

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
  options: {
    username?: string;
    password?: string;
    language?: 'fa' | 'en' | 'ar';
    phone?: string;
    nationalCode?: string;
  } = {},
): Promise<TestUser> {
  const phone = options.phone ?? randomPhone();
  const nationalCode = options.nationalCode ?? randomNationalCode();
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

/**
 * A login's first step by username and password (answered 630): the step, and the client and the step's
 * token that the second step is sent with.
 */
export async function startLogin(
  api: TestApp,
  user: Pick<TestUser, 'username' | 'password'>,
): Promise<{ client: Client; step: LoginStep; token: string }> {
  const client = newClient(api);
  const step = await client.call<LoginStep>('POST', identityPaths.loginUsername, {
    body: { username: user.username, password: user.password },
  });
  if (step.body.statusCode !== 630) throw new Error(`login step: ${JSON.stringify(step.body)}`);
  return { client, step: step.body.data, token: step.body.data.accessToken };
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

/** Makes the user's session look logged in (and last proved) `seconds` ago. */
export async function ageSession(database: DatabaseHandle, user: TestUser, seconds: number): Promise<void> {
  const sessionId = decodeJwt(user.tokens.accessToken).sid as string;
  await repo.updateSession(database.db, sessionId, {
    createdDate: new Date(Date.now() - seconds * 1000),
    reauthenticatedDate: null,
  });
}

/** Makes the user's session too old to be fresh: a sensitive change then asks for a step-up code first. */
export function staleSession(database: DatabaseHandle, user: TestUser): Promise<void> {
  return ageSession(database, user, freshSessionSeconds + 60);
}

/** A person made straight in the database (quickUser) whose session is already too old to be fresh. */
export async function staleUser(api: TestApp): Promise<TestUser> {
  const user = await quickUser(api);
  await staleSession(api.deps.database, user);
  return user;
}

/** A step-up answer (630: a code went to the user's phone, masked): answers its data. */
export function expectStepUp(
  answer: { status: number; body: { statusCode: number; data: unknown } },
  user: TestUser,
) {
  expect(answer.status).toBe(200);
  expect(answer.body.statusCode).toBe(630);
  const data = answer.body.data as StepUp;
  expect(data).toMatchObject({ method: 'sms', phone: maskedPhone(user.phone) });
  expect(data.resendAfter).toBeGreaterThan(0);
  expect(data.resendAfter).toBeLessThanOrEqual(120);
  return data;
}

// ---------- workspaces (members, roles)

/**
 * A logged-in person made straight in the database (no argon2 work, no SMS): for tests about what a
 * user may do, not about how it signed up. Its password hash is a placeholder, so it cannot log in.
 */
export async function quickUser(api: TestApp, options: { phone?: string } = {}): Promise<TestUser> {
  const db = api.deps.database.db;
  const id = uuidv7();
  const phone = options.phone ?? randomPhone();
  const nationalCode = randomNationalCode();
  const username = randomUsername();
  const t = new Date();
  await repo.insertUser(db, {
    id,
    phone,
    nationalCode,
    username,
    passwordHash: 'not-a-password-hash',
    firstName: 'Sara',
    lastName: `Test ${username}`,
    status: 'active',
    createdDate: t,
    updatedDate: t,
  });
  const refreshToken = generateOpaqueToken();
  const session = await repo.insertSession(db, {
    id: uuidv7(),
    userId: id,
    ipAddress: '127.0.0.1',
    agent: 'test',
    platform: 'test',
    refreshTokenHash: hashOpaqueToken(refreshToken),
    createdDate: t,
    lastSeenDate: t,
    expiresDate: new Date(t.getTime() + 86_400_000),
  });
  const ttl = api.deps.config.accessTokenTtl;
  const accessToken = await signAccessToken(api.deps.config.jwtSecret, { sub: id, sid: session.id }, ttl);
  return {
    id,
    phone,
    nationalCode,
    username,
    password: '',
    tokens: { accessToken, refreshToken, expiresIn: ttl },
  };
}

/** A random valid workspaceName. */
export function randomWorkspaceName(): string {
  return `ws-${randomInt(36 ** 8).toString(36)}-${randomInt(1000)}`;
}

export interface TestWorkspace {
  id: string;
  workspaceName: string;
  owner: TestUser;
}

/** Creates a workspace through the API; `owner` becomes its owner. */
export async function createWorkspace(
  api: TestApp,
  owner: TestUser,
  options: { workspaceName?: string; name?: string } = {},
): Promise<TestWorkspace> {
  const workspaceName = options.workspaceName ?? randomWorkspaceName();
  const answer = await newClient(api).call<{ id: string }>('POST', '/v1/workspaces/', {
    body: { workspaceName, name: options.name ?? 'Test workspace' },
    token: owner.tokens.accessToken,
  });
  expectOk(answer, 'create workspace');
  return { id: answer.body.data.id, workspaceName, owner };
}

/** Creates a role in a workspace through the API (as `by`, the owner by default); answers its id. */
export async function createRole(
  api: TestApp,
  workspace: TestWorkspace,
  permissionIds: string[],
  options: { name?: string; superAccess?: boolean; by?: TestUser } = {},
): Promise<{ id: string; lastChangeDate: string }> {
  const answer = await newClient(api).call<{ id: string; lastChangeDate: string }>(
    'POST',
    '/v1/workspaces/members/access/roles/',
    {
      body: {
        workspaceId: workspace.id,
        name: options.name ?? `role ${randomInt(1_000_000)}`,
        superAccess: options.superAccess ?? false,
        permissionIds,
      },
      token: (options.by ?? workspace.owner).tokens.accessToken,
    },
  );
  expectOk(answer, 'create role');
  return answer.body.data;
}

/** Invites someone to a workspace by username or phone (as the owner); answers the invitation's id. */
export async function invite(
  api: TestApp,
  workspace: TestWorkspace,
  invitee: { username: string } | { phone: string },
  roleId: string | null = null,
): Promise<string> {
  const invited = await newClient(api).call<{ id: string }>(
    'POST',
    '/v1/workspaces/members/identity/invitations/',
    {
      body: { workspaceId: workspace.id, roleId, ...invitee },
      token: workspace.owner.tokens.accessToken,
    },
  );
  expectOk(invited, 'invite');
  return invited.body.data.id;
}

/** Invites `person` by username (as the owner) and accepts; answers the new member's id. */
export async function addMember(
  api: TestApp,
  workspace: TestWorkspace,
  person: TestUser,
  roleId: string | null = null,
): Promise<string> {
  const invitationId = await invite(api, workspace, { username: person.username }, roleId);
  const accepted = await newClient(api).call(
    'POST',
    '/v1/workspaces/members/identity/invitations/response/',
    {
      body: { invitationId, accept: true },
      token: person.tokens.accessToken,
    },
  );
  expectOk(accepted, 'accept');
  const list = await newClient(api).call<{ items: { id: string; user: { id: string } }[] }>(
    'GET',
    `/v1/workspaces/members/identity/workspace-id/${workspace.id}/?search=${person.username}`,
    { token: workspace.owner.tokens.accessToken },
  );
  const member = list.body.data.items.find((m) => m.user.id === person.id);
  if (!member) throw new Error('member not found after accepting');
  return member.id;
}

/** A person in a workspace with a role holding exactly `permissions` (none: a member without a role). */
export async function memberWith(
  api: TestApp,
  workspace: TestWorkspace,
  permissions: string[] | null,
): Promise<{ user: TestUser; memberId: string; roleId: string | null }> {
  const user = await quickUser(api);
  const roleId = permissions ? (await createRole(api, workspace, permissions)).id : null;
  const memberId = await addMember(api, workspace, user, roleId);
  return { user, memberId, roleId };
}

/** A small PNG of one colour. */
export function pngOf(colour: string, size = 24): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

type LogoUpload = { imageId: string; url: string; errors?: { path: string }[] };

/**
 * Uploads `bytes` as a workspace logo, multipart as the web app sends it; an undefined token or
 * workspaceId is left out of the request.
 */
export async function uploadLogo(
  api: TestApp,
  token: string | undefined,
  workspaceId: string | undefined,
  bytes: Buffer,
): Promise<ApiAnswer<LogoUpload>> {
  const form = new FormData();
  if (workspaceId !== undefined) form.append('workspaceId', workspaceId);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'logo.png');
  const response = await fetch(`${api.url}/v1/assets/workspace-profile-image/`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const body = (await response.json()) as ApiAnswer<LogoUpload>['body'];
  return { status: response.status, headers: response.headers, body };
}

/** A new person (made straight in the database) owning a new workspace, with its access token. */
export async function ownerWithWorkspace(
  api: TestApp,
  options: { name?: string } = {},
): Promise<{ owner: TestUser; ws: TestWorkspace; token: string }> {
  const owner = await quickUser(api);
  const ws = await createWorkspace(api, owner, options);
  return { owner, ws, token: owner.tokens.accessToken };
}

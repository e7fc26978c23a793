import { identityPaths, type LoginStep, type StepUp, type TokenPair } from '@wsm/contracts';
import { decodeJwt } from 'jose';
import { uuidv7 } from 'uuidv7';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { generateOpaqueToken, hashOpaqueToken } from '../src/modules/identity/one-time-codes';
import * as repo from '../src/modules/identity/repository';
import type { ChallengePurpose, ChallengeRow } from '../src/modules/identity/schema';
import { freshSessionSeconds } from '../src/modules/identity/service';
import { signAccessToken } from '../src/modules/identity/tokens';
import {
  type Client,
  expectOk,
  latestCode,
  maskedPhone,
  newClient,
  randomNationalCode,
  randomPhone,
  randomUsername,
  strongPassword,
} from './client-fixtures';
import type { TestApp } from './test-app';

// People: signed up through the API or made straight in the database, their logins, challenges and
// sessions (fixtures.ts re-exports this module).

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

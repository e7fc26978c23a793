import {
  type AuthenticatorEnrolment,
  identityPaths,
  profilePaths as paths,
  type RecoveryCodes,
  recoveryCodePattern,
  type TokenPair,
  type TwoFaSettings,
} from '@wsm/contracts';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  expectStepUp,
  latestCode,
  newClient,
  otherCode,
  outbox,
  proxiedAppAndCaller,
  quickUser,
  signUp,
  staleUser,
  startLogin,
  type TestUser,
} from '../../../test/fixtures';
import * as identityRepo from '../identity/repository';

// The authenticator app (the two-factor method "google"): enrolment from a fresh
// session, confirmation with a first code and recovery codes, login with its codes, turning it off.

const { api, call } = proxiedAppAndCaller('en');

/** The app's code `steps` periods of 30 s from now (0: the current one). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/**
 * Waits until the current 30-s step has at least 3 s left, so a code computed now is still of the same
 * step (relative to the server's) when it arrives: drift tests stay exact on a slow machine.
 */
async function awayFromStepEdge(): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

async function startEnrolment(user: TestUser): Promise<AuthenticatorEnrolment> {
  const started = await call<AuthenticatorEnrolment>('POST', paths.twoFaGoogle, user.tokens.accessToken);
  expect(started.body.statusCode).toBe(200);
  return started.body.data;
}

/** Enrols the app with the current step's code (later steps are left for login). */
async function enrol(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = await startEnrolment(user);
  await awayFromStepEdge();
  const confirmed = await call<RecoveryCodes>('POST', paths.twoFaGoogleVerify, user.tokens.accessToken, {
    code: await codeAt(secret),
  });
  expect(confirmed.body.statusCode).toBe(200);
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes };
}

async function loginStep(user: TestUser) {
  const { client, step, token } = await startLogin(api, user);
  const verify = (body: { code?: string; recoveryCode?: string }) =>
    client.call<TokenPair>('POST', identityPaths.loginVerify, { body, token });
  return { step, verify };
}

describe('authenticator app: enrolment', () => {
  it('starts with a base32 secret and its otpauth URI; nothing is active until a first code confirms it', async () => {
    const user = await signUp(api);
    const token = user.tokens.accessToken;
    const { secret, otpauthUrl } = await startEnrolment(user);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Workspace%20Manager:${user.username}?secret=${secret}&issuer=Workspace%20Manager&digits=6&period=30`,
    );

    // Started, not active: not offered, not choosable, and login still texts a code.
    expect((await call<TwoFaSettings>('GET', paths.twoFa, token)).body.data.methods.google).toBeUndefined();
    expect((await call('PUT', paths.twoFa, token, { method: 'google' })).status).toBe(400);
    const before = await loginStep(user);
    expect(before.step.method).toBe('sms');
    expect(before.step.twoFaMethods.google).toBeUndefined();

    // A wrong first code, and codes two steps off either way, confirm nothing.
    await awayFromStepEdge();
    for (const code of [otherCode(await codeAt(secret)), await codeAt(secret, -2), await codeAt(secret, 2)]) {
      const wrong = await call('POST', paths.twoFaGoogleVerify, token, { code });
      expect(wrong.body.statusCode).toBe(620);
    }
    expect((await call<TwoFaSettings>('GET', paths.twoFa, token)).body.data.methods.google).toBeUndefined();

    // The step before the server's is accepted (a clock a little behind, a code typed slowly).
    const confirmed = await call<RecoveryCodes>('POST', paths.twoFaGoogleVerify, token, {
      code: await codeAt(secret, -1),
    });
    expect(confirmed.body.statusCode).toBe(200);
    const codes = confirmed.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(recoveryCodePattern);
    expect(new Set(codes).size).toBe(10);

    const settings = await call<TwoFaSettings>('GET', paths.twoFa, token);
    expect(settings.body.data).toMatchObject({ method: 'sms', methods: { google: true } });
    // Enrolled once: a second start is refused until it is turned off.
    expect((await call('POST', paths.twoFaGoogle, token)).body.statusCode).toBe(261);
  });

  it('keeps the secret encrypted at rest and the recovery codes hashed', async () => {
    const user = await signUp(api);
    const { secret, recoveryCodes } = await enrol(user);
    const row = await identityRepo.findAuthenticator(api.deps.database.db, user.id);
    expect(row?.secretCiphertext).toBeDefined();
    expect(row!.secretCiphertext).not.toContain(secret);
    expect(row!.secretCiphertext).not.toContain(secret.toLowerCase());
    expect(row!.secretCiphertext).toMatch(/^v1\./);
    const stored = (await api.deps.database.db.execute(
      sql`select code_hash from user_recovery_codes where user_id = ${user.id}`,
    )) as unknown as { rows: { code_hash: string }[] };
    const hashes = stored.rows;
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      for (const code of recoveryCodes) {
        expect(code_hash).not.toContain(code);
        expect(code_hash).not.toContain(code.replace('-', ''));
      }
    }
  });

  it('needs a fresh session: a stale one gets a step-up code first, then the enrolment', async () => {
    const user = await staleUser(api);
    const token = user.tokens.accessToken;
    const first = expectStepUp(await call('POST', paths.twoFaGoogle, token), user);
    expect(first).not.toHaveProperty('secret');
    expect(await identityRepo.findAuthenticator(api.deps.database.db, user.id)).toBeUndefined();

    const code = await latestCode(api, user.phone);
    const wrong = await call('POST', paths.twoFaGoogle, token, { currentCode: otherCode(code) });
    expect(wrong.body.statusCode).toBe(620);
    expect(await identityRepo.findAuthenticator(api.deps.database.db, user.id)).toBeUndefined();
    const started = await call<AuthenticatorEnrolment>('POST', paths.twoFaGoogle, token, {
      currentCode: code,
    });
    expect(started.body.statusCode).toBe(200);
    expect(started.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it("another account neither sees nor confirms nor turns off someone's app", async () => {
    const owner = await signUp(api);
    const { secret, recoveryCodes } = await enrol(owner);
    const other = await quickUser(api);
    const token = other.tokens.accessToken;

    expect((await call<TwoFaSettings>('GET', paths.twoFa, token)).body.data.methods.google).toBeUndefined();
    expect((await call('PUT', paths.twoFa, token, { method: 'google' })).status).toBe(400);
    expect((await call('POST', paths.twoFaGoogleVerify, token, { code: await codeAt(secret) })).status).toBe(
      404,
    );
    for (const code of [await codeAt(secret, 1), recoveryCodes[0]!])
      expect((await call('DELETE', paths.twoFaGoogle, token, { code })).status).toBe(404);
    // The other account's own enrolment is its own: the owner's app stays as it was.
    await startEnrolment(other);
    const row = await identityRepo.findAuthenticator(api.deps.database.db, owner.id);
    expect(row?.confirmedDate).not.toBeNull();
    const owners = await call<TwoFaSettings>('GET', paths.twoFa, owner.tokens.accessToken);
    expect(owners.body.data.methods.google).toBe(true);
    // And the owner's recovery code still works.
    const { verify } = await loginStep(owner);
    expect((await verify({ recoveryCode: recoveryCodes[0]! })).body.statusCode).toBe(200);
  });
});

describe('authenticator app: login', () => {
  it('as the chosen method: nothing is texted, the code logs in once, a replayed code is refused', async () => {
    const user = await signUp(api, undefined, { language: 'en' });
    const token = user.tokens.accessToken;
    const { secret } = await enrol(user);
    const chosen = await call<TwoFaSettings>('PUT', paths.twoFa, token, { method: 'google' });
    expect(chosen.body.data.method).toBe('google');

    const texts = (await outbox(api, user.phone)).length;
    const first = await loginStep(user);
    expect(first.step).toMatchObject({ method: 'google', twoFaMethods: { google: true }, resendAfter: 0 });
    expect((await outbox(api, user.phone)).length).toBe(texts);
    const code = await codeAt(secret, 1);
    const done = await first.verify({ code });
    expect(done.body.statusCode).toBe(200);
    expect(done.body.data.refreshToken).toBeTruthy();

    const replay = await loginStep(user);
    expect((await replay.verify({ code })).body.statusCode).toBe(620);
  });

  it('at login a code one step ahead is accepted, two steps ahead is not', async () => {
    const user = await signUp(api);
    const { secret } = await enrol(user);
    await call('PUT', paths.twoFa, user.tokens.accessToken, { method: 'google' });
    const { verify } = await loginStep(user);
    // Two steps ahead (a clock a minute fast, or a code read ahead of time): refused.
    await awayFromStepEdge();
    expect((await verify({ code: await codeAt(secret, 2) })).body.statusCode).toBe(620);
    // One step ahead: accepted.
    expect((await verify({ code: await codeAt(secret, 1) })).body.statusCode).toBe(200);
  });

  it('wrong codes count toward the challenge: the 5th kills it (660), even for a right code after', async () => {
    const user = await signUp(api);
    const { secret } = await enrol(user);
    await call('PUT', paths.twoFa, user.tokens.accessToken, { method: 'google' });
    const { verify } = await loginStep(user);
    const right = await codeAt(secret, 1);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 4; i++) expect((await verify({ code: wrong })).body.statusCode).toBe(620);
    expect((await verify({ recoveryCode: 'aaaaa-aaaaa' })).body.statusCode).toBe(660);
    expect((await verify({ code: right })).body.statusCode).toBe(660);
  });

  it('a recovery code logs in whatever the method, once', async () => {
    const user = await signUp(api);
    const { recoveryCodes } = await enrol(user);
    const first = await loginStep(user);
    expect(first.step.method).toBe('sms');
    // Case and spacing are forgiven.
    const typed = ` ${recoveryCodes[3]!.toUpperCase().replace('-', ' ')} `;
    expect((await first.verify({ recoveryCode: typed })).body.statusCode).toBe(200);
    const again = await loginStep(user);
    expect((await again.verify({ recoveryCode: recoveryCodes[3]! })).body.statusCode).toBe(620);
    expect((await again.verify({ recoveryCode: recoveryCodes[4]! })).body.statusCode).toBe(200);
  });

  it('switching a challenge to the app sends nothing and the texted code stops working', async () => {
    const user = await signUp(api);
    const { secret } = await enrol(user);
    const { client, token: challenge } = await startLogin(api, user);
    const smsCode = await latestCode(api, user.phone);
    const switched = await client.call('POST', identityPaths.loginSend, {
      body: { method: 'google' },
      token: challenge,
    });
    expect(switched.body).toMatchObject({ statusCode: 200, data: { resendAfter: 0 } });
    // The texted code no longer opens it; the app's does.
    const stale = await client.call('POST', identityPaths.loginVerify, {
      body: { code: smsCode },
      token: challenge,
    });
    expect(stale.body.statusCode).toBe(620);
    const done = await client.call('POST', identityPaths.loginVerify, {
      body: { code: await codeAt(secret, 1) },
      token: challenge,
    });
    expect(done.body.statusCode).toBe(200);

    // Without an app, google is refused with a field error.
    const plain = await signUp(api);
    const other = await startLogin(api, plain);
    const refused = await newClient(api).call('POST', identityPaths.loginSend, {
      body: { method: 'google' },
      token: other.token,
    });
    expect(refused.status).toBe(400);
  });
});

describe('authenticator app: turning it off', () => {
  it('needs a current code or a recovery code; then login codes go by SMS again', async () => {
    const user = await signUp(api);
    const token = user.tokens.accessToken;
    const { secret, recoveryCodes } = await enrol(user);
    await call('PUT', paths.twoFa, token, { method: 'google' });

    // A made-up code, an unknown recovery code, the code that confirmed it (used), one far ahead.
    await awayFromStepEdge();
    for (const code of ['123456', 'aaaaa-aaaaa', await codeAt(secret), await codeAt(secret, 3)])
      expect((await call('DELETE', paths.twoFaGoogle, token, { code })).body.statusCode).toBe(620);
    expect((await call<TwoFaSettings>('GET', paths.twoFa, token)).body.data.method).toBe('google');

    // A recovery code, once used for login, no longer turns it off.
    const { verify } = await loginStep(user);
    expect((await verify({ recoveryCode: recoveryCodes[0]! })).body.statusCode).toBe(200);
    expect(
      (await call('DELETE', paths.twoFaGoogle, token, { code: recoveryCodes[0]! })).body.statusCode,
    ).toBe(620);

    expect(
      (await call('DELETE', paths.twoFaGoogle, token, { code: recoveryCodes[1]! })).body.statusCode,
    ).toBe(200);
    const settings = await call<TwoFaSettings>('GET', paths.twoFa, token);
    expect(settings.body.data.method).toBe('sms');
    expect(settings.body.data.methods.google).toBeUndefined();
    expect((await loginStep(user)).step.method).toBe('sms');
    expect(await identityRepo.findAuthenticator(api.deps.database.db, user.id)).toBeUndefined();
    // Its recovery codes went with it.
    expect((await (await loginStep(user)).verify({ recoveryCode: recoveryCodes[2]! })).body.statusCode).toBe(
      620,
    );
    expect((await call('DELETE', paths.twoFaGoogle, token, { code: recoveryCodes[2]! })).status).toBe(404);
  });

  it('with a current code of the app', async () => {
    const user = await signUp(api);
    const { secret } = await enrol(user);
    const off = await call('DELETE', paths.twoFaGoogle, user.tokens.accessToken, {
      code: await codeAt(secret, 1),
    });
    expect(off.body.statusCode).toBe(200);
    expect(
      (await call<TwoFaSettings>('GET', paths.twoFa, user.tokens.accessToken)).body.data.methods,
    ).not.toHaveProperty('google');
  });
});

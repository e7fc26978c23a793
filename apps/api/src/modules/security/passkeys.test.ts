import {
  identityPaths,
  type Passkey,
  passkeyPaths as paths,
  profilePaths,
  type StepUp,
  type TokenPair,
  type TwoFaSettings,
  type WebAuthnOptions,
} from '@wsm/contracts';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectStepUp,
  latestCode,
  logIn,
  newClient,
  otherCode,
  quickUser,
  signUp,
  staleSession,
  staleUser,
  startLogin,
  type TestUser,
} from '../../../test/fixtures';
import { type SoftPasskey, softPasskey } from '../../../test/soft-authenticator';
import { startTestApp, type TestApp, testConfig } from '../../../test/test-app';
import * as identityRepo from '../identity/repository';

// Passkeys: registered from a fresh session in the security settings, used
// instead of the code at the login's second step. A software authenticator (test/soft-authenticator.ts)
// answers as a browser would, so the real WebAuthn verification runs; it also plays the attacker: another
// origin, a cloned authenticator (counter gone backwards), a replayed answer, someone else's passkey.

let api: TestApp;
let origin: string;
beforeAll(async () => {
  api = await startTestApp({ config: testConfig({ TRUST_PROXY: 'true' }) });
  origin = api.deps.config.webauthn.origins[0]!;
});
afterAll(() => api.close());

const call = <T = unknown>(method: string, path: string, token?: string, body?: unknown) =>
  newClient(api).call<T>(method, path, { token, body, headers: { 'accept-language': 'en' } });

async function registrationOptions(token: string): Promise<WebAuthnOptions> {
  const answer = await call<WebAuthnOptions>('POST', paths.passkeysOptions, token);
  expect(answer.body.statusCode).toBe(200);
  return answer.body.data;
}

/** Registers a new software passkey on the account (from its fresh sign-up session). */
async function register(user: TestUser, name = 'Laptop'): Promise<{ key: SoftPasskey; passkey: Passkey }> {
  const key = softPasskey(origin);
  const options = await registrationOptions(user.tokens.accessToken);
  const done = await call<Passkey>('POST', paths.passkeys, user.tokens.accessToken, {
    name,
    response: key.register(options),
  });
  expect(done.body.statusCode).toBe(200);
  return { key, passkey: done.body.data };
}

/** The password step of a login, and calls of its second step with the challenge token. */
async function loginStep(user: TestUser) {
  const { client, step, token } = await startLogin(api, user);
  return {
    step,
    options: () => client.call<WebAuthnOptions>('POST', identityPaths.loginPasskeyOptions, { token }),
    verify: (response: unknown) =>
      client.call<TokenPair>('POST', identityPaths.loginPasskeyVerify, { token, body: { response } }),
    code: (code: string) =>
      client.call<TokenPair>('POST', identityPaths.loginVerify, { token, body: { code } }),
  };
}

describe('passkeys: registration', () => {
  it('registers several, lists them, and the settings and the login count them', async () => {
    const user = await signUp(api);
    const token = user.tokens.accessToken;
    expect((await call<Passkey[]>('GET', paths.passkeys, token)).body.data).toEqual([]);
    expect(
      (await call<TwoFaSettings>('GET', profilePaths.twoFa, token)).body.data.methods,
    ).not.toHaveProperty('passkeys');

    const first = await register(user, 'Laptop');
    expect(first.passkey).toMatchObject({ name: 'Laptop', lastUsedDate: null });
    expect(Date.parse(first.passkey.createdDate)).not.toBeNaN();
    // The second registration's options exclude the first passkey, so one authenticator is not added twice.
    const options = await registrationOptions(token);
    expect(options).toMatchObject({ rp: { id: 'localhost' }, attestation: 'none' });
    expect((options.excludeCredentials as { id: string }[]).map((c) => c.id)).toEqual([
      first.key.credentialId,
    ]);
    const second = softPasskey(origin);
    expect(
      (await call('POST', paths.passkeys, token, { name: ' Phone ', response: second.register(options) }))
        .body.statusCode,
    ).toBe(200);

    const list = await call<Passkey[]>('GET', paths.passkeys, token);
    expect(list.body.data.map((p) => p.name)).toEqual(['Laptop', 'Phone']);
    const settings = await call<TwoFaSettings>('GET', profilePaths.twoFa, token);
    expect(settings.body.data).toMatchObject({ method: 'sms', methods: { passkeys: 2 } });
    expect((await loginStep(user)).step.twoFaMethods.passkeys).toBe(2);
  });

  it('the same passkey twice is a duplicate (261)', async () => {
    const user = await quickUser(api);
    const { key } = await register(user);
    const options = await registrationOptions(user.tokens.accessToken);
    const again = await call('POST', paths.passkeys, user.tokens.accessToken, {
      name: 'Again',
      response: key.register(options),
    });
    expect(again.body.statusCode).toBe(261);
  });

  it('refuses another origin, a used challenge, no challenge, and a challenge of another session (620)', async () => {
    const user = await signUp(api);
    const token = user.tokens.accessToken;
    const key = softPasskey(origin);
    const register = (response: unknown, as = token) =>
      call('POST', paths.passkeys, as, { name: 'Key', response });

    // Nothing was asked for.
    expect((await register(key.register({ challenge: 'bm90LWFza2Vk' }))).body.statusCode).toBe(620);
    // A phishing page at another origin relays our options.
    const phished = await registrationOptions(token);
    expect((await register(key.register(phished, { origin: 'https://evil.example' }))).body.statusCode).toBe(
      620,
    );
    // That challenge is spent: the right answer to it comes too late.
    expect((await register(key.register(phished))).body.statusCode).toBe(620);
    // An answer registers once; replayed, it finds no challenge.
    const options = await registrationOptions(token);
    const answer = key.register(options);
    expect((await register(answer)).body.statusCode).toBe(200);
    expect((await register(answer)).body.statusCode).toBe(620);
    // A challenge belongs to the session that asked for it.
    const otherSession = await logIn(api, user);
    const fresh = softPasskey(origin);
    const asked = await registrationOptions(token);
    expect((await register(fresh.register(asked), otherSession.accessToken)).body.statusCode).toBe(620);
    expect((await call<Passkey[]>('GET', paths.passkeys, token)).body.data).toHaveLength(1);
  });

  it('a stale session gets a step-up code first, then the options', async () => {
    const user = await staleUser(api);
    const token = user.tokens.accessToken;
    const first = expectStepUp(await call('POST', paths.passkeysOptions, token), user);
    expect(first).not.toHaveProperty('challenge');
    // No options were given, so nothing can be registered.
    const key = softPasskey(origin);
    const sneaked = await call('POST', paths.passkeys, token, {
      name: 'Key',
      response: key.register({ challenge: 'c3RhbGU' }),
    });
    expect(sneaked.body.statusCode).toBe(620);

    const code = await latestCode(api, user.phone);
    const wrong = await call('POST', paths.passkeysOptions, token, { currentCode: otherCode(code) });
    expect(wrong.body.statusCode).toBe(620);
    const options = await call<WebAuthnOptions>('POST', paths.passkeysOptions, token, { currentCode: code });
    expect(options.body.statusCode).toBe(200);
    const done = await call('POST', paths.passkeys, token, {
      name: 'Key',
      response: key.register(options.body.data),
    });
    expect(done.body.statusCode).toBe(200);
  });
});

describe('passkeys: login', () => {
  it('a passkey replaces the code: tokens, a new session, last use recorded', async () => {
    const user = await signUp(api);
    const { key } = await register(user);
    const login = await loginStep(user);
    const options = await login.options();
    expect(options.body.statusCode).toBe(200);
    expect(options.body.data).toMatchObject({ rpId: 'localhost' });
    expect((options.body.data.allowCredentials as { id: string }[]).map((c) => c.id)).toEqual([
      key.credentialId,
    ]);
    const done = await login.verify(key.authenticate(options.body.data));
    expect(done.body.statusCode).toBe(200);
    const sessionId = decodeJwt(done.body.data.accessToken).sid as string;
    const session = await identityRepo.findSessionById(api.deps.database.db, sessionId);
    expect(session?.userId).toBe(user.id);
    const me = await call<{ id: string }[]>('GET', identityPaths.sessions, done.body.data.accessToken);
    expect(me.status).toBe(200);
    const [listed] = (await call<Passkey[]>('GET', paths.passkeys, user.tokens.accessToken)).body.data;
    expect(listed!.lastUsedDate).not.toBeNull();
    // The challenge token died with the login: neither a code nor another passkey answer opens it again.
    expect((await login.options()).status).toBe(401);
  });

  it('refuses another origin, an unknown passkey, a used challenge and a cloned counter (620)', async () => {
    const user = await signUp(api);
    const { key } = await register(user);
    const login = await loginStep(user);

    // Another origin (a phishing page relaying the options).
    let options = (await login.options()).body.data;
    expect(
      (await login.verify(key.authenticate(options, { origin: 'https://evil.example' }))).body.statusCode,
    ).toBe(620);
    // That challenge is spent: the right answer to it is refused too.
    expect((await login.verify(key.authenticate(options))).body.statusCode).toBe(620);
    // A passkey never registered.
    options = (await login.options()).body.data;
    expect((await login.verify(softPasskey(origin).authenticate(options))).body.statusCode).toBe(620);
    options = (await login.options()).body.data;
    const used = key.authenticate(options, { counter: 5 });
    expect((await login.verify(used)).body.statusCode).toBe(200);

    const next = await loginStep(user);
    // The answer of the finished login, replayed against a new challenge.
    await next.options();
    expect((await next.verify(used)).body.statusCode).toBe(620);
    // A cloned authenticator whose counter fell behind.
    options = (await next.options()).body.data;
    expect((await next.verify(key.authenticate(options, { counter: 3 }))).body.statusCode).toBe(620);
    // Equal is not above either; the real authenticator, counting on, still gets in.
    options = (await next.options()).body.data;
    expect((await next.verify(key.authenticate(options, { counter: 5 }))).body.statusCode).toBe(620);
    options = (await next.options()).body.data;
    expect((await next.verify(key.authenticate(options, { counter: 6 }))).body.statusCode).toBe(200);
  });

  it("another account's passkey is refused, and wrong answers count toward the 5 tries", async () => {
    const owner = await signUp(api);
    const other = await signUp(api);
    const { key: ownersKey } = await register(owner);
    await register(other);
    const login = await loginStep(other);
    for (let i = 1; i <= 5; i++) {
      const options = (await login.options()).body.data;
      expect((await login.verify(ownersKey.authenticate(options))).body.statusCode).toBe(i < 5 ? 620 : 660);
    }
    // The challenge is dead (660) for the code and the passkey alike.
    expect((await login.options()).body.statusCode).toBe(660);
    expect((await login.code(await latestCode(api, other.phone))).body.statusCode).toBe(660);
  });

  it('an account without passkeys gets no options (404), and the code still works', async () => {
    const user = await signUp(api);
    const login = await loginStep(user);
    expect(login.step.twoFaMethods).not.toHaveProperty('passkeys');
    expect((await login.options()).status).toBe(404);
    expect((await login.code(await latestCode(api, user.phone))).body.statusCode).toBe(200);
  });

  it('a forged or missing challenge token is 401', async () => {
    const client = newClient(api);
    expect((await client.call('POST', identityPaths.loginPasskeyOptions)).status).toBe(401);
    expect(
      (await client.call('POST', identityPaths.loginPasskeyOptions, { token: 'x'.repeat(43) })).status,
    ).toBe(401);
  });
});

describe('passkeys: rename and delete', () => {
  it('renames and deletes own passkeys; the login stops offering a deleted one', async () => {
    const user = await signUp(api);
    const token = user.tokens.accessToken;
    const { key, passkey } = await register(user, 'Old name');
    const renamed = await call<Passkey>('PUT', paths.passkeys, token, { id: passkey.id, name: 'New name' });
    expect(renamed.body.data).toMatchObject({ id: passkey.id, name: 'New name' });
    expect((await call('PUT', paths.passkeys, token, { id: passkey.id, name: '  ' })).status).toBe(400);

    expect((await call('DELETE', paths.passkeys, token, { id: passkey.id })).body.statusCode).toBe(200);
    expect((await call<Passkey[]>('GET', paths.passkeys, token)).body.data).toEqual([]);
    expect((await call('DELETE', paths.passkeys, token, { id: passkey.id })).status).toBe(404);
    const login = await loginStep(user);
    expect(login.step.twoFaMethods).not.toHaveProperty('passkeys');
    expect((await login.options()).status).toBe(404);
    // Its old answers prove nothing.
    expect((await login.verify(key.authenticate({ challenge: 'AAAA' }))).body.statusCode).toBe(620);
  });

  it('deleting from a stale session needs the step-up code', async () => {
    const user = await quickUser(api);
    const token = user.tokens.accessToken;
    const { passkey } = await register(user);
    await staleSession(api.deps.database, user);
    const first = await call<StepUp>('DELETE', paths.passkeys, token, { id: passkey.id });
    expect(first.body.statusCode).toBe(630);
    expect((await call<Passkey[]>('GET', paths.passkeys, token)).body.data).toHaveLength(1);
    const code = await latestCode(api, user.phone);
    expect(
      (await call('DELETE', paths.passkeys, token, { id: passkey.id, currentCode: otherCode(code) })).body
        .statusCode,
    ).toBe(620);
    expect(
      (await call('DELETE', paths.passkeys, token, { id: passkey.id, currentCode: code })).body.statusCode,
    ).toBe(200);
    expect((await call<Passkey[]>('GET', paths.passkeys, token)).body.data).toEqual([]);
  });

  it("another account neither sees, renames nor deletes someone's passkey", async () => {
    const owner = await quickUser(api);
    const { passkey } = await register(owner, 'Mine');
    const other = await quickUser(api);
    const token = other.tokens.accessToken;
    expect((await call<Passkey[]>('GET', paths.passkeys, token)).body.data).toEqual([]);
    expect((await call('PUT', paths.passkeys, token, { id: passkey.id, name: 'Stolen' })).status).toBe(404);
    expect((await call('DELETE', paths.passkeys, token, { id: passkey.id })).status).toBe(404);
    const owners = await call<Passkey[]>('GET', paths.passkeys, owner.tokens.accessToken);
    expect(owners.body.data).toEqual([passkey]);
  });

  it('needs a login (401)', async () => {
    for (const [method, path] of [
      ['GET', paths.passkeys],
      ['POST', paths.passkeys],
      ['PUT', paths.passkeys],
      ['DELETE', paths.passkeys],
      ['POST', paths.passkeysOptions],
    ] as const)
      expect((await call(method, path)).status).toBe(401);
  });
});

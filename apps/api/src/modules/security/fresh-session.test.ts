import { profilePaths as paths } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import {
  ageSession,
  expectStepUp,
  latestCode,
  otherCode,
  outbox,
  proxiedAppAndCaller,
  quickUser,
  randomPhone,
  signUp,
  staleSession,
  staleUser,
} from '../../../test/fixtures';
import { freshSessionSeconds } from '../identity/service';

// "Changing phone, e-mail or password needs the current session to be fresh": a phone or e-mail change
// from a session older than freshSessionSeconds is answered 630 and a step-up code goes to the current
// phone; the same call with `currentCode` proves the person and the session is fresh again.

const { api, call } = proxiedAppAndCaller('en');

describe('fresh session for phone and e-mail changes', () => {
  it('a session within the fresh window changes the phone at once', async () => {
    const user = await quickUser(api);
    await ageSession(api.deps.database, user, freshSessionSeconds - 60);
    const target = randomPhone();
    const sent = await call('PUT', paths.phone, user.tokens.accessToken, { phone: target });
    expect(sent.body).toMatchObject({ statusCode: 200, data: { resendAfter: 120 } });
    expect(await outbox(api, target)).toHaveLength(1);
    expect(await outbox(api, user.phone)).toHaveLength(0);
  });

  it('a stale session gets a step-up code at its current phone; with it the phone change goes on', async () => {
    const user = await staleUser(api);
    const token = user.tokens.accessToken;
    const target = randomPhone();

    const first = await call('PUT', paths.phone, token, { phone: target });
    expect(expectStepUp(first, user).resendAfter).toBe(120);
    expect(await outbox(api, target)).toHaveLength(0);
    const [sms] = await outbox(api, user.phone);
    // In the account's language (Persian here), whatever the request's.
    expect(sms?.text).toMatch(/تأیید هویت/);
    const code = sms!.code!;

    // Asked again while the timer runs: the same step, nothing new is sent.
    expectStepUp(await call('PUT', paths.phone, token, { phone: target }), user);
    expect(await outbox(api, user.phone)).toHaveLength(1);

    const wrong = await call('PUT', paths.phone, token, { phone: target, currentCode: otherCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.statusCode).toBe(620);
    expect(await outbox(api, target)).toHaveLength(0);

    const right = await call('PUT', paths.phone, token, { phone: target, currentCode: code });
    expect(right.body).toMatchObject({ statusCode: 200, data: { resendAfter: 120 } });
    const verified = await call('POST', paths.phoneVerify, token, { code: await latestCode(api, target) });
    expect(verified.body.statusCode).toBe(200);
    expect((await call('GET', paths.phone, token)).body.data).toEqual({ phone: target });

    // The step-up is recorded: the session is fresh now, an e-mail change needs no code.
    const email = `${user.username}@example.com`;
    expect((await call('POST', paths.email, token, { email })).body.statusCode).toBe(200);
  });

  it('a stale session adds or changes the e-mail only after the step-up code', async () => {
    const user = await staleUser(api);
    const token = user.tokens.accessToken;
    const email = `${user.username}@example.com`;
    for (const method of ['POST', 'PUT']) {
      expectStepUp(await call(method, paths.email, token, { email }), user);
      expect(await outbox(api, email)).toHaveLength(0);
    }
    const code = await latestCode(api, user.phone);
    const sent = await call('POST', paths.email, token, { email, currentCode: code });
    expect(sent.body).toMatchObject({ statusCode: 200, data: { resendAfter: 120 } });
    expect(await outbox(api, email)).toHaveLength(1);

    // The code is single use: once the session is stale again it proves nothing.
    await staleSession(api.deps.database, user);
    const reused = await call('PUT', paths.email, token, { email: `x${email}`, currentCode: code });
    expect(reused.body.statusCode).toBe(620);
  });

  it('a step-up code is good for its own session only, and never for another account', async () => {
    const user = await staleUser(api);
    const stranger = await staleUser(api);
    expectStepUp(await call('PUT', paths.phone, user.tokens.accessToken, { phone: randomPhone() }), user);
    const code = await latestCode(api, user.phone);
    const foreign = await call('PUT', paths.phone, stranger.tokens.accessToken, {
      phone: randomPhone(),
      currentCode: code,
    });
    expect(foreign.body.statusCode).toBe(620);
  });

  it('a duplicate is refused (261) before any step-up code is sent', async () => {
    const user = await staleUser(api);
    const same = await call('PUT', paths.phone, user.tokens.accessToken, { phone: user.phone });
    expect(same.body.statusCode).toBe(261);
    expect(await outbox(api, user.phone)).toHaveLength(0);
  });

  it('five wrong step-up codes kill the step-up (660); the timer still holds a new one back (260)', async () => {
    const user = await staleUser(api);
    const token = user.tokens.accessToken;
    const target = randomPhone();
    expectStepUp(await call('PUT', paths.phone, token, { phone: target }), user);
    const code = await latestCode(api, user.phone);
    const guess = (c: string) => call('PUT', paths.phone, token, { phone: target, currentCode: c });
    for (let i = 0; i < 4; i++) expect((await guess(otherCode(code))).body.statusCode).toBe(620);
    expect((await guess(otherCode(code))).body.statusCode).toBe(660);
    expect((await guess(code)).body.statusCode).toBe(660);
    const again = await call<{ retryAfter: number }>('PUT', paths.phone, token, { phone: target });
    expect(again.body.statusCode).toBe(260);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await outbox(api, target)).toHaveLength(0);
  });

  it('is rate limited per account (260 with Retry-After), step-up answers included', async () => {
    const user = await staleUser(api);
    const token = user.tokens.accessToken;
    for (let i = 0; i < 10; i++)
      expect((await call('PUT', paths.phone, token, { phone: randomPhone() })).body.statusCode).toBe(630);
    const limited = await call<{ retryAfter: number }>('PUT', paths.phone, token, { phone: randomPhone() });
    expect(limited.body.statusCode).toBe(260);
    expect(limited.status).toBe(400);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.data.retryAfter).toBeGreaterThan(0);
    // Only one step-up code went out for all of them.
    expect(await outbox(api, user.phone)).toHaveLength(1);
  });

  it('a password change (SMS code and current password) makes the session fresh as well', async () => {
    const user = await signUp(api);
    const token = user.tokens.accessToken;
    await staleSession(api.deps.database, user);
    expectStepUp(await call('PUT', paths.phone, token, { phone: randomPhone() }), user);
    // The password-change code is a flow of its own, apart from the pending step-up code.
    await call('GET', paths.passwordCode, token);
    const changed = await call('PUT', paths.password, token, {
      currentPassword: user.password,
      password: 'Another-Long-Passphrase-7',
      code: await latestCode(api, user.phone),
    });
    expect(changed.body.statusCode).toBe(200);
    const target = randomPhone();
    expect((await call('PUT', paths.phone, token, { phone: target })).body.statusCode).toBe(200);
    expect(await outbox(api, target)).toHaveLength(1);
  });
});

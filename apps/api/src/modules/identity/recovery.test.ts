import { identityPaths as paths } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import {
  ageChallenge,
  type Client,
  latestCode,
  logIn,
  newClient,
  otherCode,
  outbox,
  randomNationalCode,
  randomPhone,
  signUp,
} from '../../../test/fixtures';
import { appOnTestClock, startTestApp } from '../../../test/test-app';
import { createMemoryRateLimiter, type RateLimiter } from '../../lib/rate-limiter';

const { api, clock } = appOnTestClock();

type Start = { recoveryToken: string; phone: string; resendAfter: number };
const start = (client: Client, nationalCode: string) =>
  client.call<Start>('POST', paths.recoveryStart, { body: { nationalCode } });

describe('password recovery', () => {
  it('national code → code → new password; every session is revoked and only the new password works', async () => {
    const user = await signUp(api);
    const other = await logIn(api, user);
    const client = newClient(api);
    const begun = await start(client, user.nationalCode);
    expect(begun.body).toMatchObject({
      statusCode: 200,
      data: { phone: `${user.phone.slice(0, 4)}***${user.phone.slice(-4)}`, resendAfter: 120 },
    });
    const [sms] = await outbox(api, user.phone);
    expect(sms!.text).toContain('کد بازیابی رمز عبور');
    const { recoveryToken } = begun.body.data;

    // Not before the code.
    const early = await client.call('POST', paths.recoveryChange, {
      body: { recoveryToken, password: 'A-brand-new-secret-1' },
    });
    expect(early.status).toBe(401);

    const verify = await client.call('POST', paths.recoveryVerify, {
      body: { recoveryToken, code: sms!.code },
    });
    expect(verify.body).toMatchObject({ statusCode: 200, data: { recoveryToken } });
    const change = await client.call('POST', paths.recoveryChange, {
      body: { recoveryToken, password: 'A-brand-new-secret-1' },
    });
    expect(change.body).toMatchObject({ statusCode: 200, data: null });

    for (const tokens of [user.tokens, other]) {
      expect((await client.call('GET', paths.sessions, { token: tokens.accessToken })).status).toBe(401);
      const renew = await client.call('POST', paths.renew, { body: { refreshToken: tokens.refreshToken } });
      expect(renew.status).toBe(401);
    }
    const old = await client.call('POST', paths.loginNationalCode, {
      body: { nationalCode: user.nationalCode, password: user.password },
    });
    expect(old.body.statusCode).toBe(620);
    await logIn(api, { ...user, password: 'A-brand-new-secret-1' });

    // The token is spent.
    const again = await client.call('POST', paths.recoveryChange, {
      body: { recoveryToken, password: 'Yet-another-secret-2' },
    });
    expect(again.status).toBe(401);
  });

  it("refuses a guessable new password or the account's own data (400 on password); the token stays usable", async () => {
    const user = await signUp(api);
    const client = newClient(api);
    const begun = await start(client, user.nationalCode);
    const { recoveryToken } = begun.body.data;
    const code = await latestCode(api, user.phone);
    expect(
      (await client.call('POST', paths.recoveryVerify, { body: { recoveryToken, code } })).body.statusCode,
    ).toBe(200);
    for (const password of ['aaaaaaaa', user.phone, user.nationalCode, user.username]) {
      const weak = await client.call<{ errors: { path: string; message: string }[] }>(
        'POST',
        paths.recoveryChange,
        {
          body: { recoveryToken, password },
          headers: { 'accept-language': 'en' },
        },
      );
      expect(weak.status, password).toBe(400);
      expect(weak.body.data.errors).toEqual([
        { path: 'password', message: expect.stringMatching(/^This password is too easy to guess\./) },
      ]);
    }
    const change = await client.call('POST', paths.recoveryChange, {
      body: { recoveryToken, password: 'A-brand-new-secret-1' },
    });
    expect(change.body.statusCode).toBe(200);
  });

  it('answers an unregistered national code with the same shape, a stable decoy mask, and no SMS', async () => {
    const user = await signUp(api);
    const client = newClient(api);
    const real = await start(client, user.nationalCode);
    const ghostCode = randomNationalCode();
    const sizeBefore = api.deps.messaging.outbox!.size();
    const ghost = await start(client, ghostCode);
    expect(api.deps.messaging.outbox!.size()).toBe(sizeBefore);

    expect(ghost.status).toBe(real.status);
    expect(Object.keys(ghost.body.data).sort()).toEqual(Object.keys(real.body.data).sort());
    expect(ghost.body.statusMessage).toBe(real.body.statusMessage);
    expect(ghost.body.data.recoveryToken).toMatch(/^[\w-]{43}$/);
    expect(real.body.data.recoveryToken).toMatch(/^[\w-]{43}$/);
    expect(ghost.body.data.phone).toMatch(/^09\d\d\*\*\*\d{4}$/);
    expect(ghost.body.data.resendAfter).toBe(120);

    const again = await start(newClient(api), ghostCode);
    expect(again.body.data.phone).toBe(ghost.body.data.phone);
    expect(again.body.data.recoveryToken).not.toBe(ghost.body.data.recoveryToken);

    // The decoy behaves like a real challenge: wrong codes, resend timer, then 660.
    const token = ghost.body.data.recoveryToken;
    const early = await client.call('POST', paths.recoveryResend, { body: { recoveryToken: token } });
    expect(early.body.statusCode).toBe(260);
    await ageChallenge(api.deps.database, 'recovery', token, 120);
    const resend = await client.call('POST', paths.recoveryResend, { body: { recoveryToken: token } });
    expect(resend.body).toMatchObject({ statusCode: 200, data: { resendAfter: 120 } });
    expect(api.deps.messaging.outbox!.size()).toBe(sizeBefore);
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (await client.call('POST', paths.recoveryVerify, { body: { recoveryToken: token, code: '123456' } }))
          .body.statusCode,
      );
    expect(answers).toEqual([620, 620, 620, 620, 660]);
    const change = await client.call('POST', paths.recoveryChange, {
      body: { recoveryToken: token, password: 'A-brand-new-secret-1' },
    });
    expect(change.body.statusCode).toBe(660);
  });

  it('answers starts alike for registered and unregistered codes; the phone gets 5 texts an hour at most', async () => {
    const user = await signUp(api);
    const ghostCode = randomNationalCode();
    const real = [];
    const ghost = [];
    for (let i = 0; i < 7; i++) {
      real.push((await start(newClient(api), user.nationalCode)).body.statusCode);
      ghost.push((await start(newClient(api), ghostCode)).body.statusCode);
    }
    expect(real).toEqual(Array(7).fill(200));
    expect(ghost).toEqual(real);
    // Sign-up sent 1 code (its own budget), recovery 5 more.
    expect(await outbox(api, user.phone)).toHaveLength(6);
  });

  it('over the budget nothing is texted and no older code works; a resend texts once the budget allows', async () => {
    const user = await signUp(api);
    for (let i = 0; i < 5; i++) await start(newClient(api), user.nationalCode);
    const last = await latestCode(api, user.phone);
    const home = newClient(api);
    const { recoveryToken } = (await start(home, user.nationalCode)).body.data;
    expect(await outbox(api, user.phone)).toHaveLength(6);
    // A code texted for another start is not this one's.
    const taken = await home.call('POST', paths.recoveryVerify, { body: { recoveryToken, code: last } });
    expect(taken.body.statusCode).toBe(620);
    clock.pass(3600 * 1000 + 1000);
    await ageChallenge(api.deps.database, 'recovery', recoveryToken, 120);
    const resent = await home.call('POST', paths.recoveryResend, { body: { recoveryToken } });
    expect(resent.body.statusCode).toBe(200);
    const code = await latestCode(api, user.phone);
    expect(
      (await home.call('POST', paths.recoveryVerify, { body: { recoveryToken, code } })).body.statusCode,
    ).toBe(200);
  });

  it('stops texting a phone quietly once the recovery budget is spent (the answer reveals nothing)', async () => {
    const user = await signUp(api);
    for (let i = 0; i < 5; i++)
      expect((await start(newClient(api), user.nationalCode)).body.statusCode).toBe(200);
    clock.pass(3600 * 1000 + 1000);
    // The phone's hourly recovery budget has passed; its daily one (10) has not.
    for (let i = 0; i < 5; i++)
      expect((await start(newClient(api), user.nationalCode)).body.statusCode).toBe(200);
    clock.pass(3600 * 1000 + 1000);
    const quiet = await start(newClient(api), user.nationalCode);
    expect(quiet.body.statusCode).toBe(200);
    expect(quiet.body.data.phone).toBe(`${user.phone.slice(0, 4)}***${user.phone.slice(-4)}`);
    expect(await outbox(api, user.phone)).toHaveLength(11);
  });

  it('resends after resendAfter with a new link; a wrong code is 620 and the token dies 5 minutes after its last use', async () => {
    const user = await signUp(api);
    const client = newClient(api);
    const { recoveryToken } = (await start(client, user.nationalCode)).body.data;
    const first = await latestCode(api, user.phone);
    const link = async () => /link#([\w-]{43})$/m.exec((await outbox(api, user.phone))[0]!.text)![1]!;
    const firstLink = await link();
    expect(
      (await client.call('POST', paths.recoveryResend, { body: { recoveryToken } })).body.statusCode,
    ).toBe(260);
    await ageChallenge(api.deps.database, 'recovery', recoveryToken, 120);
    expect(
      (await client.call('POST', paths.recoveryResend, { body: { recoveryToken } })).body.statusCode,
    ).toBe(200);
    const second = await latestCode(api, user.phone);
    // The resent text's link replaces the first text's.
    const secondLink = await link();
    expect(secondLink).not.toBe(firstLink);
    const open = async (secret: string) =>
      (await newClient(api).call('POST', paths.recoveryLink, { body: { link: secret } })).status;
    expect(await open(firstLink)).toBe(401);
    expect(await open(secondLink)).toBe(200);
    const wrong = await client.call('POST', paths.recoveryVerify, {
      body: { recoveryToken, code: second === first ? otherCode(first) : first },
    });
    expect(wrong.body.statusCode).toBe(620);
    const right = await client.call('POST', paths.recoveryVerify, { body: { recoveryToken, code: second } });
    expect(right.body.statusCode).toBe(200);
    // A verified token cannot ask for another code.
    expect(
      (await client.call('POST', paths.recoveryResend, { body: { recoveryToken } })).body.statusCode,
    ).toBe(261);

    await ageChallenge(api.deps.database, 'recovery', recoveryToken, 5 * 60);
    const late = await client.call('POST', paths.recoveryChange, {
      body: { recoveryToken, password: 'A-brand-new-secret-1' },
    });
    expect(late.status).toBe(401);
  });

  it('a sign-up token is not a recovery token', async () => {
    const client = newClient(api);
    const signup = await client.call<{ signupToken: string }>('POST', paths.signupPhone, {
      body: { phone: randomPhone(), nationalCode: randomNationalCode() },
    });
    const token = signup.body.data.signupToken;
    const answer = await client.call('POST', paths.recoveryVerify, {
      body: { recoveryToken: token, code: '123456' },
    });
    expect(answer.status).toBe(401);
  });
});

describe('password recovery while the rate limiter is down', () => {
  it('answers 503 for registered and unknown national codes alike, never a silent "sent"', async () => {
    const user = await signUp(api);
    const unknown = randomNationalCode();
    // The store of the per-phone send counters (Redis) fails; the other counters still work.
    const counters = createMemoryRateLimiter();
    const limiter: RateLimiter = {
      hit: (key, limit, windowSeconds) =>
        key.includes(user.phone) || key.includes(`decoy:${unknown}`)
          ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379'))
          : counters.hit(key, limit, windowSeconds),
      release: (key) => counters.release(key),
      reset: (key) => counters.reset(key),
      close: () => counters.close(),
    };
    const down = await startTestApp({ database: api.deps.database, limiter, messaging: api.deps.messaging });
    try {
      for (const nationalCode of [user.nationalCode, unknown]) {
        const answer = await start(newClient(down), nationalCode);
        expect(answer.status).toBe(503);
        expect(answer.body.statusCode).toBe(503);
      }
    } finally {
      await down.close();
    }
  });
});

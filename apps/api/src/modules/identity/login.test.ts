import { type LoginStep, identityPaths as paths, type TokenPair } from '@wsm/contracts';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  ageChallenge,
  latestCode,
  newClient,
  otherCode,
  outbox,
  randomNationalCode,
  randomUsername,
  signUp,
  type TestUser,
} from '../../../test/fixtures';
import { appOnTestClock } from '../../../test/test-app';
import { identityLimits } from './limits';
import { setPreferredTwoFaMethod, setUserEmail, setUserStatus } from './service';

const { api, clock } = appOnTestClock();

const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

async function loginStep(user: Pick<TestUser, 'nationalCode' | 'password'>, client = newClient(api)) {
  return client.call<LoginStep>('POST', paths.loginNationalCode, {
    body: { nationalCode: user.nationalCode, password: user.password },
  });
}

/** A new person's login by national code, at its second step: the person, its client and the step's token. */
async function loginAtCode() {
  const user = await signUp(api);
  const client = newClient(api);
  const step = await loginStep(user, client);
  return { user, client, token: step.body.data.accessToken };
}

describe('login', () => {
  it('national code + password → 630 with the method, a challenge token and masked contacts; code → tokens', async () => {
    const user = await signUp(api);
    const client = newClient(api);
    const step = await loginStep(user, client);
    expect(step.status).toBe(200);
    expect(step.body.statusCode).toBe(630);
    expect(step.body.data).toEqual({
      method: 'sms',
      accessToken: expect.any(String),
      twoFaMethods: { sms: `${user.phone.slice(0, 4)}***${user.phone.slice(-4)}` },
      resendAfter: 120,
    });
    const code = await latestCode(api, user.phone);
    const verify = await client.call<TokenPair>('POST', paths.loginVerify, {
      body: { code },
      token: step.body.data.accessToken,
      headers: { 'user-agent': chromeOnWindows },
    });
    expect(verify.status).toBe(200);
    expect(verify.body.data).toMatchObject({ expiresIn: 900, refreshToken: expect.any(String) });
    expect(decodeJwt(verify.body.data.accessToken).sub).toBe(user.id);

    const sessions = await client.call<{
      items: { ipAddress: string; agent: string; platform: string; current: boolean }[];
    }>('GET', paths.sessions, { token: verify.body.data.accessToken });
    const current = sessions.body.data.items.find((s) => s.current);
    expect(current).toMatchObject({
      ipAddress: client.ip,
      agent: chromeOnWindows,
      platform: 'Chrome 126 on Windows 10',
    });
  });

  it('logs in by username, in any casing', async () => {
    const user = await signUp(api);
    const step = await newClient(api).call<LoginStep>('POST', paths.loginUsername, {
      body: { username: user.username.toUpperCase(), password: user.password },
    });
    expect(step.body.statusCode).toBe(630);
  });

  it('answers an unknown user and a wrong password identically (620), in the same time', async () => {
    const user = await signUp(api);
    const client = newClient(api);
    const measure = async (body: object, path: string) => {
      const started = performance.now();
      const answer = await client.call('POST', path, { body });
      return { answer, ms: performance.now() - started };
    };
    const wrong = [];
    const unknown = [];
    // Interleaved, so a busy moment of the machine slows both kinds alike.
    for (let i = 0; i < 9; i++) {
      wrong.push(
        await measure(
          { nationalCode: user.nationalCode, password: 'not-the-password' },
          paths.loginNationalCode,
        ),
      );
      unknown.push(
        await measure(
          { nationalCode: randomNationalCode(), password: 'not-the-password' },
          paths.loginNationalCode,
        ),
      );
    }
    const unknownName = await measure({ username: randomUsername(), password: 'x' }, paths.loginUsername);
    for (const { answer } of [...wrong, ...unknown, unknownName]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(wrong[0]!.answer.body);
    }
    expect(wrong[0]!.answer.body.statusCode).toBe(620);
    // Both paths verify an argon2id hash: neither is markedly faster. A busy machine only ever adds
    // time, so the fastest of 9 is each path's own cost; skipping argon2 would make it ten times faster.
    const fastest = (xs: { ms: number }[]) => Math.min(...xs.map((x) => x.ms));
    expect(fastest(unknown)).toBeGreaterThan(fastest(wrong) * 0.5);
    expect(fastest(wrong)).toBeGreaterThan(fastest(unknown) * 0.5);
  });

  it('answers 621 for a suspended and 622 for an unverified account, only after the right password', async () => {
    const user = await signUp(api);
    await setUserStatus(api.deps, user.id, 'suspended');
    expect((await loginStep({ ...user, password: 'wrong-password' })).body.statusCode).toBe(620);
    expect((await loginStep(user)).body.statusCode).toBe(621);
    await setUserStatus(api.deps, user.id, 'unverified');
    expect((await loginStep({ ...user, password: 'wrong-password' })).body.statusCode).toBe(620);
    expect((await loginStep(user)).body.statusCode).toBe(622);
    await setUserStatus(api.deps, user.id, 'active');
    expect((await loginStep(user)).body.statusCode).toBe(630);
  });

  it('suspending an account kills its sessions and stops a pending login at the code', async () => {
    const user = await signUp(api);
    const client = newClient(api);
    const step = await loginStep(user, client);
    const code = await latestCode(api, user.phone);
    await setUserStatus(api.deps, user.id, 'suspended');
    expect((await client.call('GET', paths.sessions, { token: user.tokens.accessToken })).status).toBe(401);
    const verify = await client.call('POST', paths.loginVerify, {
      body: { code },
      token: step.body.data.accessToken,
    });
    expect(verify.body.statusCode).toBe(621);
  });

  it('sends by e-mail when that is preferred and verified, and can switch method', async () => {
    const user = await signUp(api);
    const email = `${user.username}@example.com`;
    // An unverified address is never used, even when e-mail is the stored choice. (Setting an
    // unverified address resets the choice to SMS, so the choice is stored after it here.)
    await setUserEmail(api.deps, user.id, email, false);
    await setPreferredTwoFaMethod(api.deps, user.id, 'email');
    const unverified = await loginStep(user);
    expect(unverified.body.data).toMatchObject({ method: 'sms', twoFaMethods: { sms: expect.any(String) } });
    expect(unverified.body.data.twoFaMethods.email).toBeUndefined();

    await setUserEmail(api.deps, user.id, email, true);
    const client = newClient(api);
    const step = await loginStep(user, client);
    expect(step.body.data).toMatchObject({
      method: 'email',
      twoFaMethods: { sms: expect.any(String), email: `${email[0]}***@example.com` },
    });
    const [mail] = await outbox(api, email);
    expect(mail).toMatchObject({ channel: 'email', to: email });
    expect(mail!.text).toContain('کد ورود');

    const token = step.body.data.accessToken;
    // Same method again before resendAfter: 260. Another method: at once.
    const again = await client.call('POST', paths.loginSend, { body: { method: 'email' }, token });
    expect(again.body.statusCode).toBe(260);
    const toSms = await client.call('POST', paths.loginSend, { body: { method: 'sms' }, token });
    expect(toSms.body).toMatchObject({ statusCode: 200, data: { resendAfter: 120 } });
    const smsCode = await latestCode(api, user.phone);
    // The e-mailed code was replaced.
    if (mail!.code !== smsCode) {
      const old = await client.call('POST', paths.loginVerify, { body: { code: mail!.code }, token });
      expect(old.body.statusCode).toBe(620);
    }
    const verify = await client.call('POST', paths.loginVerify, { body: { code: smsCode }, token });
    expect(verify.body.statusCode).toBe(200);
  });

  it('refuses e-mail without a verified address (400) and the not-yet-offered google method (400)', async () => {
    const { client, token } = await loginAtCode();
    const email = await client.call('POST', paths.loginSend, {
      body: { method: 'email' },
      token,
      headers: { 'accept-language': 'en' },
    });
    expect(email.body).toMatchObject({
      statusCode: 400,
      data: { errors: [{ path: 'method', message: 'This account has no verified e-mail address' }] },
    });
    const google = await client.call('POST', paths.loginSend, { body: { method: 'google' }, token });
    expect(google.body.statusCode).toBe(400);
  });

  it('resends by SMS after resendAfter', async () => {
    const { user, client, token } = await loginAtCode();
    expect(
      (await client.call('POST', paths.loginSend, { body: { method: 'sms' }, token })).body.statusCode,
    ).toBe(260);
    await ageChallenge(api.deps.database, 'login', token, 120);
    expect(
      (await client.call('POST', paths.loginSend, { body: { method: 'sms' }, token })).body.statusCode,
    ).toBe(200);
    const code = await latestCode(api, user.phone);
    expect((await client.call('POST', paths.loginVerify, { body: { code }, token })).body.statusCode).toBe(
      200,
    );
  });

  it('the challenge token opens only the two 2fa calls, dies on success and after 10 minutes', async () => {
    const { user, client, token } = await loginAtCode();
    // Not an access token.
    expect((await client.call('GET', paths.sessions, { token })).status).toBe(401);
    // An access token is not a challenge token.
    const withAccess = await client.call('POST', paths.loginVerify, {
      body: { code: '123456' },
      token: user.tokens.accessToken,
    });
    expect(withAccess.status).toBe(401);
    expect((await client.call('POST', paths.loginVerify, { body: { code: '123456' } })).status).toBe(401);

    const code = await latestCode(api, user.phone);
    expect((await client.call('POST', paths.loginVerify, { body: { code }, token })).body.statusCode).toBe(
      200,
    );
    const replay = await client.call('POST', paths.loginVerify, { body: { code }, token });
    expect(replay.status).toBe(401);
    expect((await client.call('POST', paths.loginSend, { body: { method: 'sms' }, token })).status).toBe(401);

    const late = await loginStep(user, client);
    const lateCode = await latestCode(api, user.phone);
    await ageChallenge(api.deps.database, 'login', late.body.data.accessToken, 10 * 60);
    const expired = await client.call('POST', paths.loginVerify, {
      body: { code: lateCode },
      token: late.body.data.accessToken,
    });
    expect(expired.status).toBe(401);
  });

  it('5 wrong codes → 660, and the right code no longer works', async () => {
    const { user, client, token } = await loginAtCode();
    const code = await latestCode(api, user.phone);
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (await client.call('POST', paths.loginVerify, { body: { code: otherCode(code) }, token })).body
          .statusCode,
      );
    expect(answers).toEqual([620, 620, 620, 620, 660]);
    expect((await client.call('POST', paths.loginVerify, { body: { code }, token })).body.statusCode).toBe(
      660,
    );
    expect(
      (await client.call('POST', paths.loginSend, { body: { method: 'sms' }, token })).body.statusCode,
    ).toBe(660);
  });

  it('parallel wrong guesses cannot exceed 5', async () => {
    const user = await signUp(api);
    const step = await loginStep(user);
    const token = step.body.data.accessToken;
    const code = await latestCode(api, user.phone);
    // Each guess from its own address, so only the per-challenge count stops them.
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        newClient(api).call('POST', paths.loginVerify, { body: { code: otherCode(code) }, token }),
      ),
    );
    const codes = answers.map((a) => a.body.statusCode);
    expect(codes.filter((c) => c === 620)).toHaveLength(4);
    expect(codes.filter((c) => c === 660)).toHaveLength(21);
    expect(
      (await newClient(api).call('POST', paths.loginVerify, { body: { code }, token })).body.statusCode,
    ).toBe(660);
  });

  it('a code of one flow never works in another', async () => {
    const user = await signUp(api);
    const client = newClient(api);
    const login = await loginStep(user, client);
    const loginCode = await latestCode(api, user.phone);
    const recovery = await client.call<{ recoveryToken: string }>('POST', paths.recoveryStart, {
      body: { nationalCode: user.nationalCode },
    });
    const recoveryCode = await latestCode(api, user.phone);
    expect(recoveryCode).not.toBe(loginCode);
    const token = login.body.data.accessToken;
    expect(
      (await client.call('POST', paths.loginVerify, { body: { code: recoveryCode }, token })).body.statusCode,
    ).toBe(620);
    const crossed = await client.call('POST', paths.recoveryVerify, {
      body: { recoveryToken: recovery.body.data.recoveryToken, code: loginCode },
    });
    expect(crossed.body.statusCode).toBe(620);
    // Nor does a token: the login challenge token is not a recovery token, and the other way round.
    const tokenCrossed = await client.call('POST', paths.recoveryVerify, {
      body: { recoveryToken: token, code: recoveryCode },
    });
    expect(tokenCrossed.status).toBe(401);
    const back = await client.call('POST', paths.loginVerify, {
      body: { code: loginCode },
      token: recovery.body.data.recoveryToken,
    });
    expect(back.status).toBe(401);
    // Both still work with their own codes.
    expect(
      (await client.call('POST', paths.loginVerify, { body: { code: loginCode }, token })).body.statusCode,
    ).toBe(200);
  });

  it('counts wrong passwords per account, parallel ones too: 20 are told, the rest answer like a right one', async () => {
    const user = await signUp(api);
    const wrong = { ...user, password: 'not-the-password' };
    const guesser = newClient(api);
    const budget = identityLimits.loginFailAccount.max;
    const answers = await Promise.all(Array.from({ length: budget + 6 }, () => loginStep(wrong, guesser)));
    const codes = answers.map((a) => a.body.statusCode);
    expect(codes.filter((c) => c === 620)).toHaveLength(budget);
    expect(codes.filter((c) => c === 630)).toHaveLength(6);
    // The right password, at that very address, by username too: a real code that lets the owner in.
    const byName = await guesser.call<LoginStep>('POST', paths.loginUsername, {
      body: { username: user.username, password: user.password },
    });
    expect(byName.body.statusCode).toBe(630);
    const code = await latestCode(api, user.phone);
    const verified = await guesser.call('POST', paths.loginVerify, {
      token: byName.body.data.accessToken,
      body: { code },
    });
    expect(verified.body.statusCode).toBe(200);
  });

  it("a right password never counts; the owner's own typos count like anyone's", async () => {
    const user = await signUp(api);
    const client = newClient(api);
    const typo = async () => (await loginStep({ ...user, password: 'typo' }, client)).body.statusCode;
    const budget = identityLimits.loginFailAccount.max;
    for (let i = 0; i < budget - 1; i++) expect(await typo()).toBe(620);
    for (let i = 0; i < 3; i++) expect((await loginStep(user, client)).body.statusCode).toBe(630);
    expect(await typo()).toBe(620);
    expect(await typo()).toBe(630);
  });

  it('counts unknown identifiers the same way (no hint that the account does not exist)', async () => {
    const ghost = { nationalCode: randomNationalCode(), password: 'whatever-it-is' };
    const client = newClient(api);
    const codes = [];
    const budget = identityLimits.loginFailAccount.max;
    for (let i = 0; i <= budget; i++) codes.push((await loginStep(ghost, client)).body.statusCode);
    expect(codes).toEqual([...Array(budget).fill(620), 630]);
  });

  it('gives login codes to one phone a budget of their own (10 an hour), then lets them through again', async () => {
    const user = await signUp(api); // a sign-up code: another budget
    const client = newClient(api);
    for (let i = 0; i < 10; i++) expect((await loginStep(user, client)).body.statusCode).toBe(630);
    const over = await loginStep(user, client);
    expect(over.body.statusCode).toBe(260);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await outbox(api, user.phone)).toHaveLength(11);
    // A recovery code still goes out: logins never use up another purpose's budget.
    const recovery = await client.call('POST', paths.recoveryStart, {
      body: { nationalCode: user.nationalCode },
    });
    expect(recovery.body.statusCode).toBe(200);
    expect(await outbox(api, user.phone)).toHaveLength(12);
    clock.pass(3600 * 1000 + 1000);
    expect((await loginStep(user, client)).body.statusCode).toBe(630);
  });

  it('keeps the password of a user with Persian digits working when typed with ASCII digits', async () => {
    const user = await signUp(api, newClient(api), { password: 'رمز-عبور-۱۲۳۴' });
    const step = await loginStep({ nationalCode: user.nationalCode, password: 'رمز-عبور-1234' });
    expect(step.body.statusCode).toBe(630);
  });
});

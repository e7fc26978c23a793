import {
  type LoginStep,
  type Notification,
  identityPaths as paths,
  profilePaths,
  type TokenPair,
} from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { restoreBackup, takeBackup } from '../../../test/backup-fixtures';
import {
  type Client,
  createWorkspace,
  latestCode,
  logIn,
  newClient,
  otherCode,
  outbox,
  quickUser,
  randomNationalCode,
  randomPhone,
  signUp,
  strongPassword,
  type TestUser,
} from '../../../test/fixtures';
import { type ApiAnswer, appOnTestClock, startTestApp, testConfig } from '../../../test/test-app';
import { createRedisRateLimiter } from '../../lib/rate-limiter';
import { identityLimits } from './limits';
import { hashPassword } from './passwords';
import * as repo from './repository';

// Limits stop abuse, not people (docs/security.md): an owner's ordinary hour and an office behind
// one address pass; SMS pumping, code guessing, credential stuffing and account attacks are stopped.

const { api, clock } = appOnTestClock();

const loginStep = (user: Pick<TestUser, 'nationalCode' | 'password'>, client: Client) =>
  client.call<LoginStep>('POST', paths.loginNationalCode, {
    body: { nationalCode: user.nationalCode, password: user.password },
  });

const signupStart = (client: Client, phone = randomPhone()) =>
  client.call<{ signupToken: string }>('POST', paths.signupPhone, {
    body: { phone, nationalCode: randomNationalCode() },
  });

/** A 260 that says how long to wait, in the body and the header alike, at most `windowSeconds`. */
function expectWait(answer: ApiAnswer<unknown>, windowSeconds: number): void {
  expect(answer.body.statusCode).toBe(260);
  const retryAfter = (answer.body.data as { retryAfter: number }).retryAfter;
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(Number(answer.headers.get('retry-after'))).toBe(retryAfter);
}

/** Runs `task` for each item, `width` at a time (a busy 2-core machine). */
async function inBatches<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width)
    results.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  return results;
}

describe('limits let people through', () => {
  it("an owner's ordinary hour: sign-up, logins (one typo), a backup, a restore, another login, an e-mail", async () => {
    const home = newClient(api);
    const owner = await signUp(api, home);
    expect((await loginStep({ ...owner, password: 'a-typo-in-it' }, home)).body.statusCode).toBe(620);
    await logIn(api, owner, home);
    const tokens = await logIn(api, owner, home);
    const workspace = await createWorkspace(api, { ...owner, tokens });
    const backup = await takeBackup(api, workspace);
    const restored = await restoreBackup(api, workspace, backup.id);
    expect(restored.body.statusCode).toBe(200);
    // On the phone in the evening: another address, another login.
    const latest = await logIn(api, owner, newClient(api));
    const sent = await home.call('POST', profilePaths.email, {
      token: latest.accessToken,
      body: { email: `${owner.username}@example.com` },
    });
    expect(sent.body.statusCode).toBe(200);
    const code = await latestCode(api, `${owner.username}@example.com`);
    const verified = await home.call('POST', profilePaths.emailVerify, {
      token: latest.accessToken,
      body: { code },
    });
    expect(verified.body.statusCode).toBe(200);
    // Sign-up, three logins, the backup and the restore: six texts to one phone, none refused.
    expect(await outbox(api, owner.phone)).toHaveLength(6);
  });

  it('an office of 60 behind one address logs in within a minute and renews its tokens', async () => {
    const office = newClient(api);
    const passwordHash = await hashPassword(strongPassword);
    const people = await Promise.all(
      Array.from({ length: 60 }, async () => {
        const person = await quickUser(api);
        await repo.updateUser(api.deps.database.db, person.id, { passwordHash }, new Date());
        return { ...person, password: strongPassword };
      }),
    );
    const sessions = await inBatches(people, 20, (person) => logIn(api, person, office));
    expect(sessions).toHaveLength(60);
    // Every tab renews its pair, twice in the minute.
    for (let round = 0; round < 2; round++) {
      const answers = await inBatches(sessions, 30, (pair) =>
        office.call<TokenPair>('POST', paths.renew, { body: { refreshToken: pair.refreshToken } }),
      );
      expect(answers.map((a) => a.body.statusCode)).toEqual(Array(60).fill(200));
      answers.forEach((a, i) => {
        sessions[i] = a.body.data;
      });
    }
  });
});

describe('limits stop abuse', () => {
  it('SMS pumping: sign-up codes from one address stop at the budget, and stay stopped for the hour', async () => {
    const pump = newClient(api);
    const budget = identityLimits.signupSendIp.max;
    const answers = await inBatches(
      Array.from({ length: budget }, () => randomPhone()),
      10,
      (phone) => signupStart(pump, phone),
    );
    expect(answers.map((a) => a.body.statusCode)).toEqual(Array(budget).fill(200));
    const victim = randomPhone();
    expectWait(await signupStart(pump, victim), identityLimits.signupIp.windowSeconds);
    clock.pass(identityLimits.signupIp.windowSeconds * 1000 + 1000);
    // The starts' window has passed, the address's hourly budget of texts has not.
    expectWait(await signupStart(pump, victim), 3600);
    expect(await outbox(api, victim)).toHaveLength(0);
    // Another address is not affected.
    expect((await signupStart(newClient(api))).body.statusCode).toBe(200);
  });

  it('SMS bombing: one phone gets at most 5 sign-up codes an hour, from however many addresses', async () => {
    const victim = randomPhone();
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await signupStart(newClient(api), victim)).body.statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 260]);
    expect(await outbox(api, victim)).toHaveLength(5);
  });

  it('code guessing across challenges from one address stops after 30 wrong codes', async () => {
    const challenges = await Promise.all(
      Array.from({ length: 7 }, async () => {
        const phone = randomPhone();
        const owner = newClient(api);
        const start = await signupStart(owner, phone);
        return { owner, token: start.body.data.signupToken, code: await latestCode(api, phone) };
      }),
    );
    const guesser = newClient(api);
    const guess = (token: string, code: string) =>
      guesser.call('POST', paths.signupVerify, { body: { signupToken: token, code } });
    for (const { token, code } of challenges.slice(0, 6)) {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await guess(token, otherCode(code))).body.statusCode);
      expect(answers).toEqual([620, 620, 620, 620, 660]);
    }
    const last = challenges[6]!;
    // Stopped even with the right code; the person with the code, at their own address, is not.
    expectWait(await guess(last.token, last.code), identityLimits.codeFailIp.windowSeconds);
    const own = await last.owner.call('POST', paths.signupVerify, {
      body: { signupToken: last.token, code: last.code },
    });
    expect(own.body.statusCode).toBe(200);
  });

  it('credential stuffing from one address stops after 200 wrong passwords', async () => {
    const stuffer = newClient(api);
    const tries = Array.from({ length: identityLimits.loginFailIp.max }, () => ({
      nationalCode: randomNationalCode(),
      password: 'leaked-password-1',
    }));
    const answers = await inBatches(tries, 10, (entry) => loginStep(entry, stuffer));
    expect(answers.map((a) => a.body.statusCode)).toEqual(Array(tries.length).fill(620));
    const user = await signUp(api);
    expectWait(await loginStep(user, stuffer), identityLimits.loginFailIp.windowSeconds);
    expect((await loginStep(user, newClient(api))).body.statusCode).toBe(630);
  });

  it('wrong passwords for one account from any number of addresses: 20 an hour and 50 a day tell anything', async () => {
    const owner = await personWithPassword();
    const wrong = { ...owner, password: 'guess-guess-guess' };
    const { max: perHour } = identityLimits.loginFailAccount;
    const guesses = (count: number) =>
      inBatches(
        Array.from({ length: count }),
        10,
        async () => (await loginStep(wrong, newClient(api))).body.statusCode,
      );
    // Hour 1: 20 answered 620, then the guesses tell nothing (630 like a right password, nothing sent).
    expect(await guesses(perHour + 1)).toEqual([...Array(perHour).fill(620), 630]);
    clock.pass(3600 * 1000 + 1000);
    expect(await guesses(perHour)).toEqual(Array(perHour).fill(620));
    clock.pass(3600 * 1000 + 1000);
    // Every wrong password counts toward the day's 50, told or not: nine more, then nothing all day.
    const rest = identityLimits.loginFailAccountDay.max - (2 * perHour + 1);
    // One batch at once: which of them comes last is not their order in the batch.
    const lastOfDay = (await guesses(rest + 1)).sort((a, b) => a - b);
    expect(lastOfDay).toEqual([...Array(rest).fill(620), 630]);
    expect(await outbox(api, owner.phone)).toHaveLength(0);
  });
});

/** A person made in the database whose password works (no sign-up texts), in `language`. */
async function personWithPassword(
  language: 'persian' | 'english' | 'arabic' = 'persian',
  email?: string,
): Promise<TestUser> {
  const person = await quickUser(api);
  const patch = {
    passwordHash: await sharedHash,
    language,
    ...(email ? { email, emailVerified: true } : {}),
  };
  await repo.updateUser(api.deps.database.db, person.id, patch, new Date());
  return { ...person, password: strongPassword };
}

const sharedHash = hashPassword(strongPassword);

/** `count` wrong passwords for `owner`, each from an address of its own. */
const strangersGuess = (owner: TestUser, count: number) =>
  inBatches(Array.from({ length: count }), 20, () =>
    loginStep({ ...owner, password: 'guess-guess-guess' }, newClient(api)),
  );

describe('nobody else can shut the owner out', () => {
  it("after 100 wrong passwords from 100 addresses, the owner's right password and code get in from a new address", async () => {
    const owner = await personWithPassword();
    const answers = await strangersGuess(owner, 100);
    expect(answers.filter((a) => a.body.statusCode === 260)).toHaveLength(0);
    const tokens = await logIn(api, owner, newClient(api));
    const me = await newClient(api).call('GET', paths.sessions, { token: tokens.accessToken });
    expect(me.body.statusCode).toBe(200);
    // By username too.
    const byName = await newClient(api).call<LoginStep>('POST', paths.loginUsername, {
      body: { username: owner.username, password: owner.password },
    });
    expect(byName.body.statusCode).toBe(630);
  });

  it("over the account's budget a wrong password answers like the right one, and no code ever passes it", async () => {
    const owner = await personWithPassword();
    await strangersGuess(owner, identityLimits.loginFailAccount.max);
    const attacker = newClient(api);
    const guess = await loginStep({ ...owner, password: 'guess-guess-guess' }, attacker);
    const right = await loginStep(owner, newClient(api));
    const shape = (a: ApiAnswer<LoginStep>) => ({
      ...a.body,
      data: { ...a.body.data, accessToken: 'token' },
    });
    expect(shape(guess)).toEqual(shape(right));
    expect(right.body.data).toMatchObject({
      method: 'sms',
      twoFaMethods: { sms: `${owner.phone.slice(0, 4)}***${owner.phone.slice(-4)}` },
      resendAfter: 120,
    });
    // Only the right password texted a code; on the guess's challenge even that code is wrong.
    expect(await outbox(api, owner.phone)).toHaveLength(1);
    const code = await latestCode(api, owner.phone);
    const verify = (token: string, body: object) => attacker.call('POST', paths.loginVerify, { token, body });
    expect((await verify(guess.body.data.accessToken, { code })).body.statusCode).toBe(620);
    expect((await verify(guess.body.data.accessToken, { recoveryCode: 'abcde-fghij' })).body.statusCode).toBe(
      620,
    );
    // Both offer the texted code only, and the same resend timer.
    for (const step of [guess, right]) {
      const token = step.body.data.accessToken;
      const email = await attacker.call('POST', paths.loginSend, { token, body: { method: 'email' } });
      expect(email.status).toBe(400);
      const early = await attacker.call('POST', paths.loginSend, { token, body: { method: 'sms' } });
      expect(early.body.statusCode).toBe(260);
      expect((await attacker.call('POST', paths.loginPasskeyOptions, { token })).body.statusCode).toBe(404);
    }
    // The owner's own challenge passes with its code.
    const tokens = await newClient(api).call<TokenPair>('POST', paths.loginVerify, {
      token: right.body.data.accessToken,
      body: { code },
    });
    expect(tokens.body.statusCode).toBe(200);
  });

  it('an unknown national code over its budget answers the same, with the decoy phone recovery shows', async () => {
    const ghost = { nationalCode: randomNationalCode(), password: 'whatever-it-is' };
    const answers = await inBatches(Array.from({ length: identityLimits.loginFailAccount.max + 1 }), 10, () =>
      loginStep(ghost, newClient(api)),
    );
    const last = answers.at(-1)!;
    expect(last.body.statusCode).toBe(630);
    const recovery = await newClient(api).call<{ phone: string }>('POST', paths.recoveryStart, {
      body: { nationalCode: ghost.nationalCode },
    });
    expect(last.body.data).toMatchObject({
      method: 'sms',
      twoFaMethods: { sms: recovery.body.data.phone },
      resendAfter: 120,
    });
    expect(Object.keys(last.body.data.twoFaMethods)).toEqual(['sms']);
  });

  it('60 people behind one address who each mistype once all get in', async () => {
    const office = newClient(api);
    const people = await Promise.all(Array.from({ length: 60 }, () => personWithPassword()));
    const typos = await inBatches(people, 20, (person) =>
      loginStep({ ...person, password: 'typo-typo' }, office),
    );
    expect(typos.map((a) => a.body.statusCode)).toEqual(Array(60).fill(620));
    const sessions = await inBatches(people, 20, (person) => logIn(api, person, office));
    expect(sessions).toHaveLength(60);
  });

  it.each([
    ['English', 'english', 'en', 'Many wrong passwords on your account', 'tried many wrong passwords'],
    ['Persian', 'persian', 'fa', 'رمزهای نادرست پرشمار برای حساب شما', 'رمزهای نادرست بسیاری'],
    ['Arabic', 'arabic', 'ar', 'كلمات مرور خاطئة كثيرة على حسابك', 'كلمات مرور خاطئة كثيرة'],
  ] as const)(
    'tells an owner in %s of a burst once: a notification and an e-mail',
    async (_, language, locale, title, words) => {
      const email = `burst-${randomNationalCode()}@example.com`;
      const owner = await personWithPassword(language, email);
      await strangersGuess(owner, identityLimits.loginFailAccount.max);
      expect(await failureNotes(owner, locale)).toHaveLength(0);
      await strangersGuess(owner, 10);
      const notes = await failureNotes(owner, locale);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.title).toBe(title);
      const mails = await outbox(api, email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(words);
      // The same burst an hour later is a new one.
      clock.pass(3600 * 1000 + 1000);
      await strangersGuess(owner, identityLimits.loginFailAccount.max + 1);
      expect(await failureNotes(owner, locale)).toHaveLength(2);
      expect(await outbox(api, email)).toHaveLength(2);
    },
  );

  it('tells an owner without a verified e-mail by notification only', async () => {
    const owner = await personWithPassword('english');
    await strangersGuess(owner, identityLimits.loginFailAccount.max + 3);
    expect(await failureNotes(owner, 'en')).toHaveLength(1);
    expect(await outbox(api, owner.phone)).toHaveLength(0);
  });
});

/** The owner's notifications of wrong-password bursts, read in `locale`. */
async function failureNotes(owner: TestUser, locale: 'fa' | 'en' | 'ar') {
  const list = await newClient(api).call<{ notifications: Notification[] }>(
    'GET',
    '/v1/notifications/simple/',
    {
      token: owner.tokens.accessToken,
      headers: { 'accept-language': locale },
    },
  );
  return list.body.data.notifications.filter((note) => note.type === 'login.failures');
}

describe('limits whose counters are unreachable', () => {
  it('answer 503 with the envelope when Redis is down, never 500, while renewals go on', async () => {
    const user = await signUp(api);
    const down = await startTestApp({
      config: testConfig({ TRUST_PROXY: 'true' }),
      limiter: createRedisRateLimiter('redis://127.0.0.1:9'),
    });
    try {
      const login = await loginStep(
        { nationalCode: randomNationalCode(), password: 'whatever' },
        newClient(down),
      );
      expect(login.status).toBe(503);
      expect(login.body.statusCode).toBe(503);
      // Their limit only bounds useless work: it counts in the process, and people stay signed in.
      const renew = await newClient(down).call<TokenPair>('POST', paths.renew, {
        body: { refreshToken: user.tokens.refreshToken },
      });
      expect(renew.body.statusCode).toBe(200);
      expect(renew.body.data.refreshToken).not.toBe(user.tokens.refreshToken);
    } finally {
      await down.close().catch(() => undefined);
    }
  });
});

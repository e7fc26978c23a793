import { identityPaths as paths, type TokenPair } from '@wsm/contracts';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  ageChallenge,
  type Client,
  latestCode,
  newClient,
  otherCode,
  outbox,
  randomNationalCode,
  randomPhone,
  randomUsername,
  signUp,
  strongPassword,
} from '../../../test/fixtures';
import { appForFile, behindProxy } from '../../../test/test-app';
import { identityLimits } from './limits';
import { getUser } from './service';

const api = appForFile(behindProxy);

async function startSignup(client: Client, phone = randomPhone(), nationalCode = randomNationalCode()) {
  const answer = await client.call<{ signupToken: string; phone: string; resendAfter: number }>(
    'POST',
    paths.signupPhone,
    { body: { phone, nationalCode } },
  );
  return { answer, phone, nationalCode, token: answer.body.data?.signupToken };
}

/** A sign-up from a new client, at the texted code: the client, the sign-up token and the code. */
async function signupAtCode() {
  const client = newClient(api);
  const { token, phone } = await startSignup(client);
  return { client, token, code: await latestCode(api, phone) };
}

/** The sign-up's second step: the texted code, checked. */
const verifyCode = (client: Client, signupToken: string, code: string) =>
  client.call('POST', paths.signupVerify, { body: { signupToken, code } });

async function verified(client: Client) {
  const started = await startSignup(client);
  const code = await latestCode(api, started.phone);
  const answer = await client.call('POST', paths.signupVerify, {
    body: { signupToken: started.token, code },
  });
  expect(answer.body.statusCode).toBe(200);
  return started;
}

describe('sign-up', () => {
  it('phone → code → password creates a verified, logged-in account', async () => {
    const client = newClient(api);
    const phone = randomPhone();
    const nationalCode = randomNationalCode();
    const start = await client.call('POST', paths.signupPhone, {
      // Another accepted spelling of the phone, with Persian digits in the national code.
      body: {
        phone: `+98${phone.slice(1)}`,
        nationalCode: nationalCode.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[+d]!),
      },
    });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      statusCode: 200,
      data: { phone: `${phone.slice(0, 4)}***${phone.slice(-4)}`, resendAfter: 120 },
    });
    const { signupToken } = start.body.data as { signupToken: string };
    expect(signupToken.length).toBeGreaterThanOrEqual(32);

    const [sms] = await outbox(api, phone);
    expect(sms).toMatchObject({ channel: 'sms', to: phone });
    expect(sms!.code).toMatch(/^\d{6}$/);
    expect(sms!.text).toContain(sms!.code);
    expect(sms!.text).toContain('کد تأیید ثبت‌نام');

    const verify = await client.call('POST', paths.signupVerify, { body: { signupToken, code: sms!.code } });
    expect(verify.body).toMatchObject({ statusCode: 200, data: { signupToken } });

    const username = randomUsername();
    const done = await client.call<TokenPair>('POST', paths.signupPassword, {
      body: { signupToken, password: strongPassword, username: username.toUpperCase(), firstName: 'علي' },
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ expiresIn: 900 });
    const claims = decodeJwt(done.body.data.accessToken);
    expect(claims).toMatchObject({ aud: 'wsm-api', iss: 'wsm-identity' });
    expect(claims.exp! - claims.iat!).toBe(900);

    const user = await getUser(api.deps, claims.sub!);
    expect(user).toMatchObject({
      phone,
      nationalCode,
      username,
      firstName: 'علی',
      status: 'active',
      language: 'persian',
      emailVerified: false,
    });
    const sessions = await client.call<{ items: unknown[] }>('GET', paths.sessions, {
      token: done.body.data.accessToken,
    });
    expect(sessions.body.data.items).toHaveLength(1);
  });

  it('sends the code in English and stores English as the language when the request is in English', async () => {
    const client = newClient(api);
    const phone = randomPhone();
    await client.call('POST', paths.signupPhone, {
      body: { phone, nationalCode: randomNationalCode() },
      headers: { 'accept-language': 'en' },
    });
    const [sms] = await outbox(api, phone);
    expect(sms!.text).toMatch(/^Your sign-up code: \d{6}/);
    const user = await signUp(api, client, { language: 'en' });
    expect((await getUser(api.deps, user.id))?.language).toBe('english');
  });

  it('answers 261 when the phone or the national code is already registered, and sends nothing', async () => {
    const user = await signUp(api);
    const client = newClient(api);
    const before = (await outbox(api, user.phone)).length;
    const samePhone = await startSignup(client, user.phone);
    expect(samePhone.answer.status).toBe(400);
    expect(samePhone.answer.body.statusCode).toBe(261);
    const sameCode = await startSignup(client, randomPhone(), user.nationalCode);
    expect(sameCode.answer.body.statusCode).toBe(261);
    expect(await outbox(api, user.phone)).toHaveLength(before);
  });

  it('answers 261 for a username taken in another casing, and the token stays usable', async () => {
    const taken = await signUp(api);
    const client = newClient(api);
    const { token } = await verified(client);
    const clash = await client.call('POST', paths.signupPassword, {
      body: { signupToken: token, password: strongPassword, username: taken.username.toUpperCase() },
    });
    expect(clash.body.statusCode).toBe(261);
    const retry = await client.call('POST', paths.signupPassword, {
      body: { signupToken: token, password: strongPassword, username: '' },
    });
    expect(retry.body.statusCode).toBe(200);
  });

  it('validates the phone, the national code and the password (body 400 with field errors)', async () => {
    const client = newClient(api);
    const bad = await client.call('POST', paths.signupPhone, {
      body: { phone: '+441234567890', nationalCode: '1234567890' },
      headers: { 'accept-language': 'en' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      statusCode: 400,
      data: {
        errors: [
          { path: 'phone', message: 'The mobile number is not valid' },
          { path: 'nationalCode', message: 'The national code is not valid' },
        ],
      },
    });
    const { token } = await verified(client);
    for (const password of ['short1!', 'Password123', 'x'.repeat(129)]) {
      const weak = await client.call('POST', paths.signupPassword, {
        body: { signupToken: token, password },
      });
      expect(weak.body.statusCode).toBe(400);
    }
    const common = await client.call('POST', paths.signupPassword, {
      body: { signupToken: token, password: 'qwertyuiop' },
    });
    expect(common.body.data).toEqual({
      errors: [{ path: 'password', message: 'این رمز عبور بسیار رایج است؛ رمز دیگری انتخاب کنید' }],
    });
  });

  it("refuses guessable passwords and the person's own data, in the request's language; the token stays usable", async () => {
    const client = newClient(api);
    const { token, phone, nationalCode } = await verified(client);
    const person = { username: 'sara.karimi', firstName: 'Sara', lastName: 'Karimi' };
    const refused = async (password: string, lang = 'en') => {
      const answer = await client.call<{ errors: { path: string; message: string }[] }>(
        'POST',
        paths.signupPassword,
        { body: { signupToken: token, password, ...person }, headers: { 'accept-language': lang } },
      );
      expect(answer.status, password).toBe(400);
      expect(answer.body.statusCode).toBe(400);
      expect(answer.body.data.errors.map((e) => e.path)).toEqual(['password']);
      return answer.body.data.errors[0]!.message;
    };
    expect(await refused('aaaaaaaa')).toBe(
      'This password is too easy to guess. Repeated characters like “aaa” are easy to guess.',
    );
    expect(await refused(`${' '.repeat(8)}a`)).toMatch(/^This password is too easy to guess\./);
    for (const own of [phone, nationalCode, 'sara.karimi', 'SaraKarimi', `+98${phone.slice(1)}`])
      expect(await refused(own)).toBe(
        'This password is too easy to guess. Do not use your own details (mobile, national code, username or name).',
      );
    expect(await refused(phone, 'fa')).toMatch(/^این رمز عبور به‌آسانی حدس زده می‌شود\. از اطلاعات خودتان/);

    // Nothing was spent: the same token takes a strong password.
    const done = await client.call<TokenPair>('POST', paths.signupPassword, {
      body: { signupToken: token, password: strongPassword, ...person },
    });
    expect(done.body.statusCode).toBe(200);
  });

  it('refuses a wrong code with 620, and a replayed code once used', async () => {
    const { client, token, code } = await signupAtCode();
    const wrong = await verifyCode(client, token, otherCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body.statusCode).toBe(620);
    const right = await verifyCode(client, token, code);
    expect(right.body.statusCode).toBe(200);
    const replay = await verifyCode(client, token, code);
    expect(replay.body.statusCode).toBe(620);
  });

  it('kills the challenge on the 5th wrong code (660): even the right code fails afterwards', async () => {
    const { client, token, code } = await signupAtCode();
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const wrong = await verifyCode(client, token, otherCode(code));
      answers.push(wrong.body.statusCode);
    }
    expect(answers).toEqual([620, 620, 620, 620, 660]);
    const right = await verifyCode(client, token, code);
    expect(right.body.statusCode).toBe(660);
    const resend = await client.call('POST', paths.signupResend, { body: { signupToken: token } });
    expect(resend.body.statusCode).toBe(660);
  });

  it('lets no more than 5 parallel wrong guesses through', async () => {
    const { client, token, code } = await signupAtCode();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => verifyCode(client, token, otherCode(code))),
    );
    const codes = answers.map((a) => a.body.statusCode);
    expect(codes.filter((c) => c === 620).length).toBe(4);
    expect(codes.filter((c) => c === 660).length).toBe(16);
    const right = await verifyCode(client, token, code);
    expect(right.body.statusCode).toBe(660);
  });

  it('refuses an expired code (620) and an expired sign-up token (401)', async () => {
    const { client, token, code } = await signupAtCode();
    await ageChallenge(api.deps.database, 'signup', token, 121);
    const late = await verifyCode(client, token, code);
    expect(late.body.statusCode).toBe(620);
    await ageChallenge(api.deps.database, 'signup', token, 15 * 60);
    const dead = await verifyCode(client, token, code);
    expect(dead.status).toBe(401);
  });

  it('resends only after resendAfter (260 with Retry-After before), and the new code replaces the old', async () => {
    const client = newClient(api);
    const { token, phone } = await startSignup(client);
    const first = await latestCode(api, phone);
    const early = await client.call<{ retryAfter: number }>('POST', paths.signupResend, {
      body: { signupToken: token },
    });
    expect(early.body.statusCode).toBe(260);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(early.body.data.retryAfter).toBe(Number(early.headers.get('retry-after')));

    await ageChallenge(api.deps.database, 'signup', token, 120);
    const resend = await client.call('POST', paths.signupResend, { body: { signupToken: token } });
    expect(resend.body).toMatchObject({ statusCode: 200, data: { resendAfter: 120 } });
    const messages = await outbox(api, phone);
    expect(messages).toHaveLength(2);
    const second = messages[0]!.code!;
    if (second !== first) {
      const old = await verifyCode(client, token, first);
      expect(old.body.statusCode).toBe(620);
    }
    const ok = await verifyCode(client, token, second);
    expect(ok.body.statusCode).toBe(200);
  });

  it('refuses the password step before the code is verified, and a token used twice', async () => {
    const client = newClient(api);
    const { token } = await startSignup(client);
    const early = await client.call('POST', paths.signupPassword, {
      body: { signupToken: token, password: strongPassword },
    });
    expect(early.status).toBe(401);

    const done = await verified(client);
    const first = await client.call('POST', paths.signupPassword, {
      body: { signupToken: done.token, password: strongPassword },
    });
    expect(first.body.statusCode).toBe(200);
    const again = await client.call('POST', paths.signupPassword, {
      body: { signupToken: done.token, password: strongPassword },
    });
    expect(again.status).toBe(401);
  });

  it('refuses an unknown sign-up token with 401', async () => {
    const answer = await newClient(api).call('POST', paths.signupVerify, {
      body: { signupToken: 'x'.repeat(43), code: '123456' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.statusCode).toBe(401);
  });

  it('limits sign-up starts per client address (260 + Retry-After)', async () => {
    const client = newClient(api);
    for (let i = 0; i < identityLimits.signupIp.max; i++)
      expect((await startSignup(client)).answer.body.statusCode).toBe(200);
    const over = await startSignup(client);
    expect(over.answer.body.statusCode).toBe(260);
    expect(over.answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await outbox(api, over.phone)).toHaveLength(0);
    // Another address is not affected.
    expect((await startSignup(newClient(api))).answer.body.statusCode).toBe(200);
  });

  it('accepts every path with and without its trailing slash, and documents them in OpenAPI', async () => {
    const client = newClient(api);
    const noSlash = await client.call('POST', paths.signupVerify.replace(/\/$/, ''), {
      body: { signupToken: 'x'.repeat(43), code: '123456' },
    });
    expect(noSlash.status).toBe(401);
    const withSlash = await client.call('POST', `${paths.recoveryStart}/`, {
      body: { nationalCode: randomNationalCode() },
    });
    expect(withSlash.status).toBe(200);

    const docs = await api.call<never>('GET', '/docs/json');
    const spec = docs.body as unknown as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    for (const path of Object.values(paths)) {
      const operations = spec.paths[path] ?? spec.paths[path.replace(/\/$/, '')];
      expect(operations, path).toBeDefined();
      for (const operation of Object.values(operations!)) {
        expect(operation.tags).toEqual(['identity']);
        expect(operation.summary).toBeTruthy();
      }
    }
  });
});

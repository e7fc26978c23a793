import {
  identityPaths,
  type Notification,
  profilePaths as paths,
  type TokenPair,
  type TwoFaSettings,
} from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import {
  latestCode,
  maskedPhone,
  outbox,
  proxiedAppAndCaller,
  quickUser,
  signUp,
  startLogin,
  type TestUser,
} from '../../../test/fixtures';
import * as identityRepo from '../identity/repository';
import { setUserEmail } from '../identity/service';

// The preferred two-factor method (our addition to the API): where login codes go.

const { api, call } = proxiedAppAndCaller('en');

async function addVerifiedEmail(user: TestUser, email: string): Promise<void> {
  const token = user.tokens.accessToken;
  expect((await call('POST', paths.email, token, { email })).body.statusCode).toBe(200);
  const verified = await call('POST', paths.emailVerify, token, { code: await latestCode(api, email) });
  expect(verified.body.statusCode).toBe(200);
}

describe('preferred two-factor method', () => {
  it('is SMS by default; e-mail is refused with a translated field error until an address is verified', async () => {
    const user = await quickUser(api);
    const token = user.tokens.accessToken;
    const read = await call<TwoFaSettings>('GET', paths.twoFa, token);
    expect(read.body).toMatchObject({
      statusCode: 200,
      data: { method: 'sms', methods: { sms: maskedPhone(user.phone) } },
    });
    expect(read.body.data.methods.email).toBeUndefined();

    for (const [lang, message] of [
      ['en', 'This account has no verified e-mail address'],
      ['fa', 'ایمیل تأییدشده‌ای برای این حساب ثبت نشده است'],
    ] as const) {
      const refused = await call<{ errors: { path: string; message: string }[] }>(
        'PUT',
        paths.twoFa,
        token,
        { method: 'email' },
        lang,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.statusCode).toBe(400);
      expect(refused.body.data.errors).toEqual([{ path: 'method', message }]);
    }
    // An address waiting for its code is not verified either.
    await call('POST', paths.email, token, { email: `${user.username}@example.com` });
    expect((await call('PUT', paths.twoFa, token, { method: 'email' })).status).toBe(400);
    expect((await call('PUT', paths.twoFa, token, { method: 'google' })).status).toBe(400);
    expect((await call<TwoFaSettings>('GET', paths.twoFa, token)).body.data.method).toBe('sms');
  });

  it('after choosing e-mail, login answers method email and the code arrives at the address, not the phone', async () => {
    const user = await signUp(api, undefined, { language: 'en' });
    const token = user.tokens.accessToken;
    const email = `${user.username}@example.com`;
    await addVerifiedEmail(user, email);

    const chosen = await call<TwoFaSettings>('PUT', paths.twoFa, token, { method: 'email' });
    expect(chosen.body).toMatchObject({
      statusCode: 200,
      data: {
        method: 'email',
        methods: { sms: maskedPhone(user.phone), email: `${email[0]}***@example.com` },
      },
    });
    expect((await call<TwoFaSettings>('GET', paths.twoFa, token)).body.data.method).toBe('email');

    const smsBefore = (await outbox(api, user.phone)).length;
    const { client, step } = await startLogin(api, user);
    expect(step.method).toBe('email');
    const [mail] = await outbox(api, email);
    expect(mail).toMatchObject({ channel: 'email', to: email });
    expect(mail!.text).toMatch(/login code/i);
    expect((await outbox(api, user.phone)).length).toBe(smsBefore);
    const verified = await client.call<TokenPair>('POST', identityPaths.loginVerify, {
      body: { code: mail!.code },
      token: step.accessToken,
    });
    expect(verified.body.statusCode).toBe(200);

    // The change is news to the account's owner, in the reader's language.
    const notes = await call<{ notifications: Notification[] }>('GET', '/v1/notifications/simple/', token);
    const note = notes.body.data.notifications.find((n) => n.type === 'two-fa.changed');
    expect(note?.body).toMatch(/e-mail/);

    // And back to SMS.
    expect((await call<TwoFaSettings>('PUT', paths.twoFa, token, { method: 'sms' })).body.data.method).toBe(
      'sms',
    );
    expect((await startLogin(api, user)).step.method).toBe('sms');
  });

  it('a change to another verified address keeps e-mail: codes go to the new address', async () => {
    const user = await signUp(api);
    const token = user.tokens.accessToken;
    const first = `a${user.username}@example.com`;
    const second = `b${user.username}@example.org`;
    await addVerifiedEmail(user, first);
    await call('PUT', paths.twoFa, token, { method: 'email' });

    expect((await call('PUT', paths.email, token, { email: second })).body.statusCode).toBe(200);
    // Until the new code is entered, the old verified address still receives login codes.
    expect((await startLogin(api, user)).step.method).toBe('email');
    expect((await outbox(api, first))[0]?.text).toMatch(/login|ورود/);
    const verified = await call('POST', paths.emailVerify, token, { code: await latestCode(api, second) });
    expect(verified.body.statusCode).toBe(200);

    const read = await call<TwoFaSettings>('GET', paths.twoFa, token);
    expect(read.body.data).toEqual({
      method: 'email',
      methods: { sms: maskedPhone(user.phone), email: `b***@example.org` },
      loginAlerts: true,
    });
    const sentBefore = (await outbox(api, first)).length;
    const { step } = await startLogin(api, user);
    expect(step.method).toBe('email');
    expect((await outbox(api, second))[0]?.text).toMatch(/login|ورود/);
    expect((await outbox(api, first)).length).toBe(sentBefore);
  });

  it('falls back to SMS for good when the account loses its verified address', async () => {
    const user = await signUp(api);
    const token = user.tokens.accessToken;
    await addVerifiedEmail(user, `${user.username}@example.com`);
    await call('PUT', paths.twoFa, token, { method: 'email' });

    // The address is removed (an operator, or a future "remove e-mail"): codes go by SMS at once.
    await setUserEmail(api.deps, user.id, null, false);
    expect((await call<TwoFaSettings>('GET', paths.twoFa, token)).body.data).toEqual({
      method: 'sms',
      methods: { sms: maskedPhone(user.phone) },
      loginAlerts: true,
    });
    expect((await startLogin(api, user)).step.method).toBe('sms');
    expect((await identityRepo.findUserById(api.deps.database.db, user.id))?.preferredTwoFaMethod).toBe(
      'sms',
    );

    // A new address, once verified, is not silently where codes go: the person chooses it again.
    await addVerifiedEmail(user, `new${user.username}@example.com`);
    const read = await call<TwoFaSettings>('GET', paths.twoFa, token);
    expect(read.body.data.method).toBe('sms');
    expect(read.body.data.methods.email).toBe('n***@example.com');
    expect((await startLogin(api, user)).step.method).toBe('sms');
  });
});

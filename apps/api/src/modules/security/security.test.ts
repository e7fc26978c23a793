import { identityPaths, type Notification, profilePaths as paths, type TokenPair } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import { literal, refuseWrites } from '../../../test/fault-triggers';
import {
  latestCode,
  logIn,
  newClient,
  otherCode,
  outbox,
  proxiedAppAndCaller,
  quickUser,
  randomNationalCode,
  randomPhone,
  signUp,
  startLogin,
  strongPassword,
  type TestUser,
} from '../../../test/fixtures';
import * as identityRepo from '../identity/repository';
import type { ChallengePurpose } from '../identity/schema';

const { api, call } = proxiedAppAndCaller('fa');

/** Moves the user's pending challenge of a purpose `seconds` into the past. */
async function agePending(userId: string, purpose: ChallengePurpose, seconds: number): Promise<void> {
  const row = await identityRepo.findLatestUserChallenge(api.deps.database.db, purpose, userId, new Date());
  if (!row) throw new Error('nothing pending');
  const back = (date: Date | null) => (date ? new Date(date.getTime() - seconds * 1000) : null);
  await identityRepo.updateChallenge(api.deps.database.db, row.id, {
    codeExpiresDate: back(row.codeExpiresDate),
    lastSentDate: back(row.lastSentDate),
  });
}

async function notificationsOf(token: string, lang = 'en'): Promise<Notification[]> {
  const answer = await call<{ notifications: Notification[] }>(
    'GET',
    '/v1/notifications/simple/?pageSize=100',
    token,
    undefined,
    lang,
  );
  return answer.body.data.notifications;
}

function expectCode(answer: { status: number; body: { statusCode: number } }, code: number, http = 400) {
  expect(answer.body.statusCode).toBe(code);
  expect(answer.status).toBe(http);
}

describe('every security route', () => {
  it('requires a login', async () => {
    const routes: [string, string][] = [
      ['GET', paths.username],
      ['PUT', paths.username],
      ['GET', paths.nationalCode],
      ['POST', paths.nationalCode],
      ['GET', paths.passwordCode],
      ['PUT', paths.password],
      ['GET', paths.email],
      ['POST', paths.email],
      ['PUT', paths.email],
      ['POST', paths.emailVerify],
      ['GET', paths.emailResend],
      ['GET', paths.phone],
      ['PUT', paths.phone],
      ['POST', paths.phoneVerify],
      ['GET', paths.phoneResend],
      ['GET', paths.twoFa],
      ['PUT', paths.twoFa],
    ];
    for (const [method, path] of routes) {
      const answer = await call(method, path, undefined, method === 'GET' ? undefined : {});
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('username', () => {
  it('reads and changes the username; 261 when another account holds it in any casing', async () => {
    const user = await quickUser(api);
    const other = await quickUser(api);
    const token = user.tokens.accessToken;
    expect((await call<{ username: string }>('GET', paths.username, token)).body.data).toEqual({
      username: user.username,
    });
    const taken = await call('PUT', paths.username, token, { username: other.username.toUpperCase() });
    expectCode(taken, 261);
    const fresh = `n${user.username}`.slice(0, 30);
    expectCode(await call('PUT', paths.username, token, { username: fresh.toUpperCase() }), 200, 200);
    expect((await call<{ username: string }>('GET', paths.username, token)).body.data.username).toBe(fresh);
    expectCode(await call('PUT', paths.username, token, { username: '9abc' }), 400);
  });
});

describe('national code', () => {
  it('answers it masked, never whole', async () => {
    const user = await quickUser(api);
    const answer = await call<{ nationalCode: string }>('GET', paths.nationalCode, user.tokens.accessToken);
    const masked = answer.body.data.nationalCode;
    expect(masked).toBe(`${user.nationalCode.slice(0, 3)}****${user.nationalCode.slice(-3)}`);
    expect(JSON.stringify(answer.body)).not.toContain(user.nationalCode);
  });

  it('is set once; 261 when the account has one or another account holds it', async () => {
    const user = await quickUser(api);
    const other = await quickUser(api);
    const token = user.tokens.accessToken;
    expectCode(await call('POST', paths.nationalCode, token, { nationalCode: randomNationalCode() }), 261);
    await identityRepo.updateUser(api.deps.database.db, user.id, { nationalCode: null }, new Date());
    expect((await call('GET', paths.nationalCode, token)).body.data).toEqual({ nationalCode: null });
    expectCode(await call('POST', paths.nationalCode, token, { nationalCode: other.nationalCode }), 261);
    expectCode(await call('POST', paths.nationalCode, token, { nationalCode: '1111111111' }), 400);
    const mine = randomNationalCode();
    expectCode(await call('POST', paths.nationalCode, token, { nationalCode: mine }), 200, 200);
    const read = await call<{ nationalCode: string }>('GET', paths.nationalCode, token);
    expect(read.body.data.nationalCode).toBe(`${mine.slice(0, 3)}****${mine.slice(-3)}`);
    expectCode(await call('POST', paths.nationalCode, token, { nationalCode: randomNationalCode() }), 261);
  });
});

describe('password change', () => {
  async function sendCode(user: TestUser, token = user.tokens.accessToken) {
    const sent = await call<{ resendAfter: number }>('GET', paths.passwordCode, token);
    expectCode(sent, 200, 200);
    expect(sent.body.data).toEqual({ resendAfter: 120 });
    return latestCode(api, user.phone);
  }

  /** A new person logged in twice, with a password-change code texted from the first session. */
  async function withPasswordCode() {
    const user = await signUp(api);
    const other = await logIn(api, user);
    const code = await sendCode(user);
    return { user, other, token: user.tokens.accessToken, code };
  }
  const newPassword = 'Another-Long-Passphrase-7';

  it('a failure between the new password and the revocation of the other sessions leaves both as they were', async () => {
    const { user, other, token, code } = await withPasswordCode();
    // The second write of the change (revoking the other sessions) fails.
    const allowWrites = await refuseWrites(api.deps.database.db, {
      table: 'user_sessions',
      operation: 'UPDATE',
      when: `OLD.user_id = ${literal(user.id)} and NEW.revoked_date is not null`,
    });
    try {
      const answer = await call('PUT', paths.password, token, {
        currentPassword: user.password,
        password: newPassword,
        code,
      });
      expect(answer.status).toBe(500);
    } finally {
      await allowWrites();
    }
    // Nothing half-done: the old password still logs in, the new one does not, the other session lives.
    expect((await call('GET', paths.username, other.accessToken)).status).toBe(200);
    await logIn(api, user);
    const withNew = await newClient(api).call('POST', identityPaths.loginNationalCode, {
      body: { nationalCode: user.nationalCode, password: newPassword },
    });
    expect(withNew.body.statusCode).toBe(620);
  });

  it('needs the texted code and the current password; other sessions are revoked, this one stays', async () => {
    const { user, other, token, code } = await withPasswordCode();
    const change = (currentPassword: string, password: string, code: string) =>
      call('PUT', paths.password, token, { currentPassword, password, code });

    expectCode(await change(user.password, newPassword, otherCode(code)), 620);
    // A right code with a wrong current password: 620 too, and the code is used up.
    expectCode(await change('Wrong-Password-123', newPassword, code), 620);
    expectCode(await change(user.password, newPassword, code), 620);
    expectCode(await change(user.password, 'password', code), 400);

    // The used-up code's challenge is over: a new code may be asked for at once.
    const second = await sendCode(user);
    expectCode(await change(user.password, newPassword, second), 200, 200);
    // Single use.
    expectCode(await change(newPassword, strongPassword, second), 620);

    expect((await call('GET', paths.username, other.accessToken)).status).toBe(401);
    expect((await call('GET', paths.username, token)).status).toBe(200);
    // The new password logs in, the old one no longer does.
    await logIn(api, { ...user, password: newPassword });
    const old = await newClient(api).call('POST', identityPaths.loginNationalCode, {
      body: { nationalCode: user.nationalCode, password: user.password },
    });
    expect(old.body.statusCode).toBe(620);

    const titles = (await notificationsOf(token, 'en')).map((n) => `${n.type} ${n.title}`);
    expect(titles.some((t) => t.startsWith('password.changed') && /password/i.test(t))).toBe(true);
    const fa = (await notificationsOf(token, 'fa')).find((n) => n.type === 'password.changed');
    expect(fa?.title).toMatch(/رمز/);
  });

  it("refuses a guessable password or the account's own data before spending the code", async () => {
    const user = await signUp(api);
    const token = user.tokens.accessToken;
    const code = await sendCode(user);
    for (const password of ['aaaaaaaa', user.phone, user.nationalCode, user.username, 'SaraTest']) {
      const weak = await call<{ errors: { path: string; message: string }[] }>(
        'PUT',
        paths.password,
        token,
        { currentPassword: user.password, password, code },
        'en',
      );
      expectCode(weak, 400);
      expect(weak.body.data.errors).toEqual([
        { path: 'password', message: expect.stringMatching(/^This password is too easy to guess\./) },
      ]);
    }
    const fa = await call<{ errors: { message: string }[] }>('PUT', paths.password, token, {
      currentPassword: user.password,
      password: user.phone,
      code,
    });
    expect(fa.body.data.errors[0]!.message).toMatch(/^این رمز عبور به‌آسانی حدس زده می‌شود/);
    expectCode(
      await call('PUT', paths.password, token, {
        currentPassword: user.password,
        password: 'Another-Long-Passphrase-7',
        code,
      }),
      200,
      200,
    );
  });

  it('refuses an expired code', async () => {
    const user = await signUp(api);
    const code = await sendCode(user);
    await agePending(user.id, 'password-change', 121);
    expectCode(
      await call('PUT', paths.password, user.tokens.accessToken, {
        currentPassword: user.password,
        password: 'Another-Long-Passphrase-7',
        code,
      }),
      620,
    );
  });

  it('holds the resend timer (260 with Retry-After) and kills the code after 5 wrong tries (660)', async () => {
    const user = await quickUser(api);
    const token = user.tokens.accessToken;
    const code = await sendCode(user);
    const again = await call<{ retryAfter: number }>('GET', paths.passwordCode, token);
    expectCode(again, 260);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(100);
    expect(again.body.data.retryAfter).toBeGreaterThan(100);
    expect((await outbox(api, user.phone)).length).toBe(1);

    const body = (c: string) => ({
      currentPassword: 'whatever-it-is',
      password: 'Another-Long-Passphrase-7',
      code: c,
    });
    for (let i = 0; i < 4; i++)
      expectCode(await call('PUT', paths.password, token, body(otherCode(code))), 620);
    expectCode(await call('PUT', paths.password, token, body(otherCode(code))), 660);
    expectCode(await call('PUT', paths.password, token, body(code)), 660);
    // The timer still runs: no fresh code yet.
    expectCode(await call('GET', paths.passwordCode, token), 260);
  });

  it('rate limits secret checks per account (260 + Retry-After)', async () => {
    const user = await quickUser(api);
    const token = user.tokens.accessToken;
    const body = { currentPassword: 'whatever-it-is', password: 'Another-Long-Passphrase-7', code: '123456' };
    for (let i = 0; i < 20; i++) {
      const answer = await call('PUT', paths.password, token, body);
      expect(answer.body.statusCode).not.toBe(260);
    }
    const limited = await call<{ retryAfter: number }>('PUT', paths.password, token, body);
    expectCode(limited, 260);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.data.retryAfter).toBeGreaterThan(0);
  });
});

describe('e-mail', () => {
  it('adds an address after its code; the login e-mail code then works, by username', async () => {
    const user = await signUp(api);
    const token = user.tokens.accessToken;
    const email = `${user.username}@example.com`;
    expect((await call('GET', paths.email, token)).body.data).toEqual({ email: null, verified: false });

    const sent = await call('POST', paths.email, token, { email: `  ${email.toUpperCase()} ` });
    expectCode(sent, 200, 200);
    expect(sent.body.data).toEqual({ resendAfter: 120 });
    const code = await latestCode(api, email);
    expectCode(await call('GET', paths.emailResend, token), 260);
    // Not the account's until verified.
    expect((await call('GET', paths.email, token)).body.data).toEqual({ email: null, verified: false });
    expectCode(await call('POST', paths.emailVerify, token, { code: otherCode(code) }), 620);
    expectCode(await call('POST', paths.emailVerify, token, { code }), 200, 200);
    expect((await call('GET', paths.email, token)).body.data).toEqual({ email, verified: true });
    expectCode(await call('POST', paths.emailVerify, token, { code }), 620);

    const login = await startLogin(api, user);
    expect(login.step.twoFaMethods.email).toBe(`${email[0]}***@example.com`);
    const switched = await login.client.call('POST', identityPaths.loginSend, {
      body: { method: 'email' },
      token: login.token,
    });
    expect(switched.body.statusCode).toBe(200);
    const verified = await login.client.call<TokenPair>('POST', identityPaths.loginVerify, {
      body: { code: await latestCode(api, email) },
      token: login.token,
    });
    expect(verified.body.statusCode).toBe(200);
    expect(verified.body.data.accessToken).toEqual(expect.any(String));

    const types = (await notificationsOf(token)).map((n) => n.type);
    expect(types).toContain('email.changed');
    expect(types).toContain('session.new');
  });

  it('changes the address (PUT); the old one stays verified until the new code is entered', async () => {
    const user = await quickUser(api);
    const token = user.tokens.accessToken;
    const first = `a${user.username}@example.com`;
    const second = `b${user.username}@example.org`;
    await call('POST', paths.email, token, { email: first });
    expectCode(
      await call('POST', paths.emailVerify, token, { code: await latestCode(api, first) }),
      200,
      200,
    );
    expectCode(await call('PUT', paths.email, token, { email: first }), 261);
    expectCode(await call('PUT', paths.email, token, { email: second }), 200, 200);
    expect((await call('GET', paths.email, token)).body.data).toEqual({ email: first, verified: true });
    // An earlier code of another address never verifies this one.
    await agePending(user.id, 'email-verify', 121);
    expectCode(await call('GET', paths.emailResend, token), 200, 200);
    const code = await latestCode(api, second);
    expectCode(await call('POST', paths.emailVerify, token, { code }), 200, 200);
    expect((await call('GET', paths.email, token)).body.data).toEqual({ email: second, verified: true });
    expectCode(await call('PUT', paths.email, token, { email: 'not-an-address' }), 400);
  });

  it('resend with nothing pending answers 404', async () => {
    const user = await quickUser(api);
    expectCode(await call('GET', paths.emailResend, user.tokens.accessToken), 404, 404);
    expectCode(await call('POST', paths.emailVerify, user.tokens.accessToken, { code: '123456' }), 620);
  });
});

describe('phone', () => {
  it('switches the phone after the code texted to the new one; invitations to it become the user’s', async () => {
    const user = await quickUser(api);
    const owner = await quickUser(api);
    const token = user.tokens.accessToken;
    const newPhone = randomPhone();
    const ws = await newClient(api).call<{ id: string }>('POST', '/v1/workspaces/', {
      body: { workspaceName: `ph-${Date.now().toString(36)}`, name: 'Phone shop' },
      token: owner.tokens.accessToken,
    });
    const invited = await newClient(api).call('POST', '/v1/workspaces/members/identity/invitations/', {
      body: { workspaceId: ws.body.data.id, roleId: null, phone: newPhone },
      token: owner.tokens.accessToken,
    });
    expect(invited.body.statusCode).toBe(200);

    expect((await call('GET', paths.phone, token)).body.data).toEqual({ phone: user.phone });
    expectCode(await call('PUT', paths.phone, token, { phone: user.phone }), 261);
    const sent = await call('PUT', paths.phone, token, { phone: `+98${newPhone.slice(1)}` });
    expectCode(sent, 200, 200);
    expect(sent.body.data).toEqual({ resendAfter: 120 });
    const code = await latestCode(api, newPhone);
    expectCode(await call('GET', paths.phoneResend, token), 260);
    expectCode(await call('POST', paths.phoneVerify, token, { code: otherCode(code) }), 620);
    expect((await call('GET', paths.phone, token)).body.data).toEqual({ phone: user.phone });
    expectCode(await call('POST', paths.phoneVerify, token, { code }), 200, 200);
    expect((await call('GET', paths.phone, token)).body.data).toEqual({ phone: newPhone });

    const mine = await call<{ workspaceId: string }[]>(
      'GET',
      '/v1/workspaces/members/identity/invitations/',
      token,
    );
    expect(mine.body.data.map((i) => i.workspaceId)).toContain(ws.body.data.id);
    const notes = await notificationsOf(token);
    expect(notes.map((n) => n.type)).toEqual(
      expect.arrayContaining(['phone.changed', 'invitation.received']),
    );
    const changed = notes.find((n) => n.type === 'phone.changed')!;
    expect(changed.body).toContain(`${newPhone.slice(0, 4)}***${newPhone.slice(-4)}`);
  });

  it('refuses an expired code, and a phone another account registered meanwhile (261)', async () => {
    const user = await quickUser(api);
    const token = user.tokens.accessToken;
    const target = randomPhone();
    await call('PUT', paths.phone, token, { phone: target });
    const code = await latestCode(api, target);
    await agePending(user.id, 'phone-change', 121);
    expectCode(await call('POST', paths.phoneVerify, token, { code }), 620);

    expectCode(await call('GET', paths.phoneResend, token), 200, 200);
    const fresh = await latestCode(api, target);
    await quickUser(api, { phone: target });
    expectCode(await call('POST', paths.phoneVerify, token, { code: fresh }), 261);
    expect((await call('GET', paths.phone, token)).body.data).toEqual({ phone: user.phone });
  });
});

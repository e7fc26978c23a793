import { identityPaths, profilePaths as paths } from '@wsm/contracts';
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
  signUp,
  strongPassword,
  type TestUser,
} from '../../../test/fixtures';
import { expectCode, securityHelpers } from '../../../test/security-helpers';

// Changing the password from the security settings (the rest: security.test.ts).

const { api, call } = proxiedAppAndCaller('fa');
const { agePending, notificationsOf } = securityHelpers(api, call);

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

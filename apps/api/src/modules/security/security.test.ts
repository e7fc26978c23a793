import { identityPaths, profilePaths as paths, type TokenPair } from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import {
  latestCode,
  newClient,
  otherCode,
  proxiedAppAndCaller,
  quickUser,
  randomNationalCode,
  randomPhone,
  signUp,
  startLogin,
} from '../../../test/fixtures';
import { expectCode, securityHelpers } from '../../../test/security-helpers';
import * as identityRepo from '../identity/repository';

// The security settings: username, national code, e-mail, phone (the password: security-password.test.ts).

const { api, call } = proxiedAppAndCaller('fa');
const { agePending, notificationsOf } = securityHelpers(api, call);

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

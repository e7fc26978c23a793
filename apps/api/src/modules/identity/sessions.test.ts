import { identityPaths as paths, type Session, type TokenPair } from '@wsm/contracts';
import { base64url, decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, newClient, signUp } from '../../../test/fixtures';
import { startTestApp, type TestApp, testConfig } from '../../../test/test-app';
import * as repo from './repository';
import { signAccessToken } from './tokens';

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({ config: testConfig({ TRUST_PROXY: 'true', ACCESS_TOKEN_TTL: '600' }) });
});
afterAll(() => api.close());

type Page = { items: Session[]; total: number; page: number; pageSize: number };
const secret = () => api.deps.config.jwtSecret;
const sessionsOf = (token: string, query = '') =>
  newClient(api).call<Page>('GET', `${paths.sessions}${query}`, { token });
const renew = (refreshToken: string) =>
  newClient(api).call<TokenPair>('POST', paths.renew, { body: { refreshToken } });

describe('refresh tokens', () => {
  it('renewal answers a new pair with expiresIn from ACCESS_TOKEN_TTL; the refresh token rotates', async () => {
    const user = await signUp(api);
    expect(user.tokens.expiresIn).toBe(600);
    const renewed = await renew(user.tokens.refreshToken);
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.expiresIn).toBe(600);
    expect(renewed.body.data.refreshToken).not.toBe(user.tokens.refreshToken);
    const claims = decodeJwt(renewed.body.data.accessToken);
    expect(claims.sid).toBe(decodeJwt(user.tokens.accessToken).sid);
    expect((await sessionsOf(renewed.body.data.accessToken)).status).toBe(200);
    // And again with the new one.
    expect((await renew(renewed.body.data.refreshToken)).status).toBe(200);
  });

  it('a replayed (already rotated) refresh token answers 660 and kills its session', async () => {
    const user = await signUp(api);
    const renewed = await renew(user.tokens.refreshToken);
    expect(renewed.status).toBe(200);
    const replay = await renew(user.tokens.refreshToken);
    expect(replay.status).toBe(400);
    expect(replay.body.statusCode).toBe(660);
    // The whole session is dead: its newest refresh token and its access tokens.
    expect((await renew(renewed.body.data.refreshToken)).status).toBe(401);
    expect((await sessionsOf(renewed.body.data.accessToken)).status).toBe(401);
    expect((await sessionsOf(user.tokens.accessToken)).status).toBe(401);
  });

  it('two parallel renewals with the same token: one wins, the other is a replay', async () => {
    const user = await signUp(api);
    const answers = await Promise.all([renew(user.tokens.refreshToken), renew(user.tokens.refreshToken)]);
    const codes = answers.map((a) => a.body.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([401, 660]).toContain(codes[1]);
    expect((await sessionsOf(user.tokens.accessToken)).status).toBe(401);
  });

  it('an unknown refresh token answers 401; a session past its 30 days cannot renew', async () => {
    expect((await renew('x'.repeat(43))).status).toBe(401);
    const user = await signUp(api);
    const sid = decodeJwt(user.tokens.accessToken).sid as string;
    await repo.updateSession(api.deps.database.db, sid, { expiresDate: new Date(Date.now() - 1000) });
    expect((await renew(user.tokens.refreshToken)).status).toBe(401);
    expect((await sessionsOf(user.tokens.accessToken)).status).toBe(401);
  });
});

describe('sessions', () => {
  it('lists the live sessions, marking the current one, with paging and search', async () => {
    const user = await signUp(api);
    const second = await logIn(api, user, newClient(api), {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    });
    const list = await sessionsOf(second.accessToken);
    expect(list.body.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    const current = list.body.data.items.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]!.id).toBe(decodeJwt(second.accessToken).sid);
    expect(current[0]!.platform).toBe('Mobile Safari 17 on iOS 17.1, Apple iPhone');
    for (const session of list.body.data.items) {
      expect(new Date(session.createdDate).toISOString()).toBe(session.createdDate);
      expect(new Date(session.lastSeenDate).toISOString()).toBe(session.lastSeenDate);
    }
    const paged = await sessionsOf(second.accessToken, '?page=2&pageSize=1');
    expect(paged.body.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.body.data.items).toHaveLength(1);
    const searched = await sessionsOf(second.accessToken, '?search=iphone');
    expect(searched.body.data.total).toBe(1);
    const tooBig = await sessionsOf(second.accessToken, '?pageSize=101');
    expect(tooBig.body.statusCode).toBe(400);
  });

  it('revoking a session kills it at once: its access token answers 401 on the very next request', async () => {
    const user = await signUp(api);
    const other = await logIn(api, user);
    const client = newClient(api);
    expect((await sessionsOf(other.accessToken)).status).toBe(200);
    const sessionId = decodeJwt(other.accessToken).sid;
    const revoke = await client.call('DELETE', paths.sessions, {
      body: { sessionId },
      token: user.tokens.accessToken,
    });
    expect(revoke.body).toMatchObject({ statusCode: 200, data: null });
    const next = await sessionsOf(other.accessToken);
    expect(next.status).toBe(401);
    expect(next.body.statusCode).toBe(401);
    expect((await renew(other.refreshToken)).status).toBe(401);
    // The caller's own session lives on, and the revoked one is gone from the list.
    const list = await sessionsOf(user.tokens.accessToken);
    expect(list.body.data.items.map((s) => s.id)).not.toContain(sessionId);
    // Revoking it again, or someone else's session, answers 404.
    const again = await client.call('DELETE', paths.sessions, {
      body: { sessionId },
      token: user.tokens.accessToken,
    });
    expect(again.status).toBe(404);
    const stranger = await signUp(api);
    const foreign = await client.call('DELETE', paths.sessions, {
      body: { sessionId: decodeJwt(stranger.tokens.accessToken).sid },
      token: user.tokens.accessToken,
    });
    expect(foreign.status).toBe(404);
    expect((await sessionsOf(stranger.tokens.accessToken)).status).toBe(200);
  });

  it('logout ends the current session only', async () => {
    const user = await signUp(api);
    const other = await logIn(api, user);
    const out = await newClient(api).call('DELETE', paths.logout, { token: other.accessToken });
    expect(out.body).toMatchObject({ statusCode: 200, data: null });
    expect((await sessionsOf(other.accessToken)).status).toBe(401);
    expect((await renew(other.refreshToken)).status).toBe(401);
    expect((await sessionsOf(user.tokens.accessToken)).status).toBe(200);
  });

  it('ending every other session kills them all at once and keeps the current one; nobody else’s', async () => {
    const user = await signUp(api);
    const second = await logIn(api, user);
    const third = await logIn(api, user);
    const stranger = await signUp(api);
    const answer = await newClient(api).call<{ revoked: number }>('DELETE', paths.sessionsOthers, {
      token: second.accessToken,
    });
    expect(answer.body).toMatchObject({ statusCode: 200, data: { revoked: 2 } });
    expect((await sessionsOf(user.tokens.accessToken)).status).toBe(401);
    expect((await sessionsOf(third.accessToken)).status).toBe(401);
    expect((await renew(third.refreshToken)).status).toBe(401);
    const left = await sessionsOf(second.accessToken);
    expect(left.body.data.items.map((s) => [s.id, s.current])).toEqual([
      [decodeJwt(second.accessToken).sid, true],
    ]);
    expect((await sessionsOf(stranger.tokens.accessToken)).status).toBe(200);
    // Nothing left to end.
    const again = await newClient(api).call('DELETE', paths.sessionsOthers, { token: second.accessToken });
    expect(again.body).toMatchObject({ statusCode: 200, data: { revoked: 0 } });
  });

  it('requires a token', async () => {
    const answer = await newClient(api).call('GET', paths.sessions);
    expect(answer.status).toBe(401);
    expect(answer.body.statusCode).toBe(401);
    expect((await newClient(api).call('DELETE', paths.logout)).status).toBe(401);
    expect((await newClient(api).call('DELETE', paths.sessionsOthers)).status).toBe(401);
  });
});

describe('access tokens', () => {
  it('rejects alg=none, tampered, expired, foreign-audience and foreign-key tokens', async () => {
    const user = await signUp(api);
    const good = user.tokens.accessToken;
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const claims = decodeJwt(good);
    const enc = (value: object) => base64url.encode(JSON.stringify(value));

    const none = `${enc({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const otherSub = `${header}.${enc({ ...claims, sub: 'someone-else' })}.${signature}`;
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const now = Math.floor(Date.now() / 1000);
    const expired = await signAccessToken(
      secret(),
      { sub: user.id, sid: claims.sid as string },
      60,
      now - 120,
    );
    const key = new TextEncoder().encode(secret());
    /** A token signed with the right key but from another issuer or for another audience. */
    const signedFor = (issuer: string, audience: string) =>
      new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer(issuer)
        .setAudience(audience)
        .setExpirationTime('5m')
        .sign(key);
    const foreignAudience = await signedFor('wsm-identity', 'another-api');
    const foreignIssuer = await signedFor('someone', 'wsm-api');
    const foreignKey = await signAccessToken(
      'another-secret-that-is-long-enough-for-hs256',
      {
        sub: user.id,
        sid: claims.sid as string,
      },
      600,
    );
    const hs512 = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(user.id)
      .setIssuer('wsm-identity')
      .setAudience('wsm-api')
      .setExpirationTime('5m')
      .sign(key);
    // A valid signature, but a session that does not exist.
    const noSession = await signAccessToken(secret(), { sub: user.id, sid: 'no-such-session' }, 600);

    for (const token of [
      none,
      otherSub,
      flipped,
      expired,
      foreignAudience,
      foreignIssuer,
      foreignKey,
      hs512,
      noSession,
      'garbage',
    ]) {
      const answer = await sessionsOf(token);
      expect(answer.status, token).toBe(401);
    }
    expect((await sessionsOf(good)).status).toBe(200);
    const malformedHeader = await newClient(api).call('GET', paths.sessions, {
      headers: { authorization: `Basic ${good}` },
    });
    expect(malformedHeader.status).toBe(401);
  });
});

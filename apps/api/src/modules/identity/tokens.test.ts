import { base64url, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accessTokenAudience,
  accessTokenIssuer,
  signAccessToken,
  signSessionToken,
  verifyAccessToken,
} from './tokens';

const secret = 'a-test-secret-of-at-least-32-characters-ü';
const key = new TextEncoder().encode(secret);
const claims = { sub: 'b6f0c8a2-1d7e-4c1b-9a55-0d2f3e4a5b6c', sid: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f' };
const now = () => Math.floor(Date.now() / 1000);

/** A token jose signs with these claims and header, for the checks of what ours must refuse. */
function joseToken(
  payload: Record<string, unknown>,
  { alg = 'HS256', audience = accessTokenAudience, issuer = accessTokenIssuer } = {},
): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(now() + 600)
    .sign(alg === 'HS512' ? new TextEncoder().encode(secret.repeat(2)) : key);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('are standard HS256 JWTs: jose verifies ours, with the claims, and ours verifies jose’s', async () => {
    const ours = signAccessToken(secret, claims, 900, 1_767_225_600);
    expect(decodeProtectedHeader(ours)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(ours, key, {
      algorithms: ['HS256'],
      audience: accessTokenAudience,
      issuer: accessTokenIssuer,
      currentDate: new Date(1_767_225_600_000),
    });
    expect(payload).toEqual({
      ...claims,
      aud: accessTokenAudience,
      iss: accessTokenIssuer,
      iat: 1_767_225_600,
      exp: 1_767_225_600 + 900,
    });
    expect(verifyAccessToken(secret, await joseToken(claims))).toEqual(claims);
  });

  it('verify with the secret they were signed with, and only with it', () => {
    const token = signAccessToken(secret, claims, 600);
    expect(verifyAccessToken(secret, token)).toEqual(claims);
    expect(verifyAccessToken(`${secret}x`, token)).toBeNull();
    const expired = signAccessToken(secret, claims, 600, now() - 3600);
    expect(verifyAccessToken(secret, expired)).toBeNull();
  });

  it('are refused once expired, even after being accepted (a verified token is remembered only until then)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(1_767_225_600_000));
    const token = signAccessToken(secret, claims, 60);
    expect(verifyAccessToken(secret, token)).toEqual(claims);
    vi.setSystemTime(new Date(1_767_225_600_000 + 59_000));
    expect(verifyAccessToken(secret, token)).toEqual(claims);
    vi.setSystemTime(new Date(1_767_225_600_000 + 61_000));
    expect(verifyAccessToken(secret, token)).toBeNull();
    // Remembered under its own secret only.
    vi.setSystemTime(new Date(1_767_225_600_000));
    expect(verifyAccessToken(`${secret}x`, token)).toBeNull();
  });

  it('refuse another algorithm, alg none, another audience or issuer, a changed payload and missing claims', async () => {
    expect(verifyAccessToken(secret, await joseToken(claims, { alg: 'HS512' }))).toBeNull();
    const [, body] = (await joseToken(claims)).split('.');
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${body}.`;
    expect(verifyAccessToken(secret, none)).toBeNull();
    expect(verifyAccessToken(secret, await joseToken(claims, { audience: 'wsm-end-session' }))).toBeNull();
    expect(
      verifyAccessToken(secret, await joseToken(claims, { audience: `${accessTokenAudience}-x` })),
    ).toBeNull();
    expect(verifyAccessToken(secret, await joseToken(claims, { issuer: 'someone-else' }))).toBeNull();
    const [header, , signature] = signAccessToken(secret, claims, 600).split('.');
    const otherUser = base64url.encode(
      JSON.stringify({
        ...claims,
        sub: 'another-user',
        aud: accessTokenAudience,
        iss: accessTokenIssuer,
        exp: now() + 600,
      }),
    );
    expect(verifyAccessToken(secret, `${header}.${otherUser}.${signature}`)).toBeNull();
    expect(verifyAccessToken(secret, await joseToken({ sub: claims.sub }))).toBeNull();
    expect(verifyAccessToken(secret, 'not-a-token')).toBeNull();
  });

  it('carry only what is given: a session link’s audience is not an access token', () => {
    const link = signSessionToken(secret, 'wsm-end-session', accessTokenIssuer, claims, 600);
    expect(verifyAccessToken(secret, link)).toBeNull();
  });
});

describe('the verifier', () => {
  it('starts without a warning for operators to read past', () => {
    const warned = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      // A secret of its own: the verifier is built now, as at a process's first request.
      const own = `${secret}-${Math.random()}`;
      expect(verifyAccessToken(own, signAccessToken(own, claims, 900))).toEqual(claims);
      expect(warned).not.toHaveBeenCalled();
    } finally {
      warned.mockRestore();
    }
  });
});

import { decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { accessTokenAudience, accessTokenIssuer, signAccessToken, verifyAccessToken } from './tokens';

const secret = 'a-test-secret-of-at-least-32-characters-ü';

describe('access tokens', () => {
  it('are signed exactly as jose signs them (same header, claims and signature)', async () => {
    const claims = {
      sub: 'b6f0c8a2-1d7e-4c1b-9a55-0d2f3e4a5b6c',
      sid: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    };
    const issuedAt = 1_767_225_600;
    const ours = await signAccessToken(secret, claims, 900, issuedAt);
    const jose = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(accessTokenIssuer)
      .setAudience(accessTokenAudience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 900)
      .sign(new TextEncoder().encode(secret));
    expect(ours).toBe(jose);
    expect(decodeProtectedHeader(ours)).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('verify with the secret they were signed with, and only with it', async () => {
    const claims = { sub: 'user-1', sid: 'session-1' };
    const token = await signAccessToken(secret, claims, 600);
    expect(await verifyAccessToken(secret, token)).toEqual(claims);
    expect(await verifyAccessToken(`${secret}x`, token)).toBeNull();
    const expired = await signAccessToken(secret, claims, 600, Math.floor(Date.now() / 1000) - 3600);
    expect(await verifyAccessToken(secret, expired)).toBeNull();
  });
});

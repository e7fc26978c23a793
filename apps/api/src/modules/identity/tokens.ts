import { errors, jwtVerify, SignJWT } from 'jose';

export const accessTokenAudience = 'wsm-api';
export const accessTokenIssuer = 'wsm-identity';
/** Absolute lifetime of a session and its refresh tokens. */
export const sessionLifetimeSeconds = 30 * 24 * 3600;

export interface AccessClaims {
  /** The user id. */
  sub: string;
  /** The session id. */
  sid: string;
}

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** Signs an access token (HS256) for one session. `issuedAt` is for tests of expiry. */
export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  ttlSeconds: number,
  issuedAt: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(accessTokenIssuer)
    .setAudience(accessTokenAudience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(keyOf(secret));
}

/**
 * The claims of a valid access token, or null: the signature (HS256 only, so `alg: none` and other
 * algorithms fail), expiry, audience and issuer are all checked.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      audience: accessTokenAudience,
      issuer: accessTokenIssuer,
      requiredClaims: ['sub', 'sid', 'exp'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

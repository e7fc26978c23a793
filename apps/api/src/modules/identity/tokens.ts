import { createHmac } from 'node:crypto';
import { errors, jwtVerify } from 'jose';

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

// The compact JWS jose's SignJWT writes (this header, these claims in this order: tokens.test.ts holds the
// two equal), signed with node:crypto's HMAC in this thread: jose signs through WebCrypto, which imports
// the key and queues a job for every token, the largest cost of a renewal. Verification stays with jose.
const accessTokenHeader = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** Signs an access token (HS256) for one session. `issuedAt` is for tests of expiry. */
export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  ttlSeconds: number,
  issuedAt: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  const payload = {
    sid: claims.sid,
    sub: claims.sub,
    iss: accessTokenIssuer,
    aud: accessTokenAudience,
    iat: issuedAt,
    exp: issuedAt + ttlSeconds,
  };
  const signed = `${accessTokenHeader}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}

/** The claims of a valid access token, or null (see verifySessionToken). */
export function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  return verifySessionToken(secret, token, accessTokenAudience, accessTokenIssuer);
}

/**
 * The user and session of a valid token naming a session (an access token, a login alert's link), or
 * null: the signature (HS256 only, so `alg: none` and other algorithms fail), expiry, audience and
 * issuer are all checked.
 */
export async function verifySessionToken(
  secret: string,
  token: string,
  audience: string,
  issuer: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      audience,
      issuer,
      requiredClaims: ['sub', 'sid', 'exp'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

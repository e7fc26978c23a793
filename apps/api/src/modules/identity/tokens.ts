import { createSigner, createVerifier, TokenError } from 'fast-jwt';

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

// fast-jwt signs and verifies with node:crypto's HMAC in this thread, synchronously: jose goes through
// WebCrypto, importing the key and queueing a job for every token (140 µs a verification against 7 µs,
// the largest single cost of a signed-in read). Signers and verifiers are built once per secret and
// audience; the secret is the process's JWT_SECRET (tests use others).
type Signer = (payload: Record<string, unknown>) => string;
type Verifier = (token: string) => Record<string, unknown>;
const signers = new Map<string, Signer>();
const verifiers = new Map<string, Verifier>();

function signerFor(secret: string, audience: string, issuer: string): Signer {
  const key = `${audience}\n${issuer}\n${secret}`;
  let signer = signers.get(key);
  if (!signer) {
    signer = createSigner({ key: secret, algorithm: 'HS256', aud: audience, iss: issuer });
    signers.set(key, signer);
  }
  return signer;
}

function verifierFor(secret: string, audience: string, issuer: string): Verifier {
  const key = `${audience}\n${issuer}\n${secret}`;
  let verifier = verifiers.get(key);
  if (!verifier) {
    verifier = createVerifier({
      key: secret,
      algorithms: ['HS256'],
      allowedAud: audience,
      allowedIss: issuer,
      requiredClaims: ['sub', 'sid', 'exp'],
    });
    verifiers.set(key, verifier);
  }
  return verifier;
}

/**
 * Signs an HS256 token naming a user and a session, with `extra` claims, issued at `issuedAt` (seconds;
 * tests of expiry pass their own) and good for `ttlSeconds`.
 */
export function signSessionToken(
  secret: string,
  audience: string,
  issuer: string,
  claims: AccessClaims & Record<string, unknown>,
  ttlSeconds: number,
  issuedAt: number = Math.floor(Date.now() / 1000),
): string {
  return signerFor(secret, audience, issuer)({ ...claims, iat: issuedAt, exp: issuedAt + ttlSeconds });
}

/** Signs an access token (HS256) for one session. `issuedAt` is for tests of expiry. */
export function signAccessToken(
  secret: string,
  claims: AccessClaims,
  ttlSeconds: number,
  issuedAt?: number,
): string {
  return signSessionToken(
    secret,
    accessTokenAudience,
    accessTokenIssuer,
    { sub: claims.sub, sid: claims.sid },
    ttlSeconds,
    issuedAt,
  );
}

/** The claims of a valid access token, or null (see verifySessionToken). */
export function verifyAccessToken(secret: string, token: string): AccessClaims | null {
  return verifySessionToken(secret, token, accessTokenAudience, accessTokenIssuer);
}

/**
 * The user and session of a valid token naming a session (an access token, a login alert's link), or
 * null: the signature (HS256 only, so `alg: none` and other algorithms fail), expiry, audience and
 * issuer are all checked.
 */
export function verifySessionToken(
  secret: string,
  token: string,
  audience: string,
  issuer: string,
): AccessClaims | null {
  try {
    const payload = verifierFor(secret, audience, issuer)(token);
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid };
  } catch (error) {
    if (error instanceof TokenError) return null;
    throw error;
  }
}

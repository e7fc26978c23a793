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
// the largest single cost of a signed-in read). A signer and a verifier are built once per secret,
// audience and issuer; the secret is the process's JWT_SECRET (tests use others).
//
// A verifier remembers the tokens it accepted (an LRU of 10,000, each until its expiry and at most ten
// minutes): a client sends the same access token with every request, and checking its signature again
// was 6 % of a signed-in read. The key is fast-jwt's own (a SHA-256 of the token): a custom key builder
// makes fast-jwt warn at every start, and the hash costs a fraction of the HMAC it saves.
// Whether the session behind it still lives is checked on every request (auth-guard.ts), not here.
interface TokenKind {
  sign: (payload: Record<string, unknown>) => string;
  verify: (token: string) => Record<string, unknown>;
}
const kinds = new Map<string, TokenKind>();

function kindOf(secret: string, audience: string, issuer: string): TokenKind {
  const name = `${audience}\n${issuer}\n${secret}`;
  let kind = kinds.get(name);
  if (!kind) {
    kind = {
      sign: createSigner({ key: secret, algorithm: 'HS256', aud: audience, iss: issuer }),
      verify: createVerifier({
        key: secret,
        algorithms: ['HS256'],
        allowedAud: audience,
        allowedIss: issuer,
        requiredClaims: ['sub', 'sid', 'exp'],
        cache: 10_000,
      }),
    };
    kinds.set(name, kind);
  }
  return kind;
}

/**
 * Signs an HS256 token naming a user and a session (and any other claims given), issued at `issuedAt`
 * (seconds; tests of expiry pass their own) and good for `ttlSeconds`.
 */
export function signSessionToken(
  secret: string,
  audience: string,
  issuer: string,
  claims: AccessClaims & Record<string, unknown>,
  ttlSeconds: number,
  issuedAt: number = Math.floor(Date.now() / 1000),
): string {
  return kindOf(secret, audience, issuer).sign({ ...claims, iat: issuedAt, exp: issuedAt + ttlSeconds });
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
    const payload = kindOf(secret, audience, issuer).verify(token);
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid };
  } catch (error) {
    if (error instanceof TokenError) return null;
    throw error;
  }
}

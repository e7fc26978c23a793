import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Lifetime of a one-time code. */
export const codeLifetimeSeconds = 120;
/** Seconds before the same code can be sent again (the `resendAfter` of answers). */
export const resendAfterSeconds = 120;
/** Wrong tries that kill a challenge. */
export const maxCodeAttempts = 5;

/** A 6-digit one-time code from the operating system's CSPRNG. */
export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * The stored form of a code: an HMAC under the server secret, bound to its challenge and purpose, so a
 * code of one flow never matches in another and a leaked table cannot be brute-forced offline.
 */
export function hashCode(secret: string, challengeId: string, purpose: string, code: string): string {
  return createHmac('sha256', secret).update(`otp\0${purpose}\0${challengeId}\0${code}`).digest('base64url');
}

/** Constant-time comparison of two hashes. */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** An opaque bearer token (flow tokens, refresh tokens): 256 random bits, base64url. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of an opaque token: SHA-256 (the token itself has 256 bits of entropy). */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Secrets the server must read back (authenticator-app keys) are kept encrypted at rest with
// AES-256-GCM: a random 96-bit nonce per value, and the owner's id as additional data, so a ciphertext
// copied into another account's row does not decrypt. The stored form is `v1.<iv>.<tag>.<ciphertext>`
// (base64url), versioned so the key or the algorithm can change later.

const version = 'v1';

/** Encrypts `plaintext` under a 32-byte key, bound to `context` (e.g. the user id). */
export function sealSecret(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return [version, ...parts].join('.');
}

/** Decrypts a sealSecret value; throws when the key, the context or the value is not the one sealed. */
export function openSecret(key: Buffer, sealed: string, context: string): string {
  const [tag, iv, authTag, ciphertext] = sealed.split('.');
  if (tag !== version || !iv || !authTag || ciphertext === undefined)
    throw new Error('unknown sealed-secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

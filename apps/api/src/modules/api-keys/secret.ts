import { createHash, randomInt } from 'node:crypto';
import { apiKeyOf } from '@wsm/contracts';

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A new key: 32 base62 characters from the CSPRNG (about 190 bits) and their checksum. */
export function newApiKey(): string {
  let body = '';
  for (let i = 0; i < 32; i++) body += base62[randomInt(62)];
  return apiKeyOf(body);
}

/** What is stored and looked up: the hex SHA-256 of the whole key (a key is random, so no salt or stretching). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What the list shows to recognise a key. */
export function prefixOf(key: string): string {
  return key.slice(0, 12);
}

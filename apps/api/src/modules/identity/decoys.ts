import { createHmac } from 'node:crypto';

// Answers for accounts that do not exist (or for guesses that must tell nothing) carry a masked phone
// like a real one: stable for the same key, not guessable, with a real operator prefix.

const decoyPrefixes = [
  '0912',
  '0919',
  '0935',
  '0936',
  '0937',
  '0938',
  '0939',
  '0901',
  '0902',
  '0990',
  '0991',
  '0921',
  '0922',
  '0913',
  '0915',
  '0917',
];

/**
 * A stable masked phone for `key` (an unregistered national code, or `username:<name>`): an HMAC under the
 * server secret, so the login and the recovery show the same decoy for the same national code.
 */
export function decoyPhoneMask(secret: string, key: string): string {
  const digest = createHmac('sha256', secret).update(`recovery-decoy\0${key}`).digest();
  const prefix = decoyPrefixes[digest[0]! % decoyPrefixes.length]!;
  const tail = (digest.readUInt32BE(1) % 10_000).toString().padStart(4, '0');
  return `${prefix}***${tail}`;
}

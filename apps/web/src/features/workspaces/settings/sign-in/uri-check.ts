import { isAllowedRedirectUri } from '@wsm/contracts';

/** Why a redirect URI is refused (a key under signIn.refused), or undefined when it may be added. */
export type UriRefusal =
  | 'empty'
  | 'duplicate'
  | 'tooMany'
  | 'wildcard'
  | 'fragment'
  | 'spaces'
  | 'credentials'
  | 'httpLoopbackOnly'
  | 'privateScheme'
  | 'invalid';

const loopback = /^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)(:\d{1,5})?([/?]|$)/i;

/**
 * The reason a redirect URI cannot be added to `existing`, the same rule the server applies
 * (isAllowedRedirectUri), told in words a developer can act on.
 */
export function uriRefusal(value: string, existing: readonly string[], max = 20): UriRefusal | undefined {
  if (!value) return 'empty';
  if (existing.includes(value)) return 'duplicate';
  if (existing.length >= max) return 'tooMany';
  if (isAllowedRedirectUri(value)) return undefined;
  if (value.includes('*')) return 'wildcard';
  if (value.includes('#')) return 'fragment';
  if (/\s/.test(value)) return 'spaces';
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    if (/^https?:\/\/[^/?]*@/i.test(value)) return 'credentials';
    if (scheme === 'http' && !loopback.test(value)) return 'httpLoopbackOnly';
    return 'invalid';
  }
  if (scheme && !scheme.includes('.')) return 'privateScheme';
  return 'invalid';
}

/** The addresses the hints and refusals name: identifiers, kept in their own digits and direction. */
export const uriTextValues = {
  loopback: 'localhost, 127.0.0.1, [::1]',
  example: 'com.example.app:/callback',
};

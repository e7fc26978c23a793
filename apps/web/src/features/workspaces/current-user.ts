import { tokenSubject } from '../../lib/session';
import { getAccessToken, getStoredUser } from '../../lib/storage';

/** The logged-in user's id: the access token's subject, else the stored user's id. */
export function currentUserId(): string | null {
  const token = getAccessToken();
  const fromToken = token ? tokenSubject(token) : undefined;
  if (fromToken) return fromToken;
  // After login the stored user is merged with the profile, whose own `id` is not the user's.
  const user = getStoredUser();
  const stored = user?.userId ?? user?.id;
  return typeof stored === 'string' && stored ? stored : null;
}

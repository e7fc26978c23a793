import type { TokenPair } from '@wsm/contracts';
import { useCallback } from 'react';
import { currentLocale } from '../../lib/i18n';
import { useLocaleNavigate } from '../../lib/locale-navigation';
import { clearSession, storeTokens, tokenSubject } from '../../lib/session';
import { getStoredUser, hasAuthCookies, languageOfLocale, saveMode, setStoredUser } from '../../lib/storage';
import { fetchOwnProfile } from './api';
import { clearIdentityFlows } from './flow-state';
import { isSignInContinuation, landingAfterLogin, leaveForSignIn } from './return-to';

/**
 * The end of login and sign-up: whatever an earlier user left is
 * cleared, the tokens and their expiry are stored (the client sends the access token from now on),
 * the flows' timers and entered values are forgotten, and the stored user is written: its id and
 * language now, the profile (and its colour mode) when it arrives.
 */
export function completeLogin(tokens: TokenPair): void {
  // The answer that brought the tokens has just set the new refresh cookies: those stay.
  clearSession({ keepRefreshCsrf: true });
  clearIdentityFlows();
  storeTokens(tokens);
  const id = tokenSubject(tokens.accessToken);
  setStoredUser({
    ...(id ? { id } : {}),
    language: { key: languageOfLocale[currentLocale()] },
  });
  void fetchOwnProfile().then((profile) => {
    if (!profile || !hasAuthCookies()) return;
    // The profile's own `id` is the profile's, not the user's: the stored id stays the token's subject.
    const { id: _profileId, ...fields } = profile;
    setStoredUser({ ...getStoredUser(), ...fields });
    // The colour mode chosen in the profile applies on every device the person logs in on (the app
    // bar's toggle changes it for this device only).
    if (profile.mode === 'light' || profile.mode === 'dark') saveMode(profile.mode);
  });
}

/** completeLogin, then the landing page in the current language (return-to.ts says which). */
export function useCompleteLogin(): (tokens: TokenPair) => void {
  const navigate = useLocaleNavigate();
  return useCallback(
    (tokens: TokenPair) => {
      completeLogin(tokens);
      void landingAfterLogin().then((path) =>
        isSignInContinuation(path) ? leaveForSignIn(path) : navigate(path, { replace: true }),
      );
    },
    [navigate],
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LocaleLink } from '../../lib/locale-navigation';
import { rememberReturnTo } from '../../lib/return-to';
import { hasAuthCookies, readSession, sessionKeys, writeSession } from '../../lib/storage';
import { AuthCard } from './components/auth-card';
import { LoginForm } from './components/login-form';
import { leaveForSignIn } from './return-to';
import { SignInRequestBanner, usePendingSignInUid, useSignInRequest } from './sign-in-request';

/**
 * Whether a browser with a product session goes on to the pending sign-in `uid` without the form: once
 * per uid (a second landing means the API did not take the session), and never after prompt=login.
 */
function continuesSignIn(uid: string | undefined, forceLogin: boolean | undefined): boolean {
  return Boolean(
    uid && forceLogin === false && hasAuthCookies() && readSession(sessionKeys.signInContinued) !== uid,
  );
}

/** /:locale/login — the frame of the first login step; the form itself is <LoginForm />. Plain markup: no MUI on the first screen. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { search } = useLocation();
  const uid = usePendingSignInUid();
  const request = useSignInRequest(uid);
  // The page a logged-out visit asked for is followed after the last step (lib/return-to.ts).
  useEffect(() => rememberReturnTo(search), [search]);
  const forceLogin = request.status === 'found' ? request.request.forceLogin : undefined;
  const continuing = continuesSignIn(uid, forceLogin);
  const waiting = Boolean(uid && hasAuthCookies() && request.status === 'loading');
  useEffect(() => {
    if (!continuing || !uid) return;
    writeSession(sessionKeys.signInContinued, uid);
    leaveForSignIn(`/oidc/interaction/${uid}/`);
  }, [continuing, uid]);
  return (
    <AuthCard>
      <div className="pl-stack">
        <div>
          <h1 className="pl-heading">{t('login.heading')}</h1>
          <p className="pl-subtitle pl-body2 pl-muted">{t('login.subtitle')}</p>
        </div>
        <SignInRequestBanner state={request} />
        {continuing || waiting ? (
          <p className="pl-center pl-body2 pl-muted" role="status">
            <span className="pl-spinner" aria-hidden="true" /> {t('signInRequest.continuing')}
          </p>
        ) : (
          <>
            <LoginForm />
            <p className="pl-center pl-body2 pl-muted">
              {t('login.noAccount')}{' '}
              <LocaleLink className="pl-link" to="/signup">
                {t('login.signupLink')}
              </LocaleLink>
            </p>
          </>
        )}
      </div>
    </AuthCard>
  );
}

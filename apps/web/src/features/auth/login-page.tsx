import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LocaleLink } from '../../lib/locale-navigation';
import { rememberReturnTo } from '../../lib/return-to';
import { AuthCard } from './components/auth-card';
import { LoginForm } from './components/login-form';

/** /:locale/login — the frame of the first login step; the form itself is <LoginForm />. Plain markup: no MUI on the first screen. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { search } = useLocation();
  // The page a logged-out visit asked for is followed after the last step (lib/return-to.ts).
  useEffect(() => rememberReturnTo(search), [search]);
  return (
    <AuthCard>
      <div className="pl-stack">
        <div>
          <h1 className="pl-heading">{t('login.heading')}</h1>
          <p className="pl-subtitle pl-body2 pl-muted">{t('login.subtitle')}</p>
        </div>
        <LoginForm />
        <p className="pl-center pl-body2 pl-muted">
          {t('login.noAccount')}{' '}
          <LocaleLink className="pl-link" to="/signup">
            {t('login.signupLink')}
          </LocaleLink>
        </p>
      </div>
    </AuthCard>
  );
}

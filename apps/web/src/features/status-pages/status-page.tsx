import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon, type IconName } from '../../components/plain/icons';
import { displayDigits } from '../../lib/digits';
import { LocaleLink, useLocale } from '../../lib/locale-navigation';
import { clearStoredErrorCode, getStoredErrorCode } from '../../lib/storage';
import type { StatusPageKind } from './status-kinds';

// Plain markup (components/plain/plain.css): a first visit to a status page loads no MUI.

/** How long the /error page's stored code survives after it was shown. */
export const storedErrorClearMs = 3000;

type Tone = 'primary' | 'warning' | 'error';

interface PageSpec {
  /** Translation key under errors:pages. */
  textKey: string;
  icon: IconName;
  tone: Tone;
  /** The big number shown above the title; 'stored' reads it from storage (the /error page). */
  code?: string | 'stored';
}

const pages: Record<StatusPageKind, PageSpec> = {
  '401': { textKey: '401', icon: 'lock', tone: 'warning', code: '401' },
  '403': { textKey: '403', icon: 'block', tone: 'error', code: '403' },
  '404': { textKey: '404', icon: 'searchOff', tone: 'primary', code: '404' },
  '500': { textKey: '500', icon: 'error', tone: 'error', code: '500' },
  '503': { textKey: '503', icon: 'cloudOff', tone: 'warning', code: '503' },
  '600': { textKey: '600', icon: 'wifiOff', tone: 'warning', code: '600' },
  error: { textKey: 'error', icon: 'reportProblem', tone: 'error', code: 'stored' },
  'coming-soon': { textKey: 'comingSoon', icon: 'rocketLaunch', tone: 'primary' },
};

/** The stored HTTP status of the last unexpected answer; forgotten a few seconds after it was shown. */
function useStoredErrorCode(enabled: boolean): string | null {
  const [code] = useState(() => (enabled ? getStoredErrorCode() : null));
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(clearStoredErrorCode, storedErrorClearMs);
    return () => clearTimeout(timer);
  }, [enabled]);
  return code;
}

// Whether there is a page to go back to; a prerendered page says no, then the browser's answer follows
// at once (hydrating with the browser's would not match the page's markup).
const noChanges = () => () => {};
const hasHistory = () => window.history.length > 1;

/** One error or status page: icon, code, h1 title, a short text and the way back. */
export function StatusPage({ kind }: { kind: StatusPageKind }) {
  const { t } = useTranslation('errors');
  const locale = useLocale();
  const navigate = useNavigate();
  const spec = pages[kind];
  const storedCode = useStoredErrorCode(spec.code === 'stored');
  const code = spec.code === 'stored' ? storedCode : spec.code;
  const canGoBack = useSyncExternalStore(noChanges, hasHistory, () => false);
  const action = 'pl-button pl-button--large';
  const home = (variant: 'contained' | 'outlined') => (
    <LocaleLink to="/" className={`${action} pl-button--${variant}`}>
      <Icon name="home" size={20} />
      {t('common:actions.backHome')}
    </LocaleLink>
  );

  return (
    <section className={`pl-card pl-status pl-status--${spec.tone}`} aria-labelledby="status-title">
      <div className="pl-status__icon">
        <Icon name={spec.icon} size={36} />
      </div>
      <h1 id="status-title" className="pl-status__title">
        {code && (
          <span className={`pl-status__code${locale === 'en' ? ' pl-status__code--latin' : ''}`}>
            {displayDigits(code, locale)}
          </span>
        )}{' '}
        <span className="pl-status__name">{t(`pages.${spec.textKey}.title`)}</span>
      </h1>
      <p className="pl-status__text">{t(`pages.${spec.textKey}.text`)}</p>
      <div className="pl-status__actions">
        {kind === '401' ? (
          <>
            <LocaleLink to="/login" className={`${action} pl-button--contained`}>
              <Icon name="login" size={20} />
              {t('common:actions.login')}
            </LocaleLink>
            {home('outlined')}
          </>
        ) : (
          home('contained')
        )}
        {kind !== '401' && canGoBack && (
          <button type="button" className={`${action} pl-button--outlined`} onClick={() => void navigate(-1)}>
            {/* A "back" arrow points to where reading started: left in ltr, right in rtl. */}
            <Icon name="arrowBack" size={20} className="pl-flip-rtl" />
            {t('common:actions.goBack')}
          </button>
        )}
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { formatDate } from '../lib/dates';
import { LocaleLink, useLocale } from '../lib/locale-navigation';
import { BrandMark } from './brand-mark';
import { LanguageSwitch } from './language-switch';
import { ModeToggle } from './mode-toggle';

/**
 * The frame of the pages reachable without a workspace: a slim top bar, the page centred, a footer.
 * Plain markup (components/plain/plain.css): a first visit draws it without MUI.
 */
export function PublicLayout() {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const title = t('app.title');
  return (
    <div className="pl-frame">
      <header className="pl-frame__header">
        <div className="pl-frame__bar">
          <LocaleLink to="/" className="pl-home" aria-label={t('nav.home', { title })}>
            <BrandMark size={34} />
            <span>{title}</span>
          </LocaleLink>
          <span className="pl-frame__spacer" />
          <LanguageSwitch />
          <ModeToggle />
        </div>
      </header>
      <main className="pl-frame__main" id="main">
        <Outlet />
      </main>
      <footer className="pl-frame__footer">
        {t('footer.rights', { year: formatDate(new Date(), locale, t, { year: 'numeric' }), title })}
      </footer>
    </div>
  );
}

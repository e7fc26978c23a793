import { useTranslation } from 'react-i18next';
import { HomeLink } from '../../../app/home-link';
import { LanguageSwitch } from '../../../app/language-switch';
import { ModeToggle } from '../../../app/mode-toggle';
import { LocaleLink } from '../../../lib/locale-navigation';
import { hasAuthCookies } from '../../../lib/storage';
import { AnnouncementPrompt } from '../../notifications/announcement-prompt';
import { NotificationBell } from '../../notifications/notification-bell';
import { AppSwitcher } from './app-switcher';
import { UserMenu } from './user-menu';
import { WorkspaceSwitcher } from './workspace-switcher';

/**
 * The one app bar of the signed-in screens: the product mark, the
 * workspace and application switchers, the notification bell, language, colour mode and the account
 * menu. A visitor (public announcements) sees the mark, language, mode and a login link. Plain markup
 * (components/plain/signed-in.css); its menus load MUI when first opened.
 */
export function AppBar() {
  const { t } = useTranslation('common');
  const loggedIn = hasAuthCookies();

  return (
    <header className="pl-appbar">
      <nav className="pl-appbar__nav" aria-label={t('nav.top')}>
        <HomeLink />
        {loggedIn ? (
          <>
            <WorkspaceSwitcher />
            <AppSwitcher />
          </>
        ) : null}
        <span className="pl-appbar__spacer" />
        <NotificationBell />
        <LanguageSwitch />
        <ModeToggle />
        {loggedIn ? (
          <>
            <UserMenu />
            <AnnouncementPrompt />
          </>
        ) : (
          <LocaleLink
            to="/login"
            className="pl-button pl-button--outlined pl-button--small pl-button--mui pl-appbar__login"
          >
            {t('actions.login')}
          </LocaleLink>
        )}
      </nav>
    </header>
  );
}

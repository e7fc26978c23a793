import { useQueryClient } from '@tanstack/react-query';
import { toLocaleDigits } from '@wsm/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Hint } from '../../components/plain/hint';
import { PathIcon } from '../../components/plain/icons';
import { signedInIcons } from '../../components/plain/signed-in-icons';
import { LocaleLink, useLocale } from '../../lib/locale-navigation';
import { hasAuthCookies } from '../../lib/storage';
import { notificationKeys, useUnreadCount } from './api';

/**
 * The bell with the unread count. Refreshed at startup (mount),
 * on each route change and every 60 seconds. Shown only to a logged-in user. Plain markup (signed-in.css).
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const loggedIn = hasAuthCookies();
  const client = useQueryClient();
  const location = useLocation();
  const unread = useUnreadCount(loggedIn);
  const locale = useLocale();

  // Each route change asks again (the first render is the startup fetch of the query itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useEffect(() => {
    if (loggedIn) void client.invalidateQueries({ queryKey: notificationKeys.unread, refetchType: 'active' });
  }, [location.pathname, loggedIn, client]);

  if (!loggedIn) return null;
  const count = unread.data ?? 0;
  // Persian digits in fa: the badge is text the translation post-processor never sees.
  const shown = count > 99 ? '99+' : String(count);
  const badge = count > 0 ? toLocaleDigits(shown, locale) : null;
  const label = count > 0 ? t('bell.unread', { count }) : t('bell.none');
  return (
    <Hint title={label}>
      <LocaleLink
        to="/profile/notifications"
        className="pl-icon-button"
        aria-label={label}
        data-testid="notification-bell"
      >
        <span className="pl-badge">
          <PathIcon d={signedInIcons.notifications} />
          {badge ? (
            <span className="pl-badge__count" data-testid="notification-count">
              {badge}
            </span>
          ) : null}
        </span>
      </LocaleLink>
    </Hint>
  );
}

import { useTranslation } from 'react-i18next';
import { lazyThemed } from '../../../app/lazy-themed';
import { Hint } from '../../../components/plain/hint';
import { PathIcon } from '../../../components/plain/icons';
import { signedInIcons } from '../../../components/plain/signed-in-icons';
import { useLazyMenu } from './lazy-menu';

const UserMenuList = lazyThemed(async () => (await import('./user-menu-list')).UserMenuList);

/** The app bar's account button; its menu (user-menu-list.tsx) loads on demand. */
export function UserMenu() {
  const { t } = useTranslation('workspaces');
  const { trigger, menu } = useLazyMenu(UserMenuList);
  return (
    <>
      <Hint title={t('userMenu.label')}>
        <button
          type="button"
          className="pl-icon-button"
          aria-label={t('userMenu.label')}
          data-testid="user-menu"
          {...trigger}
        >
          <PathIcon d={signedInIcons.accountCircle} />
        </button>
      </Hint>
      {menu}
    </>
  );
}

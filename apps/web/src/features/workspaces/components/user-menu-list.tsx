import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserValue } from '../../../components/user-value';
import { LocaleLink } from '../../../lib/locale-navigation';
import { getStoredUser } from '../../../lib/storage';
import type { MenuProps } from './lazy-menu';
import { useLeaveWorkspace } from './leave-workspace';

/** The signed-in person's name, else their username (an identifier, kept as typed: lib/bidi.ts). */
const displayName = (): ReactNode => {
  const user = getStoredUser();
  const parts = [user?.firstName, user?.lastName].filter((part): part is string => typeof part === 'string');
  if (parts.length > 0) return <UserValue value={parts.join(' ')} kind="text" />;
  return typeof user?.username === 'string' ? <UserValue value={user.username} kind="identifier" /> : null;
};

/**
 * The account menu (its button: user-menu.tsx): profile, security, the workspace list, leaving the
 * workspace, and logout (a link to /logout).
 */
export function UserMenuList({ id, anchor, onClose }: MenuProps) {
  const { t } = useTranslation('workspaces');
  const name = displayName();
  const leave = useLeaveWorkspace(onClose);
  const link = (to: string, icon: ReactNode, text: string, testId?: string) => (
    <MenuItem component={LocaleLink} to={to} onClick={onClose} data-testid={testId}>
      <ListItemIcon>{icon}</ListItemIcon>
      {text}
    </MenuItem>
  );

  return (
    <>
      <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
        {name ? <ListSubheader sx={{ lineHeight: 2.5 }}>{name}</ListSubheader> : null}
        {link('/profile', <PersonOutlined fontSize="small" />, t('userMenu.profile'))}
        {link('/profile/security', <ShieldOutlined fontSize="small" />, t('userMenu.security'))}
        {link('/', <GridViewOutlined fontSize="small" />, t('switcher.allWorkspaces'))}
        {leave.item}
        <Divider />
        {link('/logout', <LogoutOutlined fontSize="small" />, t('userMenu.logout'), 'logout-link')}
      </Menu>
      {leave.dialog}
    </>
  );
}

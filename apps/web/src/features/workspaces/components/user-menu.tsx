import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type MouseEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../../components/plain/hint';
import { LocaleLink } from '../../../lib/locale-navigation';
import { getStoredUser } from '../../../lib/storage';
import { useLeaveWorkspace } from './leave-workspace';

const displayName = (): string => {
  const user = getStoredUser();
  const parts = [user?.firstName, user?.lastName].filter((part): part is string => typeof part === 'string');
  if (parts.length > 0) return parts.join(' ');
  return typeof user?.username === 'string' ? user.username : '';
};

/** The account menu: profile, security, the workspace list, leaving the workspace, and logout (a link to /logout). */
export function UserMenu() {
  const { t } = useTranslation('workspaces');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const name = displayName();
  const leave = useLeaveWorkspace(close);
  const link = (to: string, icon: ReactNode, text: string, testId?: string) => (
    <MenuItem component={LocaleLink} to={to} onClick={close} data-testid={testId}>
      <ListItemIcon>{icon}</ListItemIcon>
      {text}
    </MenuItem>
  );

  return (
    <>
      <Hint title={t('userMenu.label')}>
        <IconButton
          color="inherit"
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
          aria-label={t('userMenu.label')}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          aria-controls={anchor ? menuId : undefined}
          data-testid="user-menu"
        >
          <AccountCircleOutlined />
        </IconButton>
      </Hint>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
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

import AddOutlined from '@mui/icons-material/AddOutlined';
import Check from '@mui/icons-material/Check';
import ExpandMore from '@mui/icons-material/ExpandMore';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { toLocaleDigits } from '@wsm/contracts';
import { type MouseEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyAvatar } from '../../../components/lazy-image';
import { useLocale, useLocaleNavigate } from '../../../lib/locale-navigation';
import { useMyInvitations, useWorkspaces } from '../api';
import { clearSelection, selectWorkspace, useSelectedWorkspaceId } from '../selection';
import { MemberLevel } from './member-level';
import { SwitcherMenu } from './switcher-menu';

/** The app bar's workspace menu: switch workspace, see all, create one, open invitations. */
export function WorkspaceSwitcher() {
  const { t } = useTranslation('workspaces');
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const menuId = useId();
  const selectedId = useSelectedWorkspaceId();
  const workspaces = useWorkspaces();
  const invitations = useMyInvitations();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = workspaces.data?.find((workspace) => workspace.id === selectedId);

  // A stored id of a workspace the user no longer belongs to (removed, left, another account before).
  useEffect(() => {
    if (workspaces.data && selectedId && !current) clearSelection();
  }, [workspaces.data, selectedId, current]);

  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  const choose = (id: string) => {
    selectWorkspace(id);
    go('/workspace/apps');
  };
  const pending = invitations.data?.length ?? 0;
  const pendingText = toLocaleDigits(String(pending), locale);
  const label = current
    ? t('switcher.workspaceCurrent', { name: current.name })
    : t('switcher.workspaceNone');

  return (
    <>
      <Button
        color="inherit"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? menuId : undefined}
        endIcon={<ExpandMore />}
        data-testid="workspace-switcher"
        sx={{
          minWidth: 0,
          px: 1,
          gap: 0.5,
          textTransform: 'none',
          maxWidth: { xs: 150, sm: 240 },
          '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' } },
        }}
      >
        <Badge color="error" variant="dot" invisible={pending === 0} overlap="circular">
          <LazyAvatar
            src={current?.logo?.url}
            alt=""
            variant="rounded"
            sx={{ width: 28, height: 28, fontSize: '0.9rem', bgcolor: 'primary.main' }}
          >
            {(current?.name ?? '').slice(0, 1) || <GridViewOutlined fontSize="small" />}
          </LazyAvatar>
        </Badge>
        <Typography
          component="span"
          noWrap
          sx={{ fontWeight: 600, display: { xs: 'none', sm: 'block' }, fontSize: '0.95rem' }}
        >
          {current ? current.name : t('switcher.workspaces')}
        </Typography>
      </Button>
      <SwitcherMenu
        id={menuId}
        anchor={anchor}
        onClose={() => setAnchor(null)}
        title={t('switcher.workspaces')}
        list={workspaces}
        item={(workspace) => (
          <MenuItem
            key={workspace.id}
            selected={workspace.id === selectedId}
            onClick={() => choose(workspace.id)}
            data-testid="switcher-workspace"
          >
            <ListItemIcon>
              <LazyAvatar
                src={workspace.logo?.url}
                alt=""
                variant="rounded"
                sx={{ width: 28, height: 28, fontSize: '0.85rem' }}
              >
                {workspace.name.slice(0, 1)}
              </LazyAvatar>
            </ListItemIcon>
            <ListItemText
              primary={workspace.name}
              secondary={<MemberLevel level={workspace.level} role={workspace.role} />}
              slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              sx={{ ml: 1 }}
            />
            {workspace.id === selectedId ? <Check fontSize="small" color="primary" sx={{ ml: 1 }} /> : null}
          </MenuItem>
        )}
        paperWidth={{ min: 260, max: 340 }}
      >
        <MenuItem onClick={() => go('/')}>
          <ListItemIcon>
            <GridViewOutlined fontSize="small" />
          </ListItemIcon>
          {t('switcher.allWorkspaces')}
        </MenuItem>
        <MenuItem onClick={() => go('/workspace/invitations')}>
          <ListItemIcon>
            <MailOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('switcher.invitations')} />
          {pending > 0 ? (
            <Badge
              badgeContent={pendingText}
              color="error"
              sx={{ ml: 2, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
            />
          ) : null}
        </MenuItem>
        <MenuItem onClick={() => go('/workspace/new')}>
          <ListItemIcon>
            <AddOutlined fontSize="small" />
          </ListItemIcon>
          {t('switcher.create')}
        </MenuItem>
      </SwitcherMenu>
    </>
  );
}

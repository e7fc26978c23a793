import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The menu of an app-bar switcher: its title, the list's loading and failure states or one item per
 * entry, then the switcher's own links below a divider.
 */
export function SwitcherMenu<T>({
  id,
  anchor,
  onClose,
  title,
  list,
  item,
  paperWidth,
  children,
}: {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  title: string;
  list: UseQueryResult<T[]>;
  item: (entry: T) => ReactNode;
  paperWidth: { min: number; max: number };
  children: ReactNode;
}) {
  const { t } = useTranslation('workspaces');
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{ paper: { sx: { minWidth: paperWidth.min, maxWidth: paperWidth.max } } }}
    >
      <ListSubheader sx={{ lineHeight: 2.5 }}>{title}</ListSubheader>
      {list.isPending ? (
        <MenuItem disabled>{t('states.loading')}</MenuItem>
      ) : list.isError ? (
        <MenuItem onClick={() => void list.refetch()}>{t('states.loadFailedRetry')}</MenuItem>
      ) : (
        list.data.map(item)
      )}
      <Divider />
      {children}
    </Menu>
  );
}

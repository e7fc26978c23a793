import Check from '@mui/icons-material/Check';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuProps } from './lazy-menu';

// The menus of the app bar's switchers (switcher.tsx draws their buttons), drawn with MUI and loaded when
// first opened.

/** What tells one switcher's menu from the other's. */
type MenuOptions<T> = {
  title: string;
  list: UseQueryResult<T[]>;
  selectedId: string | null;
  onChoose: (entry: T) => void;
  entryTestId: string;
  entryIcon: (entry: T) => ReactNode;
  entryText: (entry: T) => ReactNode;
  paperWidth: { min: number; max: number };
};

/**
 * The menu of an app-bar switcher: its title, the list's loading and failure states or one item per
 * entry (the selected one checked; choosing one closes the menu, then `onChoose`), then the switcher's
 * own links below a divider.
 */
export function SwitcherMenu<T extends { id: string }>({
  id,
  anchor,
  onClose,
  title,
  list,
  selectedId,
  onChoose,
  entryTestId,
  entryIcon,
  entryText,
  paperWidth,
  children,
}: MenuOptions<T> & MenuProps & { children: ReactNode }) {
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
        list.data.map((entry) => (
          <SwitcherItem
            key={entry.id}
            selected={entry.id === selectedId}
            onClick={() => {
              onClose();
              onChoose(entry);
            }}
            testId={entryTestId}
            icon={entryIcon(entry)}
          >
            {entryText(entry)}
          </SwitcherItem>
        ))
      )}
      <Divider />
      {children}
    </Menu>
  );
}

/** One entry of a switcher's list: its icon, its text, and a check when it is the current one. */
function SwitcherItem({
  selected,
  onClick,
  testId,
  icon,
  children,
}: {
  selected: boolean;
  onClick: () => void;
  testId: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <MenuItem selected={selected} onClick={onClick} data-testid={testId}>
      <ListItemIcon>{icon}</ListItemIcon>
      {children}
      {selected ? <Check fontSize="small" color="primary" sx={{ ml: 1 }} /> : null}
    </MenuItem>
  );
}

/**
 * One of a switcher's own links, below its list: an icon, then its text. The other props reach the
 * MenuItem, as the menu list gives its first entry focus through them when the list above is empty.
 */
export function SwitcherLink({ icon, children, ...item }: MenuItemProps & { icon: ReactNode }) {
  return (
    <MenuItem {...item}>
      <ListItemIcon>{icon}</ListItemIcon>
      {children}
    </MenuItem>
  );
}

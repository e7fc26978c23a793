import Check from '@mui/icons-material/Check';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { type MouseEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The selected entry of a switcher's loaded list. A stored id that is not in the list (the entry was
 * deleted, or the user left it, or another account stored it) is forgotten with `forget`.
 */
export function useSelectedEntry<T extends { id: string }>(
  entries: readonly T[] | undefined,
  selectedId: string | null,
  forget: () => void,
): T | undefined {
  const current = entries?.find((entry) => entry.id === selectedId);
  useEffect(() => {
    if (entries && selectedId && !current) forget();
  }, [entries, selectedId, current, forget]);
  return current;
}

/** What tells one switcher's button from the other's. */
type ButtonOptions = {
  label: string;
  name: string;
  boldName?: boolean;
  testId: string;
  startIcon?: ReactNode;
  maxWidth: { xs: number; sm: number };
  /** The button's own spacing. */
  sx?: SxProps<Theme>;
  /** The button's icon or logo, before the name. */
  children?: ReactNode;
};

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
 * An app-bar switcher: the button with the current choice, and the menu it opens with the list and,
 * below it, the switcher's own `links` (given `close`, for the links to close the menu).
 */
export function Switcher<T extends { id: string }>({
  button,
  menu,
  links,
}: {
  button: ButtonOptions;
  menu: MenuOptions<T>;
  links: (close: () => void) => ReactNode;
}) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <SwitcherButton {...button} menuId={menuId} anchor={anchor} onOpen={setAnchor} />
      <SwitcherMenu {...menu} id={menuId} anchor={anchor} onClose={close}>
        {links(close)}
      </SwitcherMenu>
    </>
  );
}

/**
 * The menu of an app-bar switcher: its title, the list's loading and failure states or one item per
 * entry (the selected one checked; choosing one closes the menu, then `onChoose`), then the switcher's
 * own links below a divider.
 */
function SwitcherMenu<T extends { id: string }>({
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
}: MenuOptions<T> & {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
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

/**
 * The app-bar button that opens a switcher's menu: `children` (an icon or logo), the current choice's
 * name from small screens up, and the menu's arrow; `label` names the button with the current choice.
 */
function SwitcherButton({
  menuId,
  anchor,
  onOpen,
  label,
  name,
  boldName,
  testId,
  startIcon,
  maxWidth,
  sx,
  children,
}: ButtonOptions & {
  menuId: string;
  anchor: HTMLElement | null;
  onOpen: (anchor: HTMLElement) => void;
}) {
  return (
    <Button
      color="inherit"
      onClick={(event: MouseEvent<HTMLElement>) => onOpen(event.currentTarget)}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={Boolean(anchor)}
      aria-controls={anchor ? menuId : undefined}
      startIcon={startIcon}
      endIcon={<ExpandMore />}
      data-testid={testId}
      sx={[
        {
          minWidth: 0,
          px: 1,
          textTransform: 'none',
          maxWidth,
          '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' } },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
      <Typography
        component="span"
        noWrap
        sx={{
          fontWeight: boldName ? 600 : undefined,
          display: { xs: 'none', sm: 'block' },
          fontSize: '0.95rem',
        }}
      >
        {name}
      </Typography>
    </Button>
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

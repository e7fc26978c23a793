import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';

/**
 * A row of a list of the account's sessions or keys: an icon, two lines of text and the row's actions
 * (`children`). The actions wrap under the text on a phone instead of lying over it.
 */
export function ActionListItem({
  icon,
  primary,
  secondary,
  secondaryTitle,
  children,
}: {
  icon: ReactNode;
  primary: ReactNode;
  secondary: string;
  /** Shown on hovering the second line. */
  secondaryTitle?: string;
  children?: ReactNode;
}) {
  return (
    <ListItem
      divider
      disableGutters
      sx={{ flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, alignItems: 'center' }}
    >
      <ListItemIcon sx={{ minWidth: 0, alignSelf: 'flex-start', mt: 1 }}>{icon}</ListItemIcon>
      <ListItemText
        sx={{ flex: '1 1 12rem', minWidth: 0 }}
        primary={primary}
        secondary={secondary}
        slotProps={{ secondary: { dir: 'auto', title: secondaryTitle } }}
      />
      {children}
    </ListItem>
  );
}

import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import { type Locale, locales } from '@wsm/contracts';
import { useTranslation } from 'react-i18next';
import { languageNames } from './language-names';

export interface LanguageMenuProps {
  id: string;
  anchorEl: HTMLElement | null;
  current: Locale;
  onClose: () => void;
  onSelect: (locale: Locale) => void;
}

/** The language list; loaded only when the switch is first opened (Menu brings popover and modal code). */
export function LanguageMenu({ id, anchorEl, current, onClose, onSelect }: LanguageMenuProps) {
  const { t } = useTranslation('common');
  // Popover positions in script, outside the rtl style flip: align with the button's outer edge.
  const horizontal = useTheme().direction === 'rtl' ? 'left' : 'right';
  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={Boolean(anchorEl)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal }}
      transformOrigin={{ vertical: 'top', horizontal }}
      slotProps={{
        list: { 'aria-label': t('language.menu'), dense: false },
        paper: { sx: { minWidth: 180, mt: 1 } },
      }}
    >
      {locales.map((locale) => (
        <MenuItem key={locale} lang={locale} selected={locale === current} onClick={() => onSelect(locale)}>
          <ListItemText primary={languageNames[locale]} />
          <ListItemIcon
            sx={{ justifyContent: 'flex-end', visibility: locale === current ? 'visible' : 'hidden' }}
          >
            <Check fontSize="small" color="primary" />
          </ListItemIcon>
        </MenuItem>
      ))}
    </Menu>
  );
}

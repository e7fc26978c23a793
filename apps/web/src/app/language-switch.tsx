import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import type { Locale } from '@wsm/contracts';
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../lib/locale-navigation';
import { switchLocalePath } from '../lib/locale-path';
import { saveLanguage } from '../lib/storage';
import { languageNames } from './language-names';

const LanguageMenu = lazy(async () => ({ default: (await import('./language-menu')).LanguageMenu }));

const menuId = 'language-menu';

/** The language switch (fa, en, ar): the same page under the chosen locale prefix, and the choice remembered. */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  const [menuWanted, setMenuWanted] = useState(false);
  const open = Boolean(anchorEl);

  const openMenu = (event: MouseEvent<HTMLElement>) => {
    setAnchorEl(event.currentTarget);
    setMenuWanted(true);
  };
  const select = (next: Locale) => {
    setAnchorEl(null);
    saveLanguage(next);
    if (next !== locale)
      void navigate(switchLocalePath(location.pathname, location.search, location.hash, next));
  };

  return (
    <>
      <Button
        color="inherit"
        size="medium"
        startIcon={<Translate />}
        onClick={openMenu}
        aria-label={t('language.switch', { name: languageNames[locale] })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="language-switch"
        sx={{ minHeight: 40, px: 1.5, '& .MuiButton-startIcon': { marginInlineEnd: 0.75 } }}
      >
        {languageNames[locale]}
      </Button>
      {menuWanted && (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menuId}
            anchorEl={anchorEl}
            current={locale}
            onClose={() => setAnchorEl(null)}
            onSelect={select}
          />
        </Suspense>
      )}
    </>
  );
}

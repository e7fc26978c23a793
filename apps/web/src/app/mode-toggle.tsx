import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useColorMode } from './color-mode';

/** Light/dark toggle; the choice is saved and then wins over the system preference. */
export function ModeToggle() {
  const { t } = useTranslation('common');
  const { mode, toggleMode } = useColorMode();
  const label = mode === 'dark' ? t('mode.toLight') : t('mode.toDark');
  return (
    <IconButton
      color="inherit"
      onClick={toggleMode}
      aria-label={label}
      data-testid="mode-toggle"
      sx={{ width: 40, height: 40 }}
    >
      {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconButton>
  );
}

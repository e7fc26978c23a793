import { useTranslation } from 'react-i18next';
import { Icon } from '../components/plain/icons';
import { useColorMode } from './color-mode';

/** Light/dark toggle; the choice is saved and then wins over the system preference. Plain markup: the public frame draws it without MUI. */
export function ModeToggle() {
  const { t } = useTranslation('common');
  const { mode, toggleMode } = useColorMode();
  const label = mode === 'dark' ? t('mode.toLight') : t('mode.toDark');
  return (
    <button
      type="button"
      className="pl-icon-button"
      onClick={toggleMode}
      aria-label={label}
      data-testid="mode-toggle"
    >
      <Icon name={mode === 'dark' ? 'lightMode' : 'darkMode'} />
    </button>
  );
}

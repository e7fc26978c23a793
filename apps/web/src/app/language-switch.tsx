import { type Locale, locales } from '@wsm/contracts';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../components/plain/icons';
import { useLocale } from '../lib/locale-navigation';
import { switchLocalePath } from '../lib/locale-path';
import { saveLanguage } from '../lib/storage';
import { languageNames } from './language-names';

const menuId = 'language-menu';

const menuItems = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

/**
 * The language switch (fa, en, ar): the same page under the chosen locale prefix, and the choice
 * remembered. A menu button (WAI-ARIA's pattern: arrows, Home/End, Escape and Tab) in plain markup,
 * so the public frame draws it without MUI.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // On opening, the current language's item takes the focus; a press outside closes the menu.
  useEffect(() => {
    if (!open) return;
    menuItems(menu.current)
      .find((item) => item.getAttribute('aria-current') === 'true')
      ?.focus();
    const outside = (event: PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const select = (next: Locale) => {
    close(true);
    saveLanguage(next);
    if (next !== locale)
      void navigate(switchLocalePath(location.pathname, location.search, location.hash, next));
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = menuItems(menu.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => list[(index + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(list.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="pl-menu-anchor" ref={anchor}>
      <button
        ref={button}
        type="button"
        className="pl-button pl-button--text"
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        aria-label={t('language.switch', { name: languageNames[locale] })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="language-switch"
      >
        <Icon name="translate" size={20} />
        {languageNames[locale]}
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          className="pl-menu"
          role="menu"
          aria-label={t('language.menu')}
          onKeyDown={onMenuKey}
        >
          {locales.map((item) => (
            <button
              key={item}
              type="button"
              role="menuitem"
              tabIndex={-1}
              lang={item}
              className="pl-menu__item"
              aria-current={item === locale}
              onClick={() => select(item)}
            >
              {languageNames[item]}
              <Icon name="check" size={20} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

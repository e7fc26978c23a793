import { type ReactNode, useEffect } from 'react';
import type { lazyThemed } from '../../../app/lazy-themed';
import { PathIcon } from '../../../components/plain/icons';
import { signedInIcons } from '../../../components/plain/signed-in-icons';
import { type MenuProps, useLazyMenu } from './lazy-menu';

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

/**
 * An app-bar switcher: a plain button with `children` (an icon or logo), the current choice's name from
 * small screens up and the menu's arrow; `label` names it with the current choice. It opens `menu`
 * (the list and the switcher's own links, drawn with MUI: switcher-menu.tsx), loaded on demand.
 */
export function Switcher({
  label,
  name,
  boldName = false,
  testId,
  className,
  maxWidth,
  menu,
  children,
}: {
  label: string;
  /** The current choice's name (a UserValue) or the switcher's own word. */
  name: ReactNode;
  boldName?: boolean;
  testId: string;
  className?: string;
  /** The button's widest, from small screens up (px). */
  maxWidth: number;
  menu: ReturnType<typeof lazyThemed<MenuProps>>;
  children: ReactNode;
}) {
  const { trigger, menu: drawnMenu } = useLazyMenu(menu);
  return (
    <>
      <button
        type="button"
        className={`pl-button pl-switcher${className ? ` ${className}` : ''}`}
        aria-label={label}
        data-testid={testId}
        style={{ maxWidth }}
        {...trigger}
      >
        {children}
        <span className={`pl-switcher__name${boldName ? ' pl-switcher__name--bold' : ''}`}>{name}</span>
        <PathIcon d={signedInIcons.expandMore} className="pl-switcher__arrow" />
      </button>
      {drawnMenu}
    </>
  );
}

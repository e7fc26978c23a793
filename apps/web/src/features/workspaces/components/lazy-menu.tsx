import { Component, type MouseEvent, type ReactNode, Suspense, useId, useState } from 'react';
import type { lazyThemed } from '../../../app/lazy-themed';

/** What an app-bar menu loaded on demand takes: where it hangs and how it closes. */
export interface MenuProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

type LazyMenu = ReturnType<typeof lazyThemed<MenuProps>>;

/** A menu that failed to load (its file could not be fetched) leaves the page as it was. */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * An app-bar menu drawn with MUI behind a plain button (the first signed-in screen loads no
 * MUI: docs/architecture.md). The menu's code and MUI's theme are fetched when the pointer or focus reaches the button (the
 * service worker has usually cached them by then) and drawn at the first click; once drawn, the menu
 * stays mounted so its closing transition plays and its dialogs outlive it.
 * Spread `trigger` on the button; render `menu` beside it.
 */
export function useLazyMenu(Menu: LazyMenu) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const preload = () => void Menu.preload().catch(() => undefined);
  return {
    trigger: {
      onClick: (event: MouseEvent<HTMLElement>) => {
        setOpened(true);
        setAnchor(event.currentTarget);
      },
      onPointerEnter: preload,
      onFocus: preload,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': Boolean(anchor),
      'aria-controls': anchor ? id : undefined,
    },
    menu: opened ? (
      <QuietBoundary>
        <Suspense fallback={null}>
          <Menu id={id} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      </QuietBoundary>
    ) : null,
  };
}

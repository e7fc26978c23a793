import { defaultLocale, isLocale, type Locale } from '@wsm/contracts';
import { type LocalizeOptions, localeOfPath, localizePath } from './locale-path';

// Navigation from outside React (the API client, session expiry): the router registers its navigate
// function here once it exists; before that (or in tests without a router) the browser navigates.

export interface NavigateOptions extends LocalizeOptions {
  replace?: boolean;
}

type NavigateFn = (to: string, options?: { replace?: boolean }) => unknown;

let bridge: NavigateFn | undefined;

/** Called by the router when it is created; pass undefined to detach it. */
export function setNavigationBridge(navigate: NavigateFn | undefined): void {
  bridge = navigate;
}

let navigationStartedAt: number | undefined;
const navigationListeners = new Set<() => void>();

/** Called by the router when the location changes, before the next page is drawn (its files may take a while). */
export function markNavigationStart(): void {
  navigationStartedAt = Date.now();
  for (const listener of navigationListeners) listener();
}

/** Subscribes to the router's location changes (for state outside the router); returns the unsubscribe. */
export function onNavigation(listener: () => void): () => void {
  navigationListeners.add(listener);
  return () => navigationListeners.delete(listener);
}

/** When the latest navigation began, if the router said so (src/app/browser-router.tsx). */
export function lastNavigationStart(): number | undefined {
  return navigationStartedAt;
}

/** The locale of the current page: its URL segment, else `<html lang>`, else the default. */
export function activeLocale(): Locale {
  if (typeof window === 'undefined') return defaultLocale;
  const fromUrl = localeOfPath(window.location.pathname);
  if (fromUrl) return fromUrl;
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : defaultLocale;
}

/** Navigates to an in-app path, prefixed with the current locale unless it has one or skipLocale is set. */
export function navigateTo(path: string, options: NavigateOptions = {}): void {
  const to = localizePath(path, activeLocale(), options);
  if (bridge) {
    void bridge(to, { replace: options.replace ?? false });
    return;
  }
  if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}

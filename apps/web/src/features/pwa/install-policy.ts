import { localKeys, readLocal, writeLocal } from '../../lib/storage';

// The install prompt: only on Android or iOS, not when the app already
// runs installed (standalone), and never again once closed.

export type InstallPlatform = 'android' | 'ios' | 'other';

/** The platform from the user agent; iPadOS reports itself as a Mac with a touch screen. */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): InstallPlatform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'other';
}

/** True when the page runs as an installed app. */
export function isStandalone(win: Window = window): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return (
    iosStandalone ||
    (typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches)
  );
}

/** True once the prompt has been closed (remembered in localStorage under `pwa-suggested`). */
export function wasInstallSuggested(): boolean {
  return readLocal(localKeys.pwaSuggested) === 'true';
}

export function markInstallSuggested(): void {
  writeLocal(localKeys.pwaSuggested, 'true');
}

/** Whether to offer installing on this device now. */
export function shouldOfferInstall(platform: InstallPlatform, standalone: boolean): boolean {
  return platform !== 'other' && !standalone && !wasInstallSuggested();
}

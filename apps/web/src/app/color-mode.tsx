import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { type ColorMode, getSavedMode, modeSavedEvent, saveMode } from '../lib/storage';

// Colour mode: the saved mode if any, otherwise the system preference (followed live while nothing is
// saved). <html data-mode> mirrors it so CSS, tests and index.html's boot styles can read it. The mode
// chosen in the profile is saved at login (features/auth/complete-login.ts), so it follows the person.

const darkQuery = '(prefers-color-scheme: dark)';

function systemMode(): ColorMode {
  return typeof window !== 'undefined' && window.matchMedia?.(darkQuery).matches ? 'dark' : 'light';
}

function subscribeToSystem(onChange: () => void): () => void {
  const query = window.matchMedia?.(darkQuery);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** The mode to start with, before React renders. */
export function initialMode(): ColorMode {
  return getSavedMode() ?? systemMode();
}

export function applyDocumentMode(mode: ColorMode): void {
  const root = document.documentElement;
  root.dataset.mode = mode;
  root.style.colorScheme = mode;
}

/** What the person chose: a mode, or to follow the system. */
export type ModePreference = ColorMode | 'system';

interface ColorModeValue {
  /** The mode shown now. */
  mode: ColorMode;
  /** The choice behind it ('system' while nothing is saved). */
  preference: ModePreference;
  /** Switches between light and dark and saves the choice. */
  toggleMode: () => void;
  /** Saves a mode, or with 'system' forgets the saved one and follows the system again. */
  setMode: (mode: ModePreference) => void;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const system = useSyncExternalStore(subscribeToSystem, systemMode, () => 'light' as const);
  const [saved, setSaved] = useState<ColorMode | null>(getSavedMode);
  const mode = saved ?? system;

  useEffect(() => applyDocumentMode(mode), [mode]);

  // A mode saved elsewhere (the profile's, at login) or in another tab applies here at once.
  useEffect(() => {
    const reread = () => setSaved(getSavedMode());
    window.addEventListener(modeSavedEvent, reread);
    window.addEventListener('storage', reread);
    return () => {
      window.removeEventListener(modeSavedEvent, reread);
      window.removeEventListener('storage', reread);
    };
  }, []);

  const setMode = useCallback((next: ModePreference) => {
    const chosen = next === 'system' ? null : next;
    saveMode(chosen);
    setSaved(chosen);
  }, []);
  const toggleMode = useCallback(() => setMode(mode === 'dark' ? 'light' : 'dark'), [mode, setMode]);
  const preference: ModePreference = saved ?? 'system';
  const value = useMemo(
    () => ({ mode, preference, toggleMode, setMode }),
    [mode, preference, toggleMode, setMode],
  );

  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode needs <ColorModeProvider>');
  return value;
}

import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { Locale } from '@wsm/contracts';
import { lazy, type ReactNode, Suspense, useMemo, useSyncExternalStore } from 'react';
import { onToastsWanted, toastsWanted } from '../lib/notify';
import { useColorMode } from './color-mode';
import { emotionCacheFor } from './emotion-cache';
import { localeDirection } from './i18n';
import { useLanguageState } from './language-state';
import { createAppTheme } from './theme';

// react-toastify keeps toasts raised before its container mounts and shows them then, so the
// container loads with the first toast (src/lib/notify.ts), not with the page.
const Toasts = lazy(async () => ({ default: (await import('./toasts')).Toasts }));

/** Theme, direction (emotion cache) and toasts, following the active language and colour mode. */
export function ThemeShell({ startupLocale, children }: { startupLocale: Locale; children: ReactNode }) {
  const { mode } = useColorMode();
  const { language } = useLanguageState();
  const direction = localeDirection[language ?? startupLocale];
  const theme = useMemo(() => createAppTheme(mode, direction), [mode, direction]);
  const withToasts = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  return (
    <CacheProvider value={emotionCacheFor(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        {withToasts && (
          <Suspense fallback={null}>
            <Toasts direction={direction} />
          </Suspense>
        )}
      </ThemeProvider>
    </CacheProvider>
  );
}

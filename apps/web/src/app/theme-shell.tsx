import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { defaultLocale } from '@wsm/contracts';
import { type ReactNode, useMemo } from 'react';
import { Outlet } from 'react-router';
import { localeDirection } from '../lib/i18n';
import { useColorMode } from './color-mode';
import { emotionCacheFor } from './emotion-cache';
import { useLanguageState } from './language-state';
import { createAppTheme } from './theme';

// MUI's theme and emotion cache (with the direction's style flip), for what is drawn with MUI: every
// screen but the public ones (the login, sign-up, recovery, the status pages and their frame), which are
// plain markup and CSS (components/plain) so a first visit loads neither. The page-wide base styles (MUI's
// CssBaseline) are in components/plain/plain.css, for both kinds of page.

/** Children drawn with MUI, in the active language's direction and the colour mode. */
export function ThemeShell({ children }: { children: ReactNode }) {
  const { mode } = useColorMode();
  const { language } = useLanguageState();
  const direction = localeDirection[language ?? defaultLocale];
  const theme = useMemo(() => createAppTheme(mode, direction), [mode, direction]);
  return (
    <CacheProvider value={emotionCacheFor(direction)}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </CacheProvider>
  );
}

/** A layout route whose child routes are drawn with MUI (src/app/router.tsx). */
export function ThemeScope() {
  return (
    <ThemeShell>
      <Outlet />
    </ThemeShell>
  );
}

import { alpha, createTheme, type Theme } from '@mui/material/styles';
import type { ColorMode } from '../lib/storage';

// Breakpoints with names, since MUI addresses breakpoints by key. MUI's own
// five keys keep their usual meaning (xs phone, sm large phone, md tablet/small laptop, lg desktop,
// xl wide) so its components behave; lg = 1200 is the toast rule's breakpoint.
//   xs 0 · mobileS 320 · mobileM 375 · mobileL 425 · sm 640 · tablet 768 · md 990 · lg 1200 ·
//   xl 1440 · xxl 1800 · xxxl 2400
declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    mobileS: true;
    mobileM: true;
    mobileL: true;
    tablet: true;
    xxl: true;
    xxxl: true;
  }
}

export const breakpointValues = {
  xs: 0,
  mobileS: 320,
  mobileM: 375,
  mobileL: 425,
  sm: 640,
  tablet: 768,
  md: 990,
  lg: 1200,
  xl: 1440,
  xxl: 1800,
  xxxl: 2400,
} as const;

/** The page's font stack, which follows its direction (components/plain/plain.css). */
export const fontFamily = 'var(--pl-font)';

/** Page backgrounds, also used by index.html before the app starts and by components/plain/plain.css (theme.test.ts holds them in step). */
export const pageBackground: Record<ColorMode, string> = { light: '#f4f6fb', dark: '#0b1220' };

const palettes = {
  light: {
    primary: { main: '#2563eb', dark: '#1d4ed8', light: '#60a5fa', contrastText: '#ffffff' },
    background: { default: pageBackground.light, paper: '#ffffff' },
    text: { primary: '#0f172a', secondary: '#475569' },
    divider: 'rgba(15, 23, 42, 0.1)',
  },
  dark: {
    primary: { main: '#60a5fa', dark: '#3b82f6', light: '#93c5fd', contrastText: '#0b1220' },
    background: { default: pageBackground.dark, paper: '#111a2e' },
    text: { primary: '#e2e8f0', secondary: '#a3b1c6' },
    divider: 'rgba(226, 232, 240, 0.12)',
  },
} as const;

export function createAppTheme(mode: ColorMode, direction: 'rtl' | 'ltr'): Theme {
  const palette = palettes[mode];
  return createTheme({
    direction,
    palette: { mode, ...palette },
    shape: { borderRadius: 10 },
    breakpoints: { values: breakpointValues },
    typography: {
      fontFamily,
      h1: { fontWeight: 800 },
      h2: { fontWeight: 800 },
      h3: { fontWeight: 750 },
      h4: { fontWeight: 750 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 10, paddingInline: 18 }, sizeLarge: { minHeight: 48 } },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: {
            border: `1px solid ${palette.divider}`,
            borderRadius: 16,
            boxShadow:
              mode === 'light'
                ? '0 1px 2px rgba(15, 23, 42, 0.04), 0 12px 32px -12px rgba(15, 23, 42, 0.14)'
                : '0 1px 2px rgba(0, 0, 0, 0.4), 0 16px 40px -16px rgba(0, 0, 0, 0.7)',
          },
        },
      },
      MuiIconButton: {
        styleOverrides: { root: { borderRadius: 10 } },
      },
      MuiMenuItem: {
        styleOverrides: { root: { minHeight: 44 } },
      },
      MuiLink: {
        styleOverrides: { root: { fontWeight: 600, textUnderlineOffset: '0.2em' } },
      },
    },
  });
}

/** A soft tint of a colour for icon backgrounds and highlights. */
export const tint = (color: string, mode: ColorMode): string => alpha(color, mode === 'dark' ? 0.18 : 0.1);

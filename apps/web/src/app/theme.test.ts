import type { Theme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import type { ColorMode } from '../lib/storage';
import { createAppTheme } from './theme';

// WCAG 2 contrast of the step numbers of the sign-up stepper, computed from the theme's colour values
// (a transparent colour is blended over the card it is drawn on).

type Rgba = [number, number, number, number];

function parse(color: string): Rgba {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex?.[1]) {
    const n = Number.parseInt(hex[1], 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(color);
  if (rgb?.[1]) {
    const [r = 0, g = 0, b = 0, a = 1] = rgb[1].split(',').map((part) => Number(part.trim()));
    return [r, g, b, a];
  }
  throw new Error(`unreadable colour ${color}`);
}

function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => (top[i] ?? 0) * a + (bottom[i] ?? 0) * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(foreground: Rgba, background: Rgba): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The circle and number colours of a step icon, as MUI draws them with the theme's overrides. */
function stepIcon(theme: Theme, state: 'inactive' | 'active'): { circle: string; number: string } {
  const overrides = theme.components?.MuiStepIcon?.styleOverrides as
    | { root?: { color?: string }; text?: { fill?: string } }
    | undefined;
  return {
    circle:
      state === 'active'
        ? theme.palette.primary.main
        : (overrides?.root?.color ?? theme.palette.text.disabled),
    number: overrides?.text?.fill ?? theme.palette.primary.contrastText,
  };
}

describe('stepper numbers', () => {
  it.each<[ColorMode, 'inactive' | 'active']>([
    ['dark', 'inactive'],
    ['dark', 'active'],
    ['light', 'inactive'],
    ['light', 'active'],
  ])('in %s mode a %s step number has at least 4.5:1 contrast', (mode, state) => {
    const theme = createAppTheme(mode, 'ltr');
    const card = parse(theme.palette.background.paper);
    const { circle, number } = stepIcon(theme, state);
    const fill = over(parse(circle), card);
    expect(contrast(over(parse(number), fill), fill)).toBeGreaterThanOrEqual(4.5);
  });

  it('computes contrast as WCAG does', () => {
    expect(contrast(parse('#000000'), parse('#ffffff'))).toBeCloseTo(21, 5);
    expect(contrast(parse('#767676'), parse('#ffffff'))).toBeCloseTo(4.54, 2);
  });
});

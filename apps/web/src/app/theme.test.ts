import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ColorMode } from '../lib/storage';
import { createAppTheme } from './theme';

// The plain pages' stylesheet (components/plain/plain.css) repeats the theme's colours as CSS variables:
// they must stay the theme's, in both modes and before the app sets the mode; and the sign-up stepper's
// numbers, drawn with them, keep WCAG 2 contrast.

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

const stylesheet = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '../components/plain/plain.css'),
  'utf8',
);

/** The custom properties set by the first rule of plain.css whose selector is `selector`. */
function plainColours(selector: string): Record<string, string> {
  const at = stylesheet.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`no ${selector} rule in plain.css`);
  const body = stylesheet.slice(at, stylesheet.indexOf('}', at));
  return Object.fromEntries(
    [...body.matchAll(/(--pl-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]?.trim()]),
  );
}

const plainRules: Record<ColorMode, string> = { light: ':root', dark: 'html[data-mode="dark"]' };

describe("the plain pages' colours", () => {
  it.each<ColorMode>(['light', 'dark'])("in %s mode are the theme's", (mode) => {
    const { palette } = createAppTheme(mode, 'ltr');
    const colours = plainColours(plainRules[mode]);
    expect(colours).toMatchObject({
      '--pl-bg': palette.background.default,
      '--pl-paper': palette.background.paper,
      '--pl-text': palette.text.primary,
      '--pl-text-2': palette.text.secondary,
      '--pl-primary': palette.primary.main,
      '--pl-primary-dark': palette.primary.dark,
      '--pl-on-primary': palette.primary.contrastText,
    });
  });

  it("in the system's dark mode, before the app sets one, are the dark mode's", () => {
    expect(plainColours('  html:not([data-mode="light"])')).toEqual(plainColours(plainRules.dark));
  });

  it.each<ColorMode>(['light', 'dark'])('in %s mode give step numbers at least 4.5:1 contrast', (mode) => {
    const colours = plainColours(plainRules[mode]);
    const colour = (name: string) => parse(colours[name] ?? '');
    // A step not reached: the paper colour on the secondary text colour; the current one: on primary.
    expect(contrast(colour('--pl-paper'), colour('--pl-text-2'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour('--pl-on-primary'), colour('--pl-primary'))).toBeGreaterThanOrEqual(4.5);
  });

  it('computes contrast as WCAG does', () => {
    expect(contrast(parse('#000000'), parse('#ffffff'))).toBeCloseTo(21, 5);
    expect(contrast(parse('#767676'), parse('#ffffff'))).toBeCloseTo(4.54, 2);
  });
});

import { describe, expect, it } from 'vitest';
import { localeOfPath, localizePath, stripLocale, switchLocalePath } from './locale-path';

describe('localizePath', () => {
  it.each([
    ['/login', 'fa', '/fa/login'],
    ['/login?next=%2Fprofile', 'fa', '/fa/login?next=%2Fprofile'],
    ['/workspace/apps#top', 'en', '/en/workspace/apps#top'],
    ['/', 'fa', '/fa'],
    ['/?a=1', 'en', '/en?a=1'],
    ['/fa/login', 'en', '/fa/login'],
    ['/en', 'fa', '/en'],
    ['/english/x', 'fa', '/fa/english/x'],
    ['relative/path', 'fa', 'relative/path'],
    ['https://example.com/a', 'fa', 'https://example.com/a'],
    ['//cdn.example.com/a', 'fa', '//cdn.example.com/a'],
  ] as const)('%s in %s → %s', (to, locale, expected) => {
    expect(localizePath(to, locale)).toBe(expected);
  });

  it('leaves the path alone when locale handling is skipped', () => {
    expect(localizePath('/healthz', 'fa', { skipLocale: true })).toBe('/healthz');
  });
});

describe('locale segments', () => {
  it('reads and strips a supported locale only', () => {
    expect(localeOfPath('/en/login')).toBe('en');
    expect(localeOfPath('/de/login')).toBeUndefined();
    expect(stripLocale('/fa/login/verify')).toBe('/login/verify');
    expect(stripLocale('/fa')).toBe('/');
    expect(stripLocale('/fa/')).toBe('/');
    expect(stripLocale('/login')).toBe('/login');
  });

  it('moves a page to another locale keeping query and hash', () => {
    expect(switchLocalePath('/fa/login', '?next=1', '#f', 'en')).toBe('/en/login?next=1#f');
    expect(switchLocalePath('/fa', '', '', 'en')).toBe('/en');
  });
});

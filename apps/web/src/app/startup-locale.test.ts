import { describe, expect, it } from 'vitest';
import { resolveStartupLocale } from './startup-locale';

const english = { language: { key: 'english' } };
const persian = { language: { key: 'persian' } };
const arabic = { language: { key: 'arabic' } };

describe('startup language', () => {
  it.each([
    ['/en/login', false, null, 'fa', { locale: 'en', renavigate: false }],
    ['/fa/profile', true, english, 'en', { locale: 'fa', renavigate: false }],
    ['/profile', true, english, 'fa', { locale: 'en', renavigate: true }],
    ['/profile', true, persian, 'en', { locale: 'fa', renavigate: true }],
    ['/profile', true, arabic, 'en', { locale: 'ar', renavigate: true }],
    ['/ar/login', false, null, 'fa', { locale: 'ar', renavigate: false }],
    ['/ar/profile', true, persian, 'fa', { locale: 'ar', renavigate: false }],
    ['/', true, null, 'fa', { locale: 'fa', renavigate: true }],
    ['/login', false, english, 'fa', { locale: 'fa', renavigate: true }],
    ['/de/login', false, null, 'en', { locale: 'en', renavigate: true }],
  ] as const)('%s (logged in %s, user %j, current %s)', (pathname, loggedIn, user, current, expected) => {
    expect(resolveStartupLocale({ pathname, loggedIn, user, current })).toEqual(expected);
  });
});

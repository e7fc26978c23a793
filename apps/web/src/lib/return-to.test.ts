import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnTo } from './return-to';

// returnTo is followed after login: only a path of this site under a locale, never another site.

const origin = 'https://wsm.example';

describe('safeReturnTo', () => {
  it('keeps a path under a supported locale, with its query and hash', () => {
    expect(safeReturnTo('/fa/workspace/settings/members', origin)).toBe('/fa/workspace/settings/members');
    expect(safeReturnTo('/en/profile?tab=2#x', origin)).toBe('/en/profile?tab=2#x');
    expect(safeReturnTo('/ar', origin)).toBe('/ar');
  });

  it("keeps a pending sign-in's interaction route, exactly that shape", () => {
    expect(safeReturnTo('/oidc/interaction/Abc_12-x/', origin)).toBe('/oidc/interaction/Abc_12-x/');
  });

  it.each([
    '/oidc/interaction/abc',
    '/oidc/interaction/abc/extra/',
    '/oidc/interaction/../../evil/',
    '/oidc/interaction/a%2Fb/',
    '/oidc/interaction/abc/?x=1',
    '/oidc/auth',
    '//evil.example/oidc/interaction/abc/',
    'https://evil.example/fa',
    '//evil.example/fa/profile',
    '/\\evil.example/fa',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/fa/../evil',
    '/de/profile',
    '/profile',
    '/fa\n/x',
    '/fa/login',
    '/en/login/verify',
    '/fa/logout',
    '',
    null,
  ])('refuses %j', (value) => {
    expect(safeReturnTo(value, origin)).toBeUndefined();
  });
});

describe('loginPathReturningTo', () => {
  it('names the page asked for, or nothing when it is not one to return to', () => {
    expect(loginPathReturningTo('/fa/login', '/fa/workspace/settings/members')).toBe(
      '/fa/login?returnTo=%2Ffa%2Fworkspace%2Fsettings%2Fmembers',
    );
    expect(loginPathReturningTo('/fa/login', '//evil.example/fa')).toBe('/fa/login');
  });
});

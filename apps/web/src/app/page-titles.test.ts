import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageTitleKey } from './page-titles';
import { routes } from './router';

/** Every path pattern under /:locale, without the locale ("workspace/settings/roles"). */
function pathsOf(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path ? [parent, route.path].filter(Boolean).join('/') : parent;
    const own = route.path || route.index ? [path] : [];
    return [...own, ...pathsOf(route.children ?? [], path)];
  });
}

describe('page titles', () => {
  const localeRoute = routes.find((route) => route.path === '/:locale');
  const paths = pathsOf(localeRoute?.children ?? []).map((path) => path.replace(/:id/g, 'x1'));

  it('every screen has its own title; only unknown paths take the 404 page’s', () => {
    expect(paths.length).toBeGreaterThan(25);
    const untitled = paths.filter(
      (path) => path !== '*' && path !== '404' && pageTitleKey(path) === pageTitleKey('404'),
    );
    expect(untitled).toEqual([]);
    expect(pageTitleKey('no/such/page')).toBe('errors:pages.404.title');
  });

  it('tells the settings sections apart', () => {
    expect(pageTitleKey('workspace/settings/members')).toBe('common:pages.members');
    expect(pageTitleKey('/workspace/settings/roles/')).toBe('common:pages.roles');
    expect(pageTitleKey('workspace/settings')).toBe('common:pages.settings');
    expect(pageTitleKey('')).toBe('common:pages.picker');
    expect(pageTitleKey('/workspace/invitations/x1')).toBe('common:pages.invitations');
  });
});

import { matchPath } from 'react-router';

// Each screen's own document title ("Members | Workspace Manager"), so tabs, history and screen readers
// tell pages apart. The keys live in shell namespaces (common, errors): the title is right on the first
// frame, before the page's own namespace has loaded.
const pageTitleKeys: ReadonlyArray<readonly [pattern: string, key: string]> = [
  ['login', 'common:pages.login'],
  ['login/verify/*', 'common:pages.loginVerify'],
  ['login/forgot-password/*', 'common:pages.recovery'],
  ['signup', 'common:pages.signup'],
  ['security/end-session', 'common:pages.endSession'],
  ['logout', 'common:pages.logout'],
  ['401', 'errors:pages.401.title'],
  ['403', 'errors:pages.403.title'],
  ['404', 'errors:pages.404.title'],
  ['500', 'errors:pages.500.title'],
  ['503', 'errors:pages.503.title'],
  ['600', 'errors:pages.600.title'],
  ['error', 'errors:pages.error.title'],
  ['coming-soon', 'errors:pages.comingSoon.title'],
  ['', 'common:pages.picker'],
  ['workspace/apps', 'common:pages.apps'],
  ['workspace/new', 'common:pages.newWorkspace'],
  ['workspace/invitations/*', 'common:pages.invitations'],
  ['workspace/settings', 'common:pages.settings'],
  ['workspace/settings/info', 'common:pages.settingsInfo'],
  ['workspace/settings/applications', 'common:pages.settingsApplications'],
  ['workspace/settings/members', 'common:pages.members'],
  ['workspace/settings/roles', 'common:pages.roles'],
  ['workspace/settings/users', 'common:pages.users'],
  ['workspace/settings/backups', 'common:pages.backups'],
  ['workspace/settings/audit', 'common:pages.audit'],
  ['workspace/settings/integrations', 'common:pages.integrations'],
  ['profile', 'common:pages.profile'],
  ['profile/security', 'common:pages.security'],
  ['profile/notifications', 'common:pages.notifications'],
  ['announcement/*', 'common:pages.announcements'],
];

/**
 * The translation key of a page's title, from its path without the locale ("workspace/settings/roles");
 * an unknown path is the 404 page's.
 */
export function pageTitleKey(path: string): string {
  const trimmed = `/${path.replace(/^\/+|\/+$/g, '')}`;
  for (const [pattern, key] of pageTitleKeys) {
    if (matchPath({ path: `/${pattern}`, end: true }, trimmed)) return key;
  }
  return 'errors:pages.404.title';
}

import { defaultLocale, isLocale, type Locale } from '@wsm/contracts';
import { type ReactNode, useEffect } from 'react';
import { type Location, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { appConfig } from '../lib/app-config';
import { currentLocale, i18n } from '../lib/i18n';
import { localizePath, stripLocale } from '../lib/locale-path';
import { loginPathReturningTo, returnToParam, safeReturnTo, signInRequestUid } from '../lib/return-to';
import { resolveGuard } from '../lib/route-guards';
import { clearSession } from '../lib/session';
import { getAppId, getSavedLanguage, getStoredUser, getWorkspaceId, hasAuthCookies } from '../lib/storage';
import { useDismissToastsOnNavigation } from '../lib/use-step-toasts';
import { useLanguageReady, useLanguageState } from './language-state';
import { LoadingOverlay } from './loading-overlay';
import { resolveStartupLocale } from './startup-locale';

/** Routes that render for everyone, whatever the access rules say (the 404 page of an unknown path). */
export interface RouteHandle {
  skipGuard?: boolean;
}

/** A path without a supported locale goes to the same path under the resolved one. */
function localeRedirectPath({ pathname, search }: Location): string {
  const { locale } = resolveStartupLocale({
    pathname,
    loggedIn: hasAuthCookies(),
    user: getStoredUser(),
    current: i18n.isInitialized ? currentLocale() : (getSavedLanguage() ?? defaultLocale),
  });
  return `${localizePath(pathname, locale)}${search}`;
}

/** The page of a path without a supported locale: the loading overlay, while it moves to a localized one. */
export function LocaleRedirect() {
  const location = useLocation();
  return (
    <>
      <LoadingOverlay />
      <Navigate to={localeRedirectPath(location)} replace />
    </>
  );
}

function GuardRedirect({ to, clearAuth }: { to: string; clearAuth: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    // The redirect rule: clear user state and stored auth, then login.
    if (clearAuth) clearSession();
    void navigate(to, { replace: true });
  }, [navigate, to, clearAuth]);
  return null;
}

/** The access rules (src/lib/route-guards.ts) applied to the current route. */
function RouteGuard({ skipsGuard, children }: { skipsGuard: GuardSkip; children: ReactNode }) {
  const location = useLocation();
  const { locale } = useParams();
  if (!isLocale(locale) || skipsGuard(location)) return children;
  // A logged-in browser on the login page of an application's pending sign-in: the page decides
  // whether it goes on at once or asks again (prompt=login; docs/sign-in-with-workspace.md).
  if (stripLocale(location.pathname).replace(/\/$/, '') === '/login' && isSignInLogin(location.search))
    return children;
  const result = resolveGuard({
    path: stripLocale(location.pathname),
    loggedIn: hasAuthCookies(),
    workspaceId: getWorkspaceId(),
    appId: getAppId(),
    whitelist: appConfig.whitelistRoutes,
  });
  if (result.type === 'allow') return children;
  const to = localizePath(result.to, locale);
  if (result.reason !== 'logged-out') return <GuardRedirect to={to} clearAuth={false} />;
  // Logged out: the login returns to the page asked for (lib/return-to.ts).
  const asked = `${location.pathname}${location.search}`;
  const back = stripLocale(location.pathname) === '/' ? to : loginPathReturningTo(to, asked);
  return <GuardRedirect to={back} clearAuth />;
}

/** Whether a login page's returnTo is an application's pending sign-in. */
function isSignInLogin(search: string): boolean {
  return signInRequestUid(safeReturnTo(new URLSearchParams(search).get(returnToParam))) !== undefined;
}

/** Whether the page at a location is drawn whatever the access rules say (its route's RouteHandle). */
export type GuardSkip = (location: Location) => boolean;

/**
 * Everything under /:locale: a path whose first segment is no supported locale moves under one; else it
 * switches i18next to the URL's language, waits for its texts and applies the guards.
 */
export function LocaleLayout({ skipsGuard }: { skipsGuard: GuardSkip }) {
  const { locale: param } = useParams();
  if (!isLocale(param)) return <LocaleRedirect />;
  return <LocalePages locale={param} skipsGuard={skipsGuard} />;
}

function LocalePages({ locale, skipsGuard }: { locale: Locale; skipsGuard: GuardSkip }) {
  const { language } = useLanguageState();
  const ready = useLanguageReady(locale);
  useDismissToastsOnNavigation();

  useEffect(() => {
    if (language && language !== locale) void i18n.changeLanguage(locale);
  }, [language, locale]);

  if (!ready) return <LoadingOverlay />;
  return (
    <RouteGuard skipsGuard={skipsGuard}>
      <Outlet />
    </RouteGuard>
  );
}

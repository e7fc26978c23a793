import { defaultLocale, isLocale } from '@wsm/contracts';
import { type ReactNode, useEffect } from 'react';
import {
  type LoaderFunctionArgs,
  Outlet,
  redirect,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
} from 'react-router';
import { localizePath, stripLocale } from '../lib/locale-path';
import { resolveGuard } from '../lib/route-guards';
import { clearSession } from '../lib/session';
import { getAppId, getSavedLanguage, getStoredUser, getWorkspaceId, hasAuthCookies } from '../lib/storage';
import { useDismissToastsOnNavigation } from '../lib/use-step-toasts';
import { appConfig } from './app-config';
import { currentLocale, i18n } from './i18n';
import { useLanguageReady, useLanguageState } from './language-state';
import { LoadingOverlay } from './loading-overlay';
import { resolveStartupLocale } from './startup-locale';

/** Routes that render for everyone, whatever the access rules say (the 404 page of an unknown path). */
export interface RouteHandle {
  skipGuard?: boolean;
}

/** A path without a supported locale goes to the same path under the resolved one (product-spec.md section 4). */
export function localeRedirect(url: URL): Response {
  const { locale } = resolveStartupLocale({
    pathname: url.pathname,
    loggedIn: hasAuthCookies(),
    user: getStoredUser(),
    current: i18n.isInitialized ? currentLocale() : (getSavedLanguage() ?? defaultLocale),
  });
  return redirect(`${localizePath(url.pathname, locale)}${url.search}`);
}

export function rootLoader({ request }: LoaderFunctionArgs): Response {
  return localeRedirect(new URL(request.url));
}

export function localeLoader({ params, request }: LoaderFunctionArgs): Response | null {
  if (isLocale(params.locale)) return null;
  return localeRedirect(new URL(request.url));
}

function GuardRedirect({ to, clearAuth }: { to: string; clearAuth: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    // The redirect rule of product-spec.md section 4: clear user state and stored auth, then login.
    if (clearAuth) clearSession();
    void navigate(to, { replace: true });
  }, [navigate, to, clearAuth]);
  return null;
}

/** The access rules of product-spec.md section 2 (src/lib/route-guards.ts) applied to the current route. */
function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const matches = useMatches();
  const { locale } = useParams();
  const skip = matches.some((match) => (match.handle as RouteHandle | undefined)?.skipGuard);
  if (skip || !isLocale(locale)) return children;
  const result = resolveGuard({
    path: stripLocale(location.pathname),
    loggedIn: hasAuthCookies(),
    workspaceId: getWorkspaceId(),
    appId: getAppId(),
    whitelist: appConfig.whitelistRoutes,
  });
  if (result.type === 'allow') return children;
  return <GuardRedirect to={localizePath(result.to, locale)} clearAuth={result.reason === 'logged-out'} />;
}

/** Everything under /:locale: switches i18next to the URL's language, waits for its texts, applies the guards. */
export function LocaleLayout() {
  const { locale: param } = useParams();
  const locale = isLocale(param) ? param : defaultLocale;
  const { language } = useLanguageState();
  const ready = useLanguageReady(locale);
  useDismissToastsOnNavigation();

  useEffect(() => {
    if (language && language !== locale) void i18n.changeLanguage(locale);
  }, [language, locale]);

  if (!ready) return <LoadingOverlay />;
  return (
    <RouteGuard>
      <Outlet />
    </RouteGuard>
  );
}

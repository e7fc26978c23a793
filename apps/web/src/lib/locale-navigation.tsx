import { defaultLocale, isLocale, type Locale } from '@wsm/contracts';
import { forwardRef, useCallback } from 'react';
import {
  Link,
  type LinkProps,
  type NavigateOptions,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
import { localizePath } from './locale-path';

// Locale-aware links and navigation for components: every in-app path gets the current locale prefix
// unless it already has a supported one or `skipLocale` is set.

/** The locale of the current route (its :locale segment). */
export function useLocale(): Locale {
  const { locale } = useParams();
  return isLocale(locale) ? locale : defaultLocale;
}

export interface LocaleNavigateOptions extends NavigateOptions {
  skipLocale?: boolean;
}

/** Like useNavigate, for string paths, adding the locale prefix. */
export function useLocaleNavigate(): (to: string, options?: LocaleNavigateOptions) => void {
  const navigate = useNavigate();
  const locale = useLocale();
  return useCallback(
    (to, options = {}) => {
      const { skipLocale, ...rest } = options;
      void navigate(localizePath(to, locale, { skipLocale }), rest);
    },
    [navigate, locale],
  );
}

export interface LocaleLinkProps extends Omit<LinkProps, 'to'> {
  to: string;
  skipLocale?: boolean;
}

/** A router Link whose `to` gets the locale prefix; usable as MUI's `component` prop. */
export const LocaleLink = forwardRef<HTMLAnchorElement, LocaleLinkProps>(function LocaleLink(
  { to, skipLocale, ...rest },
  ref,
) {
  const locale = useLocale();
  return <Link ref={ref} to={localizePath(to, locale, { skipLocale })} {...rest} />;
});

/** The path of the current page without its locale prefix, plus query and hash. */
export function useLocaleFreeLocation(): { path: string; search: string; hash: string } {
  const location = useLocation();
  const first = location.pathname.split('/')[1];
  const path = isLocale(first) ? location.pathname.slice(first.length + 1) || '/' : location.pathname;
  return { path, search: location.search, hash: location.hash };
}

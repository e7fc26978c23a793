import { isLocale } from '@wsm/contracts';
import { Component, type ReactNode } from 'react';
import { displayDigits } from '../lib/digits';
import { i18n } from '../lib/i18n';

// A navigation that fails (a route module that cannot load, a render error) shows the 404 page
//. Plain markup (components/plain/plain.css) and free of lazy chunks, so it
// still renders when loading is what failed.
export function RouteError() {
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : 'fa';
  const t = (key: string, fallback: string) =>
    i18n.isInitialized && i18n.exists(key) ? i18n.t(key) : fallback;
  return (
    <main className="pl-frame__main" style={{ minHeight: '100dvh' }}>
      <div className="pl-status">
        <h1 className="pl-status__title">
          <span className="pl-status__code">{displayDigits(404, locale)}</span>{' '}
          <span className="pl-status__name">{t('errors:pages.404.title', 'Page not found')}</span>
        </h1>
        <p className="pl-status__text">
          {t('errors:pages.404.text', "The page you are looking for doesn't exist or has been moved.")}
        </p>
        <div className="pl-status__actions">
          <a className="pl-link" href={`/${locale}`}>
            {t('common:actions.backHome', 'Back to home')}
          </a>
        </div>
      </div>
    </main>
  );
}

interface BoundaryProps {
  /** The page's path: going to another page clears the error. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  pathname: string;
}

/** Shows RouteError in place of the routes when drawing them fails, until the next navigation. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

import '../../components/plain/signed-in.css';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { QueryProvider } from '../../app/query-provider';
import { AppBar } from './components/app-bar';

/**
 * The frame of the signed-in screens: the app bar, then the page at a readable width; `children` (the
 * account screens' heading and tabs around their page) stand in for the bare routed page. Plain markup
 * (components/plain/signed-in.css): a login lands on it, and on the picker or the applications, without
 * MUI; the other screens bring MUI's theme with them (src/app/router.tsx).
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  return (
    <QueryProvider>
      <div className="pl-shell">
        <AppBar />
        <main className="pl-shell__main" id="main">
          <div className="pl-shell__content">{children ?? <Outlet />}</div>
        </main>
      </div>
    </QueryProvider>
  );
}

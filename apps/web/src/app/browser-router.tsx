import { type ReactNode, startTransition, useLayoutEffect, useState } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, Router } from 'react-router';
import { markNavigationStart, setNavigationBridge } from '../lib/navigation';
import { retryFailedLoads } from './lazy-page';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;

/**
 * The browser's history, which the API client and the session code navigate through too (src/lib/navigation.ts),
 * from the moment it exists: before the router has drawn anything, a navigation still moves the router
 * instead of reloading the page.
 */
export function createAppHistory(): BrowserHistory {
  const history = createBrowserHistory({ v5Compat: true });
  setNavigationBridge((to, options) => (options?.replace ? history.replace(to) : history.push(to)));
  return history;
}

/**
 * react-router's <BrowserRouter>, over the app's own history. Location changes are transitions, so the page
 * before stays on screen while the next one's files load (src/app/lazy-page.tsx); a file that failed to
 * load is tried again.
 */
export function BrowserRouter({ history, children }: { history: BrowserHistory; children: ReactNode }) {
  const [{ action, location }, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen((update) => {
        markNavigationStart();
        retryFailedLoads();
        startTransition(() => setState({ action: update.action, location: update.location }));
      }),
    [history],
  );
  return (
    <Router location={location} navigationType={action} navigator={history}>
      {children}
    </Router>
  );
}

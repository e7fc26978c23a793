import { lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterFirstScreen } from '../features/pwa/setup';
import { i18n } from '../lib/i18n';
import { onToastsWanted, toastsWanted } from '../lib/notify';
import { ColorModeProvider } from './color-mode';
import { lazyThemed } from './lazy-themed';

// The prompts' logic is plain; their dialogs load MUI when one shows (features/pwa/pwa-prompts.tsx).
const PwaPrompts = lazy(async () => ({ default: (await import('../features/pwa/pwa-prompts')).PwaPrompts }));
// react-toastify keeps toasts raised before its container mounts and shows them then, so the
// container loads with the first toast (src/lib/notify.ts), not with the page.
const Toasts = lazyThemed(async () => (await import('./toasts')).Toasts);

/** The app around its router: its `<BrowserRouter>` in the browser, a `<StaticRouter>` when prerendered (src/prerender.tsx). */
export function App({
  router,
  onMounted,
}: {
  router: ReactNode;
  /** Called once the first render is on the page (a prerendered page is hydrated then). */
  onMounted?: () => void;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first commit.
  useEffect(() => onMounted?.(), []);
  // The install prompt and the update check (which loads the API client) wait until the first screen
  // has settled: neither is drawn on it.
  const [withPwaPrompts, setWithPwaPrompts] = useState(false);
  useEffect(() => afterFirstScreen(() => setWithPwaPrompts(true)), []);
  const withToasts = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  return (
    <I18nextProvider i18n={i18n}>
      <ColorModeProvider>
        {router}
        {withPwaPrompts && (
          <Suspense fallback={null}>
            <PwaPrompts />
          </Suspense>
        )}
        {withToasts && (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        )}
      </ColorModeProvider>
    </I18nextProvider>
  );
}

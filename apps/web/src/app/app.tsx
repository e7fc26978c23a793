import type { Locale } from '@wsm/contracts';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterFirstScreen } from '../features/pwa/setup';
import { ColorModeProvider } from './color-mode';
import { DocumentMeta } from './document-meta';
import { i18n } from './i18n';
import { ThemeShell } from './theme-shell';

const PwaPrompts = lazy(async () => ({ default: (await import('../features/pwa/pwa-prompts')).PwaPrompts }));

/** The app around its router: `<RouterProvider>` in the browser, `<StaticRouterProvider>` when prerendered (src/prerender.tsx). */
export function App({
  startupLocale,
  router,
  onMounted,
}: {
  startupLocale: Locale;
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
  return (
    <I18nextProvider i18n={i18n}>
      <ColorModeProvider>
        <ThemeShell startupLocale={startupLocale}>
          <DocumentMeta />
          {router}
          {withPwaPrompts && (
            <Suspense fallback={null}>
              <PwaPrompts />
            </Suspense>
          )}
        </ThemeShell>
      </ColorModeProvider>
    </I18nextProvider>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import type { Locale } from '@wsm/contracts';
import { lazy, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ColorModeProvider } from './color-mode';
import { DocumentMeta } from './document-meta';
import { i18n } from './i18n';
import { queryClient } from './query-client';
import { router } from './router';
import { ThemeShell } from './theme-shell';

const PwaPrompts = lazy(async () => ({ default: (await import('../features/pwa/pwa-prompts')).PwaPrompts }));

export function App({ startupLocale }: { startupLocale: Locale }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ColorModeProvider>
        <ThemeShell startupLocale={startupLocale}>
          <QueryClientProvider client={queryClient}>
            <DocumentMeta />
            <RouterProvider router={router} />
            <Suspense fallback={null}>
              <PwaPrompts />
            </Suspense>
          </QueryClientProvider>
        </ThemeShell>
      </ColorModeProvider>
    </I18nextProvider>
  );
}

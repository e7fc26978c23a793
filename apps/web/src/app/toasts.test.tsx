import Dialog from '@mui/material/Dialog';
import { ThemeProvider } from '@mui/material/styles';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { Locale } from '@wsm/contracts';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { localeDirection } from '../lib/i18n';
import { notify } from '../lib/notify';
import { createTestI18n } from '../test/i18n';
import { ColorModeProvider } from './color-mode';
import { createAppTheme } from './theme';
import { Toasts } from './toasts';

afterEach(() => {
  act(() => notify.dismiss());
  cleanup();
});

async function renderToasts(locale: Locale, withDialog = false) {
  const i18n = await createTestI18n(locale);
  render(
    <I18nextProvider i18n={i18n}>
      <ColorModeProvider>
        <ThemeProvider theme={createAppTheme('light', localeDirection[locale])}>
          {withDialog ? <Dialog open>a dialog</Dialog> : null}
          <Toasts />
        </ThemeProvider>
      </ColorModeProvider>
    </I18nextProvider>,
  );
}

const container = () => document.querySelector('.Toastify__toast-container');

describe('the toasts', () => {
  it.each([
    ['fa', 'بستن'],
    ['en', 'Close'],
    ['ar', 'إغلاق'],
  ] as const)('name their close button in the page language (%s)', async (locale, name) => {
    await renderToasts(locale);
    act(() => {
      notify.error('Something to say');
    });
    expect(await screen.findByRole('button', { name })).toBeInTheDocument();
  });

  it('come in one place, at the top, whether a dialog is open or not', async () => {
    await renderToasts('fa');
    act(() => {
      notify.info('From a page');
    });
    await screen.findByText('From a page');
    const onPage = container()?.className;
    cleanup();

    await renderToasts('fa', true);
    act(() => {
      notify.info('From a dialog');
    });
    await screen.findByText('From a dialog');
    await waitFor(() => expect(container()?.className).toBe(onPage));
    // The top, never the bottom: a tall dialog's buttons sit at the bottom.
    expect(onPage).toMatch(/Toastify__toast-container--top-/);
  });
});

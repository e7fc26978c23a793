import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getSavedLanguage } from '../lib/storage';
import { createTestI18n } from '../test/i18n';
import { LanguageSwitch } from './language-switch';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

async function renderSwitch(path = '/en/login?next=%2Fprofile') {
  const i18n = await createTestI18n('en');
  const element = (
    <>
      <LanguageSwitch />
      <button type="button">after</button>
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: '/:locale/*', element }], { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return screen.getByTestId('language-switch');
}

beforeAll(() => createTestI18n('en'));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the language switch', () => {
  it('opens on the current language, walks with the arrows and Home/End, and Escape gives the focus back', async () => {
    const user = userEvent.setup();
    const button = await renderSwitch();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.getAttribute('lang'))).toEqual(['fa', 'en', 'ar']);
    expect(document.activeElement).toBe(items[1]);
    expect(items[1]?.getAttribute('aria-current')).toBe('true');

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[2]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[2]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(items[2]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(button);
    expect(screen.getByTestId('where').textContent).toBe('/en/login?next=%2Fprofile');
  });

  it('moves the same page to the chosen language from the keyboard, and remembers the choice', async () => {
    const user = userEvent.setup();
    const button = await renderSwitch();
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/fa/login?next=%2Fprofile');
    expect(getSavedLanguage()).toBe('fa');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on a press outside it, and on Tab', async () => {
    const user = userEvent.setup();
    const button = await renderSwitch();
    await user.click(button);
    await user.click(screen.getByTestId('where'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(button);
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByTestId('where').textContent).toBe('/en/login?next=%2Fprofile');
  });
});

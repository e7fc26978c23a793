import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { localKeys, saveMode } from '../lib/storage';
import { ColorModeProvider, useColorMode } from './color-mode';

function Shown() {
  return <p data-testid="mode">{useColorMode().mode}</p>;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('colour mode', () => {
  it('follows a mode saved outside the provider (the profile’s, at login) at once', () => {
    saveMode('light');
    render(
      <ColorModeProvider>
        <Shown />
      </ColorModeProvider>,
    );
    expect(screen.getByTestId('mode').textContent).toBe('light');
    act(() => saveMode('dark'));
    expect(screen.getByTestId('mode').textContent).toBe('dark');
    expect(document.documentElement.dataset.mode).toBe('dark');
  });

  it('follows a mode saved in another tab', () => {
    saveMode('dark');
    render(
      <ColorModeProvider>
        <Shown />
      </ColorModeProvider>,
    );
    act(() => {
      localStorage.setItem(localKeys.mode, 'light');
      window.dispatchEvent(new StorageEvent('storage', { key: localKeys.mode }));
    });
    expect(screen.getByTestId('mode').textContent).toBe('light');
  });
});

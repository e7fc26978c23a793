import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Hint } from './hint';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the hint (in place of MUI Tooltip)', () => {
  it('shows on hover, stays while the pointer moves onto it, and goes when the pointer leaves', async () => {
    render(
      <Hint title="Notifications">
        <button type="button">bell</button>
      </Hint>,
    );
    const button = screen.getByRole('button');
    // It names a child without a name of its own, even before it shows.
    expect(button).toHaveAttribute('aria-label', 'Notifications');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.hover(button);
    const hint = await screen.findByRole('tooltip');
    expect(hint.textContent).toBe('Notifications');
    // The clock is the test's from here: the hint must stay however long the pointer rests on it.
    vi.useFakeTimers();
    fireEvent.mouseLeave(button);
    fireEvent.mouseEnter(hint);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('tooltip')).toBeInTheDocument();
    fireEvent.mouseLeave(hint);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('keeps a name the child already has', () => {
    render(
      <Hint title="Open the menu">
        <button type="button" aria-label="Account">
          a
        </button>
      </Hint>,
    );
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
  });

  it('describes its child for a screen reader while hidden, and shows on keyboard focus', async () => {
    render(
      <Hint title="You do not have permission for this" describeChild>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: as the Gate's wrapper of a disabled control (access.tsx) */}
        <span tabIndex={0} data-testid="wrapper">
          <button type="button" disabled>
            Remove
          </button>
        </span>
      </Hint>,
    );
    const wrapper = screen.getByTestId('wrapper');
    const description = document.getElementById(wrapper.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('You do not have permission for this');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(document.activeElement).toBe(wrapper);
    expect((await screen.findByRole('tooltip')).textContent).toBe('You do not have permission for this');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on a long press and goes a moment after the finger lifts', () => {
    vi.useFakeTimers();
    render(
      <Hint title="Delete">
        <button type="button">x</button>
      </Hint>,
    );
    const button = screen.getByRole('button');
    fireEvent.touchStart(button);
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole('tooltip').textContent).toBe('Delete');
    fireEvent.touchEnd(button);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('tooltip')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

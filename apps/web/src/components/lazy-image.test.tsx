import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyImageScrollThrottleMs, lazyImageThresholdPx } from '../lib/near-viewport';
import { LazyAvatar } from './lazy-image';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
const observers: { callback: Callback; options: IntersectionObserverInit | undefined }[] = [];

afterEach(() => {
  cleanup();
  observers.length = 0;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LazyAvatar', () => {
  it('requests the image only once it comes within 100 px of the viewport', () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: Callback, options?: IntersectionObserverInit) {
          observers.push({ callback, options });
        }
        observe() {}
        disconnect() {}
      },
    );
    const view = render(<LazyAvatar src="/v1/assets/images/a" alt="Acme" />);
    expect(view.container.querySelector('img')).toBeNull();
    expect(observers[0]?.options?.rootMargin).toBe(`${lazyImageThresholdPx}px`);
    act(() => observers[0]?.callback([{ isIntersecting: true }]));
    expect(view.container.querySelector('img')?.getAttribute('src')).toBe('/v1/assets/images/a');
  });

  it('without IntersectionObserver, checks on scroll at most every 300 ms', () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', undefined);
    const top = { value: 5000 };
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(() => ({ top: top.value, bottom: top.value + 40 }) as DOMRect);
    const view = render(<LazyAvatar src="/v1/assets/images/b" alt="Beta" />);
    expect(view.container.querySelector('img')).toBeNull();
    top.value = window.innerHeight + lazyImageThresholdPx - 10;
    act(() => {
      window.dispatchEvent(new Event('scroll'));
      window.dispatchEvent(new Event('scroll'));
    });
    expect(view.container.querySelector('img')).toBeNull();
    act(() => vi.advanceTimersByTime(lazyImageScrollThrottleMs));
    expect(view.container.querySelector('img')?.getAttribute('src')).toBe('/v1/assets/images/b');
    rect.mockRestore();
  });

  it('shows the fallback when there is no image', () => {
    const view = render(<LazyAvatar alt="None">N</LazyAvatar>);
    expect(view.container.textContent).toBe('N');
  });
});

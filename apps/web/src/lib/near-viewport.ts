import { useEffect, useState } from 'react';

/** Images load when within 100 px of the viewport; scroll checks every 300 ms. */
export const lazyImageThresholdPx = 100;
export const lazyImageScrollThrottleMs = 300;

/**
 * True once `element` comes within the threshold of the viewport (and stays true). Uses an
 * IntersectionObserver; where there is none, a scroll/resize check throttled to one per 300 ms.
 */
export function useNearViewport(element: HTMLElement | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!element || near) return;
    if (typeof IntersectionObserver !== 'undefined') {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setNear(true);
        },
        { rootMargin: `${lazyImageThresholdPx}px` },
      );
      observer.observe(element);
      return () => observer.disconnect();
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      timer = undefined;
      const box = element.getBoundingClientRect();
      const margin = lazyImageThresholdPx;
      if (box.bottom >= -margin && box.top <= window.innerHeight + margin) setNear(true);
    };
    const throttled = () => {
      timer ??= setTimeout(check, lazyImageScrollThrottleMs);
    };
    check();
    window.addEventListener('scroll', throttled, { passive: true, capture: true });
    window.addEventListener('resize', throttled);
    return () => {
      if (timer) clearTimeout(timer);
      window.removeEventListener('scroll', throttled, { capture: true });
      window.removeEventListener('resize', throttled);
    };
  }, [element, near]);
  return near;
}

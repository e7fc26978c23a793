import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { lastNavigationStart } from './navigation';
import { notify } from './notify';

/** When `step` changes (not on mount), the toasts of the step before are dismissed. */
export function useDismissToastsOnStep(step: unknown): void {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step is the trigger, not an input.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    notify.dismissRaisedBefore();
  }, [step]);
}

/**
 * A new page dismisses the toasts of the page before. The moment counted is when the navigation began
 * (a lazy page may take a while to load), so a toast raised by the click that navigated stays.
 */
export function useDismissToastsOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input.
  useEffect(() => {
    const began = lastNavigationStart() ?? Date.now();
    if (first.current) {
      first.current = false;
      return;
    }
    notify.dismissRaisedBefore(began);
  }, [pathname]);
}

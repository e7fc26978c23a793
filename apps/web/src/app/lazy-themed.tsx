import { type ComponentType, lazy } from 'react';

/**
 * A component drawn with MUI, loaded when first rendered together with MUI's theme around it: for what
 * may show over a page drawn without MUI (toasts, the PWA prompts), so that page does not load MUI for it.
 */
export function lazyThemed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { ThemeShell }] = await Promise.all([load(), import('./theme-shell')]);
    return {
      default: (props: P) => (
        <ThemeShell>
          <Component {...props} />
        </ThemeShell>
      ),
    };
  });
}

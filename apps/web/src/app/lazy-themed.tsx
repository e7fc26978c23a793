import { type ComponentType, lazy } from 'react';

/**
 * A component drawn with MUI, loaded when first rendered together with MUI's theme around it: for what
 * may show over a page drawn without MUI (toasts, the PWA prompts, the app bar's menus), so that page
 * does not load MUI for it. `preload` fetches both ahead, when the user is about to need them.
 */
export function lazyThemed<P extends object>(load: () => Promise<ComponentType<P>>) {
  const preload = () => Promise.all([load(), import('./theme-shell')]);
  const Themed = lazy(async () => {
    const [Component, { ThemeShell }] = await preload();
    return {
      default: (props: P) => (
        <ThemeShell>
          <Component {...props} />
        </ThemeShell>
      ),
    };
  });
  return Object.assign(Themed, { preload });
}

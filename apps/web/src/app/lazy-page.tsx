import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A route's component, loaded when first drawn; `preload` starts (or joins) that load. */
export type LazyPage<P extends object = object> = ComponentType<P> & {
  preload: () => Promise<ComponentType<P>>;
};

/** How to try again each page whose file failed to load. */
const failedLoads = new Set<() => void>();

/**
 * Called on each navigation: a page whose file failed to load (a deploy replaced it, the network dropped)
 * is loaded anew the next time it is drawn. Until then it keeps failing, so the error page shows instead
 * of a loop of requests.
 */
export function retryFailedLoads(): void {
  for (const retry of failedLoads) retry();
  failedLoads.clear();
}

/**
 * A page or layout of the router (src/app/router.tsx) in a file of its own, drawn with React.lazy while
 * its file loads. Once loaded it draws at once, so the prerenderer (src/prerender.tsx) and the hydration
 * of a prerendered page (src/main.tsx), which preload their pages, render them without suspending.
 */
export function lazyPage<P extends object = object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const retry = () => {
    loading = undefined;
    Suspending = suspendingComponent();
  };
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        failedLoads.add(retry);
        throw error;
      },
    );
    return loading;
  };
  const suspendingComponent = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(async () => ({ default: await preload() }));
  let Suspending = suspendingComponent();
  function Page(props: P) {
    const Component = loaded ?? Suspending;
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}

/** Starts loading `component` if it is a lazy page; a failure shows when it is drawn. */
export function preloadPage(component: unknown): Promise<unknown> {
  const preload = (component as Partial<LazyPage> | undefined)?.preload;
  return preload ? preload().catch(() => undefined) : Promise.resolve();
}

import { type ComponentType, createElement, lazy } from 'react';

type Preloadable<P extends object> = {
  /** Starts loading the module (once; again after a failure) and resolves with the component. */
  preload: () => Promise<ComponentType<P>>;
  /** Renders the component: at once when it has loaded, else through Suspense while it loads. */
  Component: ComponentType<P>;
};

/**
 * `lazy()` for a surface whose code is fetched ahead of its first use. A plain `lazy()` component
 * suspends on its first render even when its module has arrived (the lazy's own promise settles a
 * microtask later), and React then holds the revealed content back for up to 300 ms after the
 * fallback (its fallback throttle): a menu preloaded when idle would still open late. Once
 * `preload` has resolved, `Component` renders the loaded component directly.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (offline for a moment) is tried again by the next preload or render.
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  return { preload, Component };
}

import { lazy, type ComponentType, type ReactElement, type ReactNode } from 'react';

/** A lazily loaded page that can be fetched ahead of its first render. */
export interface LazyPage<Props extends object> {
  (props: Props): ReactElement;
  /** Starts loading the module (once); resolves when it is ready. */
  preload(): Promise<unknown>;
}

/**
 * React.lazy, except that a module already loaded (preloaded, or rendered before) renders at once.
 * React.lazy suspends on its first render even when the import has long resolved (it learns so only
 * from a promise callback), and React 19 then holds the revealed content back up to 300 ms after the
 * fallback showed: home waited that long after the loading screen's delay although its code was there
 * (spec section 4, issue 8).
 */
export function lazyPage<Props extends object>(
  load: () => Promise<{ default: (props: Props) => ReactNode }>,
): LazyPage<Props> {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<{ default: ComponentType<Props> }> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return { default: module.default };
    }));
  const Lazy = lazy(preload);
  function LazyPageComponent(props: Props) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  LazyPageComponent.preload = preload;
  return LazyPageComponent;
}

// A component whose code is fetched the first time it is rendered, for a feature's index.ts: a screen,
// form, dialog or panel exported there stays out of the chunk of every other feature that imports the
// index for one small part (issue #34: the first load of a screen is a measured budget,
// scripts/size-budget.ts). `preload` starts the fetch before the first render and settles when it ends.
import { createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { i18n } from './i18n/translator';

export type LoadedLater<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * Without `fallback`, the component waits in the nearest Suspense above it (a screen: the router's
 * loading spinner); with one, it waits in its own, showing `fallback` (null for a part that may appear
 * late, a box of its final size for one in the page's flow so that nothing below it moves).
 */
// React's lazy() takes a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function loadLater<P extends Record<string, any>>(
  load: () => Promise<ComponentType<P>>,
  options: { fallback?: ReactNode } = {},
): LoadedLater<P> {
  // Once the code is here (preloaded, or shown before) the component renders at once: a bare lazy()
  // suspends on its first render even for a module already loaded, and React then holds the screen
  // behind the fallback (up to 300 ms) for nothing.
  let loaded: ComponentType<P> | undefined;
  // Its texts come with it: a Hindi reader's catalogue is fetched when the code registers it, and the
  // component shows when that is in (or failed, when English stands in), never in English first.
  const start = () =>
    load().then(async (component) => {
      await i18n.ready();
      loaded = component;
      return component;
    });
  const Later = lazy(async () => ({ default: await start() }));
  // Settles when the code is here (or failed to come: the render then shows the failure).
  const preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  const hasFallback = 'fallback' in options;
  function LoadedLater(props: P) {
    // Decided once per mount: switching from the lazy wrapper to the component itself would be a new
    // element type, and React would remount the part (a dialog would lose its state).
    const [ready] = useState(() => loaded);
    if (ready) return createElement(ready, props);
    const element = createElement(Later as unknown as ComponentType<P>, props);
    return hasFallback ? createElement(Suspense, { fallback: options.fallback }, element) : element;
  }
  return Object.assign(LoadedLater, { preload });
}

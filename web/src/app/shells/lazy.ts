// The two signed-in shells, loaded the first time a signed-in screen is shown: the landing page,
// sign-in and the public pages never download the sidebar, top bar or driver navigation (#20).
import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

/**
 * A component loaded on first use, with `preload` to start fetching it earlier. Once its code is here
 * it renders at once: a bare lazy() suspends on its first render even when the module was preloaded,
 * and React then holds the screen back behind the fallback (up to 300 ms) for nothing.
 */
// Screens and shells differ in their props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function loadedOrLazy<T extends ComponentType<any>>(load: () => Promise<T>) {
  let loaded: T | undefined;
  const start = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(async () => ({ default: await start() }));
  const Component = (props: ComponentProps<T>) => createElement(loaded ?? Lazy, props);
  return Object.assign(Component, { preload: () => void start().catch(() => undefined) });
}

export const StaffShell = loadedOrLazy(async () => (await import('./staff-shell')).StaffShell);
export const DriverShell = loadedOrLazy(async () => (await import('./driver-shell')).DriverShell);
/** Starts fetching a shell's code before it is rendered (the router's preloadScreen). */
export const preloadShell = (shell: 'staff' | 'driver') => (shell === 'staff' ? StaffShell : DriverShell).preload();

// The shells' navigation links start loading the screen they lead to as soon as the user shows that
// they will open it, not when the router first renders it: the screen's code when the pointer is over
// the link or the link has focus, and its first screen's data too once it is pressed (issue #34: a
// menu tap on a phone used to fetch the screen's code, render it, and only then ask for its data).
// The route table (router.tsx) knows what a screen loads; it provides that here, so that the shells,
// which the route table itself loads, do not import it.
import { createContext, useContext } from 'react';
import { NavLink, type NavLinkProps } from 'react-router-dom';

/** Starts loading the screen at `path`: its code, and with `data` its first screen's data as well. */
export type PreloadScreen = (path: string, data: boolean) => void;

export const ScreenPreload = createContext<PreloadScreen>(() => undefined);

/** A NavLink to a screen of the route table. */
export function ScreenLink({ to, onClick, ...props }: NavLinkProps & { to: string }) {
  const preload = useContext(ScreenPreload);
  return (
    <NavLink
      to={to}
      {...props}
      onPointerEnter={() => preload(to, false)}
      onFocus={() => preload(to, false)}
      // A press is the moment the data is wanted: a tap's release and the click come ~100 ms later.
      onPointerDown={() => preload(to, true)}
      // A keyboard's Enter clicks without a press; the router then renders the screen in this event.
      onClick={(event) => {
        preload(to, true);
        onClick?.(event);
      }}
    />
  );
}

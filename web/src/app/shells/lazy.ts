// The two signed-in shells, loaded the first time a signed-in screen is shown: the landing page,
// sign-in and the public pages never download the sidebar, top bar or driver navigation (#20).
import { loadLater } from '../../lib/load-later';

export const StaffShell = loadLater(async () => (await import('./staff-shell')).StaffShell);
export const DriverShell = loadLater(async () => (await import('./driver-shell')).DriverShell);
/** Starts fetching a shell's code before it is rendered (the router's preloadScreen); settles when it is here. */
export const preloadShell = (shell: 'staff' | 'driver') => (shell === 'staff' ? StaffShell : DriverShell).preload();

// The two signed-in shells, loaded the first time a signed-in screen is shown: the landing page,
// sign-in and the public pages never download the sidebar, top bar or driver navigation (#20).
import { lazy } from 'react';

const staffShell = () => import('./staff-shell');
const driverShell = () => import('./driver-shell');
export const StaffShell = lazy(async () => ({ default: (await staffShell()).StaffShell }));
export const DriverShell = lazy(async () => ({ default: (await driverShell()).DriverShell }));
/** Starts fetching a shell's code before it is rendered (the router's preloadScreen). */
export const preloadShell = (shell: 'staff' | 'driver') => void (shell === 'staff' ? staffShell() : driverShell());

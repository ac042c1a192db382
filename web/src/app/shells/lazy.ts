// The two signed-in shells, loaded the first time a signed-in screen is shown: the landing page,
// sign-in and the public pages never download the sidebar, top bar or driver navigation (#20).
import { lazy } from 'react';

export const StaffShell = lazy(async () => ({ default: (await import('./staff-shell')).StaffShell }));
export const DriverShell = lazy(async () => ({ default: (await import('./driver-shell')).DriverShell }));

// The shell a signed-in user's role gets: the driver shell for the driver role, the staff shell for
// everyone else.
import type { ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { DriverShell, StaffShell } from './lazy';

export function isDriver(user: { role: string } | null) {
  return user?.role === 'driver';
}

export function RoleShell({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return isDriver(user) ? <DriverShell>{children}</DriverShell> : <StaffShell>{children}</StaffShell>;
}

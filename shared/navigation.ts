// The sidebar and the screens it leads to, each with what it requires from the permission module.
// The SPA builds the sidebar and its page guards from this list; the server enforces the same
// permissions on the API routes behind each screen.
import type { CanAccess, Permission } from './roles';

export type Requirement = { permission: Permission } | { flag: keyof Omit<CanAccess, 'readOnly'> };

export interface NavItem {
  id: string;
  /** The spec's English label; the SPA translates by id. */
  label: string;
  path: string;
  requires: Requirement;
}

export interface NavSection {
  id: 'operations' | 'management' | 'settings';
  label: string;
  items: NavItem[];
}

export const NAV_SECTIONS: NavSection[] = [
  {
    id: 'operations',
    label: 'Operations',
    items: [
      { id: 'overview', label: 'Overview', path: '/', requires: { permission: 'dashboard:read' } },
      { id: 'appointments', label: 'Appointments', path: '/scheduling', requires: { permission: 'appointments:read' } },
      { id: 'book-appointment', label: 'Book Appointment', path: '/booking', requires: { permission: 'appointments:book' } },
      { id: 'reschedule', label: 'Reschedule', path: '/reschedule', requires: { permission: 'reschedules:request' } },
      { id: 'live-tracking', label: 'Live Tracking', path: '/yard', requires: { permission: 'yard:read' } },
      { id: 'driver-app', label: 'Driver Mobile App', path: '/driver', requires: { flag: 'driverMobile' } },
      { id: 'checkin', label: 'Check-in', path: '/checkin', requires: { permission: 'checkins:write' } },
    ],
  },
  {
    id: 'management',
    label: 'Management',
    items: [
      { id: 'facilities', label: 'Facilities', path: '/facilities', requires: { permission: 'facilities:read' } },
      { id: 'wms', label: 'Warehouse Management', path: '/wms', requires: { flag: 'wms' } },
      { id: 'carriers', label: 'Carriers', path: '/carriers', requires: { permission: 'carriers:read' } },
      { id: 'reports', label: 'Reports', path: '/analytics', requires: { flag: 'analytics' } },
      { id: 'integrations', label: 'Integrations', path: '/integrations', requires: { flag: 'adminPanel' } },
      { id: 'test-auth', label: 'Test User Roles', path: '/test-auth', requires: { flag: 'adminPanel' } },
    ],
  },
  {
    id: 'settings',
    label: 'Settings',
    items: [
      { id: 'configuration', label: 'Configuration', path: '/configuration', requires: { permission: 'settings:configure' } },
      { id: 'users', label: 'Users', path: '/users', requires: { permission: 'users:manage' } },
    ],
  },
];

interface Grants {
  permissions: readonly string[];
  canAccess: CanAccess;
}

export function meets(user: Grants | null | undefined, requirement: Requirement): boolean {
  if (!user) return false;
  return 'permission' in requirement ? user.permissions.includes(requirement.permission) : user.canAccess[requirement.flag];
}

/** The sidebar a user sees: visible items only, and no section left empty. */
export function visibleNavigation(user: Grants | null | undefined): NavSection[] {
  return NAV_SECTIONS.map((s) => ({ ...s, items: s.items.filter((i) => meets(user, i.requires)) })).filter((s) => s.items.length > 0);
}

/** What a screen requires, by path; the role test page and unknown paths need only a session. */
export function requirementOf(path: string): Requirement | null {
  if (path === '/' || path === '/test-auth') return null;
  for (const section of NAV_SECTIONS) for (const item of section.items) if (item.path === path) return item.requires;
  return null;
}

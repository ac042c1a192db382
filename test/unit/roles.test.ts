import { describe, expect, it } from 'vitest';
import {
  canAccessFor,
  hasRole,
  permissionsFor,
  PLATFORM_ROLES,
  REGISTRATION_ROLES,
  ROLE_PERMISSIONS,
  ROLES,
} from '../../shared/roles';

describe('roles module', () => {
  it('gives every role, platform and registration, a permission set', () => {
    // Assess
    for (const role of [...PLATFORM_ROLES, ...Object.values(REGISTRATION_ROLES).flat()]) {
      expect(ROLES).toContain(role);
      expect(ROLE_PERMISSIONS[role].length).toBeGreaterThan(0);
    }
  });

  it('derives the canAccess flags of the five sample roles', () => {
    // Act
    const flags = Object.fromEntries(PLATFORM_ROLES.map((r) => [r, canAccessFor(permissionsFor([r]))]));
    // Assess
    expect(flags.admin).toEqual({ adminPanel: true, wms: true, analytics: true, driverMobile: true, readOnly: false });
    expect(flags.operations).toEqual({
      adminPanel: false,
      wms: true,
      analytics: true,
      driverMobile: false,
      readOnly: false,
    });
    expect(flags.yard_manager).toEqual({
      adminPanel: false,
      wms: false,
      analytics: true,
      driverMobile: false,
      readOnly: false,
    });
    expect(flags.driver).toEqual({
      adminPanel: false,
      wms: false,
      analytics: false,
      driverMobile: true,
      readOnly: false,
    });
    expect(flags.spectator).toEqual({
      adminPanel: false,
      wms: true,
      analytics: true,
      driverMobile: false,
      readOnly: true,
    });
  });

  it('gives read-only roles the check-in read permission, never the write one', () => {
    // Act
    const spectator = permissionsFor(['spectator']);
    // Assess
    expect(spectator).toContain('checkins:read');
    expect(spectator).not.toContain('checkins:write');
    expect(canAccessFor(spectator).readOnly).toBe(true);
  });

  it('lets every role that sees the dashboard read what its panels load', () => {
    // Prepare: metrics and notifications, today's schedule, recent check-ins, the live yard.
    const panelReads = ['dashboard:read', 'reference:read', 'checkins:read', 'yard:read'];
    // Act
    const dashboardRoles = ROLES.filter((r) => permissionsFor([r]).includes('dashboard:read'));
    // Assess
    expect(dashboardRoles).toEqual(expect.arrayContaining(['admin', 'operations', 'yard_manager', 'spectator']));
    for (const role of dashboardRoles) expect(permissionsFor([role]), role).toEqual(expect.arrayContaining(panelReads));
  });

  it('unions the permissions of several roles and ignores unknown ones', () => {
    // Act
    const permissions = permissionsFor(['spectator', 'driver', 'no_such_role']);
    // Assess
    expect(permissions).toContain('wms:read');
    expect(permissions).toContain('driver:self');
    expect(permissions).not.toContain('wms:write');
  });

  it('has no permissions and all flags off for a user without roles', () => {
    expect(canAccessFor(permissionsFor([]))).toEqual({
      adminPanel: false,
      wms: false,
      analytics: false,
      driverMobile: false,
      readOnly: false,
    });
  });

  it('hasRole checks the roles list and the single role', () => {
    expect(hasRole({ role: 'operations', roles: ['operations', 'driver'] }, 'driver')).toBe(true);
    expect(hasRole({ role: 'admin' }, 'admin')).toBe(true);
    expect(hasRole({ role: 'admin', roles: [] }, 'driver')).toBe(false);
    expect(hasRole(null, 'admin')).toBe(false);
  });
});

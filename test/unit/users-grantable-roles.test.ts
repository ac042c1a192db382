// Issue #29.2: the one rule for what an approver may grant (no more than they hold) and what an
// approved account is linked to (a driver record, a carrier, or nothing for staff).
import { describe, expect, it } from 'vitest';
import { bookingLinkFor, grantableRoles, permissionsFor } from '../../shared/roles';

describe('the roles an approver may grant', () => {
  it('lets a hub admin grant every role', () => {
    expect(grantableRoles(permissionsFor(['admin'])).sort()).toEqual(
      [
        'admin',
        'driver',
        'freight_forwarder',
        'logistics_coordinator',
        'operations',
        'operations_manager',
        'security_officer',
        'spectator',
        'tenant_admin',
        'tenant_operator',
        'transporter_company',
        'truck_owner',
        'vendor_supplier',
        'warehouse_manager',
        'yard_manager',
      ].sort(),
    );
  });

  it('lets an approver holding only a booker’s permissions grant only the plain booker roles', () => {
    expect(grantableRoles(['reference:read', 'appointments:book', 'reschedules:request']).sort()).toEqual(
      [
        'freight_forwarder',
        'logistics_coordinator',
        'tenant_operator',
        'transporter_company',
        'truck_owner',
        'vendor_supplier',
      ].sort(),
    );
  });

  it('grants nothing to an approver without permissions', () => {
    expect(grantableRoles([])).toEqual([]);
  });
});

describe('what an approved account is linked to', () => {
  it('links a driver to a driver record', () => {
    expect(bookingLinkFor(['driver'])).toBe('driver');
  });

  it.each(['truck_owner', 'transporter_company', 'tenant_admin', 'freight_forwarder'])(
    'links a %s to a carrier',
    (role) => {
      expect(bookingLinkFor([role])).toBe('carrier');
    },
  );

  it.each(['admin', 'operations', 'yard_manager', 'spectator', 'warehouse_manager', 'security_officer'])(
    'links a %s (staff, or no booking) to nothing',
    (role) => {
      expect(bookingLinkFor([role])).toBeNull();
    },
  );
});

// Roles -> permissions -> canAccess flags. The one module that decides who may do what:
// the session answer, the sidebar and every server-side route check read it.

export const PERMISSIONS = [
  'dashboard:read',
  'reference:read',
  'appointments:read',
  'appointments:write',
  'appointments:book',
  'reschedules:request',
  'reschedules:decide',
  'checkins:read',
  'checkins:write',
  'yard:read',
  'yard:write',
  'facilities:read',
  'facilities:write',
  'carriers:read',
  'carriers:write',
  'analytics:read',
  'integrations:manage',
  'users:manage',
  'wms:read',
  'wms:write',
  'messaging:send',
  'settings:configure',
  'driver:self',
  'admin:panel',
  'inquiries:read',
  // Gate compliance (#21): the ULIP account and rules (admin), letting a held truck through (yard manager, admin).
  'gate:configure',
  'gate:override',
  // The tenant's plan is the platform's billing to change (issue #28.11): no tenant role holds it, so a
  // tenant admin cannot end its own trial; the platform's operators and billing sit outside the tenants.
  'platform:billing',
  // A carrier of the platform (issue #59), outside every tenant: only its own people hold these, never a
  // hub's role (see CARRIER_IDENTITY_ROLE_PERMISSIONS below).
  'identity:read',
  'identity:book',
  'identity:manage',
  'identity:wallet',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The five platform roles (the sample accounts and the test page use exactly these). */
export const PLATFORM_ROLES = ['admin', 'operations', 'yard_manager', 'driver', 'spectator'] as const;

/** Role choices offered at registration, per user type. */
export const REGISTRATION_ROLES = {
  dockyard_employee: ['yard_manager', 'operations_manager', 'warehouse_manager', 'security_officer', 'admin'],
  internal_user: ['tenant_admin', 'tenant_operator', 'vendor_supplier', 'logistics_coordinator'],
  external_user: ['driver', 'truck_owner', 'transporter_company', 'freight_forwarder'],
} as const;
export type UserType = keyof typeof REGISTRATION_ROLES;

export const ROLES = [
  ...PLATFORM_ROLES,
  'operations_manager',
  'warehouse_manager',
  'security_officer',
  'tenant_admin',
  'tenant_operator',
  'vendor_supplier',
  'logistics_coordinator',
  'truck_owner',
  'transporter_company',
  'freight_forwarder',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * Roles only an existing administrator grants (at approval, by invitation), never chosen at
 * registration: the spec lists them among the registration choices, but a registrant picking their
 * own power is a hole (issue #28.5). The role a registrant asks for is a suggestion the approver may change.
 */
export const ADMINISTRATOR_GRANTED_ROLES: readonly Role[] = ['admin', 'tenant_admin'];

/** The roles a registrant of the user type may ask for. */
export const selfChosenRoles = (userType: UserType): Role[] =>
  REGISTRATION_ROLES[userType].filter((r) => !ADMINISTRATOR_GRANTED_ROLES.includes(r));

// Staff who may see the dashboard read what its panels show, check-ins included (spectator too).
const READ_STAFF: Permission[] = [
  'dashboard:read',
  'reference:read',
  'appointments:read',
  'checkins:read',
  'yard:read',
  'facilities:read',
  'analytics:read',
];
const EXTERNAL_BOOKER: Permission[] = ['reference:read', 'appointments:book', 'reschedules:request'];
const OPERATIONS: Permission[] = [
  ...READ_STAFF,
  'appointments:write',
  'appointments:book',
  'reschedules:request',
  'reschedules:decide',
  'checkins:write',
  'yard:write',
  'facilities:write',
  'carriers:read',
  'carriers:write',
  'wms:read',
  'wms:write',
  'messaging:send',
  'settings:configure',
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  // A hub's admin holds every permission of the hub, none of the platform's.
  admin: PERMISSIONS.filter((p) => !p.startsWith('platform:') && !p.startsWith('identity:')),
  operations: OPERATIONS,
  operations_manager: OPERATIONS,
  yard_manager: [
    ...READ_STAFF,
    'appointments:write',
    'appointments:book',
    'reschedules:request',
    'reschedules:decide',
    'checkins:write',
    'yard:write',
    'carriers:read',
    'messaging:send',
    'gate:override',
  ],
  warehouse_manager: [...READ_STAFF, 'wms:read', 'wms:write'],
  security_officer: [
    'dashboard:read',
    'reference:read',
    'appointments:read',
    'checkins:read',
    'yard:read',
    'checkins:write',
  ],
  spectator: [...READ_STAFF, 'wms:read'],
  tenant_admin: [...EXTERNAL_BOOKER, 'appointments:read'],
  tenant_operator: [...EXTERNAL_BOOKER],
  vendor_supplier: [...EXTERNAL_BOOKER],
  logistics_coordinator: [...EXTERNAL_BOOKER],
  driver: [...EXTERNAL_BOOKER, 'checkins:read', 'checkins:write', 'driver:self'],
  truck_owner: [...EXTERNAL_BOOKER],
  transporter_company: [...EXTERNAL_BOOKER],
  freight_forwarder: [...EXTERNAL_BOOKER],
};

/**
 * The people of a platform carrier (issue #59), signed in outside any tenant: the owner manages its hubs
 * and people and books; a dispatcher books and reads; a driver holds the pass wallet. None is a hub role
 * (not in ROLES), so no hub can grant one.
 */
export const CARRIER_IDENTITY_ROLE_PERMISSIONS = {
  owner: ['identity:read', 'identity:book', 'identity:manage'],
  dispatcher: ['identity:read', 'identity:book'],
  driver: ['identity:wallet'],
} as const satisfies Record<string, readonly Permission[]>;

/** Permissions that change data; a role holding none of them is read-only. */
const WRITE_PERMISSIONS = new Set<Permission>(
  PERMISSIONS.filter(
    (p) =>
      p.endsWith(':write') ||
      p.endsWith(':book') ||
      p.endsWith(':request') ||
      p.endsWith(':decide') ||
      p.endsWith(':manage') ||
      p.endsWith(':send') ||
      p.endsWith(':configure'),
  ),
);

export interface CanAccess {
  adminPanel: boolean;
  wms: boolean;
  analytics: boolean;
  driverMobile: boolean;
  readOnly: boolean;
}

export const NO_ACCESS: CanAccess = {
  adminPanel: false,
  wms: false,
  analytics: false,
  driverMobile: false,
  readOnly: false,
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function permissionsFor(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of roles) if (isRole(role)) for (const p of ROLE_PERMISSIONS[role]) granted.add(p);
  return PERMISSIONS.filter((p) => granted.has(p));
}

export function canAccessFor(permissions: readonly Permission[]): CanAccess {
  const has = (p: Permission) => permissions.includes(p);
  return {
    adminPanel: has('admin:panel'),
    wms: has('wms:read'),
    analytics: has('analytics:read'),
    driverMobile: has('driver:self'),
    readOnly: permissions.length > 0 && !permissions.some((p) => WRITE_PERMISSIONS.has(p)),
  };
}

/**
 * The roles an approver may grant: those whose every permission the approver holds, so no one hands out
 * more than they have (issue #29.2). The approval screen offers exactly these; the server refuses any other.
 */
export function grantableRoles(approverPermissions: readonly Permission[]): Role[] {
  return ROLES.filter((role) => ROLE_PERMISSIONS[role].every((p) => approverPermissions.includes(p)));
}

/**
 * What an account of these roles books for once approved (issue #14.1): a driver for a driver record, any
 * other booker that does not act for everyone for a carrier; staff for no one in particular (null).
 */
export function bookingLinkFor(roles: readonly string[]): 'driver' | 'carrier' | null {
  const permissions = permissionsFor(roles);
  if (!permissions.includes('appointments:book') || permissions.includes('appointments:write')) return null;
  return roles.includes('driver') ? 'driver' : 'carrier';
}

/** True if the roles list contains the role or the single role equals it. */
export function hasRole(user: { role?: string; roles?: readonly string[] } | null | undefined, role: string): boolean {
  if (!user) return false;
  return user.role === role || (user.roles ?? []).includes(role);
}

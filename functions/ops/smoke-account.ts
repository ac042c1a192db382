// The post-deploy smoke test's account (scripts/smoke.ts, docs/operations.md "What the smoke test
// proves"), made by the deploy (lib/smoke-account.ts) and by the local seed alike. It lives in a tenant
// of its own with one facility and one carrier, so its booking-and-cancel never touches a paying hub.
// Its roles are the least that let it walk the read paths and book: spectator (read-only staff) plus
// vendor_supplier, a carrier-side booker who books and cancels only for the carrier its account is
// linked to (shared/access.ts); neither may change a facility, a user, a setting or a status.
// Idempotent: a second run creates nothing, and only sets the password again when it changed.
import { ConflictError } from '../lib/errors';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { createCarrier } from '../carriers';
import { createFacility } from '../facilities';
import { putTenantIfAbsent } from '../tenancy';
import { createUser, findUserByIdentifier, saveUser, type User } from '../users';
import { DEFAULT_TIME_ZONE } from '../../shared/time';

export const SMOKE_TENANT_ID = 'smoke';
export const SMOKE_FACILITY_ID = 'smoke-facility';
export const SMOKE_CARRIER_ID = 'smoke-carrier';
export const SMOKE_USERNAME = 'smoke';
const SMOKE_ROLE = 'spectator';
const SMOKE_EXTRA_ROLES = ['vendor_supplier'];

export interface SmokeAccountResult {
  created: boolean;
  passwordSet: boolean;
}

async function unlessExists(step: () => Promise<unknown>) {
  try {
    await step();
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
  }
}

/** The account's roles and link as they must be, whatever an administrator changed meanwhile. */
const accountShape = (passwordHash: string) => ({
  role: SMOKE_ROLE,
  extraRoles: SMOKE_EXTRA_ROLES,
  carrierId: SMOKE_CARRIER_ID,
  driverId: null,
  status: 'active' as const,
  isVerified: true,
  passwordHash,
});

export async function ensureSmokeAccount(password: string, now = new Date()): Promise<SmokeAccountResult> {
  const t = SMOKE_TENANT_ID;
  await putTenantIfAbsent({
    id: t,
    name: 'DockSaathi smoke test',
    createdAt: now.toISOString(),
    defaultFacilityId: SMOKE_FACILITY_ID,
  });
  await unlessExists(() =>
    createFacility(
      t,
      {
        name: 'Smoke Test Facility',
        address: 'Not a real place: used by the post-deploy smoke test',
        city: 'Mumbai',
        state: 'Maharashtra',
        country: 'India',
        zipCode: '400001',
        contactEmail: 'smoke@docksaathi.invalid',
        contactPhone: '+912200000000',
        operatingHoursStart: '08:00',
        operatingHoursEnd: '18:00',
        timeZone: DEFAULT_TIME_ZONE,
        totalDockDoors: 0,
        slotMinutes: 60,
        slotCapacity: 3,
      },
      null,
      { id: SMOKE_FACILITY_ID },
      now,
    ),
  );
  await unlessExists(() =>
    createCarrier(
      t,
      {
        name: 'Smoke Test Carrier',
        contactEmail: 'smoke-carrier@docksaathi.invalid',
        contactPhone: '+912200000001',
        serviceTypes: ['FTL'],
        gstin: null,
      },
      null,
      { id: SMOKE_CARRIER_ID },
      now,
    ),
  );

  const existing = await findUserByIdentifier(SMOKE_USERNAME);
  if (existing && existing.tenantId !== t)
    throw new Error(`The username ${SMOKE_USERNAME} belongs to another tenant (${existing.tenantId}); not touching it`);
  if (!existing) {
    await createUser(
      {
        tenantId: t,
        username: SMOKE_USERNAME,
        email: 'smoke@docksaathi.invalid',
        phoneNumber: null,
        firstName: 'Smoke',
        lastName: 'Test',
        profileImageUrl: null,
        userType: 'internal_user',
        ...accountShape(await hashPassword(password)),
      },
      null,
      now,
    );
    return { created: true, passwordSet: true };
  }
  const samePassword = await verifyPassword(password, existing.passwordHash);
  const changed: User = {
    ...existing,
    ...accountShape(samePassword ? existing.passwordHash : await hashPassword(password)),
  };
  const drifted =
    (['role', 'carrierId', 'status'] as const).some((k) => existing[k] !== changed[k]) ||
    existing.extraRoles.join() !== SMOKE_EXTRA_ROLES.join();
  if (!samePassword || drifted) await saveUser(existing, changed, null, 'user.smoke-account-set', now);
  return { created: false, passwordSet: !samePassword };
}

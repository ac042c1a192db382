// Demo data for the local stack and the tests: one tenant, one facility and the five sample
// accounts. Idempotent: running it again changes nothing. Never run by a production deploy.
import { hashPassword } from '../lib/passwords';
import { putTenantIfAbsent } from '../repositories/tenants';
import { putFacilityIfAbsent } from '../repositories/facilities';
import { createUser, findUserByIdentifier } from '../repositories/users';
import { DEFAULT_TIME_ZONE } from '../../shared/product';

export const DEMO_TENANT_ID = 'demo';
export const DEMO_FACILITY_ID = 'bhiwandi-dc';
export const DEMO_PASSWORD = 'Demo@12345';

export const DEMO_ACCOUNTS = [
  { username: 'admin', role: 'admin', firstName: 'Aarav', lastName: 'Sharma', phoneNumber: '+919800000001', userType: 'dockyard_employee' },
  { username: 'operations', role: 'operations', firstName: 'Priya', lastName: 'Nair', phoneNumber: '+919800000002', userType: 'dockyard_employee' },
  { username: 'yard_manager', role: 'yard_manager', firstName: 'Rohit', lastName: 'Verma', phoneNumber: '+919800000003', userType: 'dockyard_employee' },
  { username: 'driver', role: 'driver', firstName: 'Suresh', lastName: 'Kumar', phoneNumber: '+919800000004', userType: 'external_user' },
  { username: 'spectator', role: 'spectator', firstName: 'Meera', lastName: 'Iyer', phoneNumber: '+919800000005', userType: 'dockyard_employee' },
] as const;

export async function seedDemoData(): Promise<{ created: boolean }> {
  const now = new Date().toISOString();
  const created = await putTenantIfAbsent({ id: DEMO_TENANT_ID, name: 'Demo Logistics Pvt Ltd', createdAt: now });
  await putFacilityIfAbsent({
    id: DEMO_FACILITY_ID,
    tenantId: DEMO_TENANT_ID,
    name: 'Bhiwandi Distribution Centre',
    address: 'Plot 14, Mumbai-Nashik Highway, Vadpe',
    city: 'Bhiwandi',
    state: 'Maharashtra',
    country: 'India',
    zipCode: '421302',
    contactEmail: 'dock.bhiwandi@demo.docksaathi.in',
    contactPhone: '+912522000000',
    operatingHoursStart: '08:00',
    operatingHoursEnd: '18:00',
    timeZone: DEFAULT_TIME_ZONE,
    totalDockDoors: 12,
    isActive: true,
    createdAt: now,
  });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByIdentifier(account.username)) continue;
    await createUser(
      {
        tenantId: DEMO_TENANT_ID,
        username: account.username,
        email: `${account.username.replace('_', '.')}@demo.docksaathi.in`,
        phoneNumber: account.phoneNumber,
        firstName: account.firstName,
        lastName: account.lastName,
        profileImageUrl: null,
        role: account.role,
        extraRoles: [],
        userType: account.userType,
        status: 'active',
        isVerified: true,
        passwordHash,
      },
      null,
    );
  }
  return { created };
}

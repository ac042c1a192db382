// Demo data for the local stack and the tests: one tenant, its facility with 12 dock doors, 20 yard
// spots, labour and equipment, a holiday, 3 carriers with drivers, and the five sample accounts.
// Idempotent: every item has a fixed id and an existing one is left as it is. Never run by a
// production deploy.
import { hashPassword } from '../lib/passwords';
import { ConflictError } from '../lib/errors';
import { putTenantIfAbsent } from '../tenancy';
import { createFacility, ensureFacilityLink } from '../facilities';
import { createDockDoor } from '../facilities';
import { createYardSpot } from '../yard';
import { createCarrier, createDriver } from '../carriers';
import { recordConsent } from '../consent';
import { NOTICE_VERSION, type Consent } from '../../shared/contracts/privacy-notice';
import { createResource } from '../facilities';
import { createHoliday } from '../facilities';
import { createUser, findUserByIdentifier } from '../users';
import { seedDemoDltRegistration } from '../messaging';
import { addDays, localDateTime, DEFAULT_TIME_ZONE } from '../../shared/time';
import { DEMO_FACILITY_ID, DEMO_FACILITY_LINK, DEMO_TENANT_ID } from './demo-ids';
import { seedDemoWarehouse } from './demo-wms';
import { ensureSmokeAccount, LOCAL_SMOKE_PASSWORD } from '../ops';

export { DEMO_FACILITY_ID, DEMO_TENANT_ID };
export const DEMO_PASSWORD = 'Demo@12345';

export const DEMO_ACCOUNTS = [
  {
    username: 'admin',
    role: 'admin',
    firstName: 'Aarav',
    lastName: 'Sharma',
    phoneNumber: '+919800000001',
    userType: 'dockyard_employee',
  },
  {
    username: 'operations',
    role: 'operations',
    firstName: 'Priya',
    lastName: 'Nair',
    phoneNumber: '+919800000002',
    userType: 'dockyard_employee',
  },
  {
    username: 'yard_manager',
    role: 'yard_manager',
    firstName: 'Rohit',
    lastName: 'Verma',
    phoneNumber: '+919800000003',
    userType: 'dockyard_employee',
  },
  {
    username: 'driver',
    role: 'driver',
    firstName: 'Suresh',
    lastName: 'Kumar',
    phoneNumber: '+919800000004',
    userType: 'external_user',
  },
  {
    username: 'spectator',
    role: 'spectator',
    firstName: 'Meera',
    lastName: 'Iyer',
    phoneNumber: '+919800000005',
    userType: 'dockyard_employee',
  },
] as const;

const DOORS = Array.from({ length: 12 }, (_, i) => {
  const n = i + 1;
  const doorType = n <= 8 ? 'standard' : n <= 10 ? 'refrigerated' : n === 11 ? 'oversized' : 'hazmat';
  return {
    id: `door-${String(n).padStart(2, '0')}`,
    doorNumber: `D${String(n).padStart(2, '0')}`,
    doorType,
    status: n === 7 ? 'maintenance' : 'available',
  } as const;
});

const OCCUPIED_SPOTS: Record<number, string> = { 2: 'MH12CD5678', 5: 'GJ05EF9012', 9: 'KA01GH3456' };

const CARRIERS = [
  {
    id: 'carrier-sahyadri',
    name: 'Sahyadri Roadways',
    contactEmail: 'dispatch@sahyadri-roadways.in',
    contactPhone: '+912226001100',
    serviceTypes: ['FTL', 'LTL', 'Local Delivery'],
    drivers: [
      { id: 'driver-suresh', name: 'Suresh Kumar', phone: '+919800000004', licenseNumber: 'MH0420190012345' },
      { id: 'driver-manoj', name: 'Manoj Patil', phone: '+919812300001', licenseNumber: 'MH1220180054321' },
    ],
  },
  {
    id: 'carrier-ganga',
    name: 'Ganga Freight Carriers',
    contactEmail: 'ops@gangafreight.in',
    contactPhone: '+915422500200',
    serviceTypes: ['FTL', 'Refrigerated', 'Expedited'],
    drivers: [
      {
        id: 'driver-ajay',
        name: 'Ajay Yadav',
        phone: '+919812300002',
        licenseNumber: 'UP6520170011111',
        preferredLanguage: 'hi' as const,
        preferredChannels: ['sms' as const, 'whatsapp' as const],
      },
      { id: 'driver-ravi', name: 'Ravi Shankar', phone: '+919812300003', licenseNumber: 'BR0120200022222' },
    ],
  },
  {
    id: 'carrier-deccan',
    name: 'Deccan Express Logistics',
    contactEmail: 'control@deccanexpress.in',
    contactPhone: '+914023300300',
    serviceTypes: ['Hazmat', 'Intermodal', 'Cross Docking'],
    drivers: [
      { id: 'driver-imran', name: 'Imran Khan', phone: '+919812300004', licenseNumber: 'TS0920160033333' },
      { id: 'driver-venkat', name: 'Venkatesh Rao', phone: '+919812300005', licenseNumber: 'KA0320190044444' },
    ],
  },
];

const DEMO_DRIVER_CONSENT: Consent = {
  noticeVersion: NOTICE_VERSION,
  language: 'en',
  messaging: { sms: true, whatsapp: true },
};

/** Runs a seed step; an item that already exists is left alone. */
async function once(step: () => Promise<unknown>) {
  try {
    await step();
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
  }
}

export async function seedDemoData(now = new Date()): Promise<{ created: boolean }> {
  const t = DEMO_TENANT_ID;
  const f = DEMO_FACILITY_ID;
  const created = await putTenantIfAbsent({ id: t, name: 'Demo Logistics Pvt Ltd', createdAt: now.toISOString() });
  await once(() =>
    createFacility(
      t,
      {
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
        slotMinutes: 60,
        slotCapacity: 3,
      },
      null,
      { id: f },
    ),
  );
  await ensureFacilityLink(t, f, DEMO_FACILITY_LINK);
  for (const door of DOORS) {
    await once(() =>
      createDockDoor(
        t,
        {
          facilityId: f,
          doorNumber: door.doorNumber,
          doorType: door.doorType,
          maxVehicleHeight: 13.5,
          maxVehicleWidth: door.doorType === 'oversized' ? 12 : 8.5,
          status: door.status,
        },
        null,
        { id: door.id },
      ),
    );
  }
  for (let n = 1; n <= 20; n++) {
    const asset = OCCUPIED_SPOTS[n];
    await once(() =>
      createYardSpot(t, f, `Y${String(n).padStart(2, '0')}`, null, {
        id: `spot-${String(n).padStart(2, '0')}`,
        status: asset ? 'occupied' : n === 14 ? 'maintenance' : 'empty',
        currentAssetId: asset ?? null,
      }),
    );
  }
  for (const [id, name, specialization] of [
    ['labor-ramesh', 'Ramesh Yadav', 'Unloading'],
    ['labor-sunita', 'Sunita Pawar', 'Cold chain'],
    ['labor-imran', 'Imran Shaikh', 'Hazmat handling'],
  ] as const) {
    await once(() => createResource(t, f, 'labor', { name, specialization }, null, { id }));
  }
  for (const [id, name, type, capacity] of [
    ['equip-fl01', 'Forklift FL-01', 'Forklift', '2.5 t'],
    ['equip-pj03', 'Pallet jack PJ-03', 'Pallet jack', '2 t'],
    ['equip-rt01', 'Reach truck RT-01', 'Reach truck', '1.6 t'],
    ['equip-dl02', 'Dock leveller DL-02', 'Dock leveller', '6 t'],
  ] as const) {
    await once(() => createResource(t, f, 'equipment', { name, type, capacity, notes: null }, null, { id }));
  }
  if (created) {
    const today = localDateTime(now, DEFAULT_TIME_ZONE).date;
    await once(() =>
      createHoliday(t, { facilityId: f, holidayDate: addDays(today, 7), name: 'Facility maintenance shutdown' }, null),
    );
  }
  for (const carrier of CARRIERS) {
    const { drivers, id, ...fields } = carrier;
    await once(() => createCarrier(t, { gstin: null, ...fields }, null, { id }));
    for (const driver of drivers) {
      await once(() => createDriver(t, { carrierId: id, ...driver }, null, { id: driver.id }));
      // The demo drivers signed up agreeing to SMS and WhatsApp (issue #36: no WhatsApp without it).
      if (created) await recordConsent(t, driver.phone, DEMO_DRIVER_CONSENT, 'driver_signup', null, now);
    }
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByIdentifier(account.username)) continue;
    await createUser(
      {
        tenantId: t,
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
        ...(account.role === 'driver' ? { driverId: 'driver-suresh', carrierId: 'carrier-sahyadri' } : {}),
      },
      null,
    );
  }
  await seedDemoWarehouse(t, f, 'Bhiwandi Distribution Centre', now);
  // Demo-only DLT ids (all zeros; the screens say so): the demo's SMS show in the local sink with the DLT fields where real ones go.
  await once(() => seedDemoDltRegistration(t, now));
  await ensureSmokeAccount(LOCAL_SMOKE_PASSWORD, now);
  return { created };
}

// Check-in helpers shared by the check-in test files. Check-in depends on the facility's local
// time (its day only, from two hours before the start), so the tests book at a facility whose
// clock they know: open round the clock, in the whole-hour time zone where it is 10:xx right now.
import { expect } from 'vitest';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { addDays, fromMinutes, localDateTime, toMinutes } from '../../shared/time';
import { Client as ApiClient, type Client } from './api';

export const tomorrowInIndia = addDays(localDateTime(new Date(), 'Asia/Kolkata').date, 1);

/** A staff booking for the `driver` account (Suresh Kumar of Sahyadri), tomorrow 09:00 at Bhiwandi unless overridden. */
export async function bookFor(staff: Client, over: Record<string, unknown> = {}) {
  const res = await staff.post('/api/appointments', {
    facilityId: DEMO_FACILITY_ID,
    carrierId: 'carrier-sahyadri',
    driverId: 'driver-suresh',
    scheduledDate: tomorrowInIndia,
    scheduledTimeStart: '09:00',
    scheduledTimeEnd: '10:00',
    ...over,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The whole-hour time zone in which it is 10:xx now (Etc/GMT-N is N hours ahead of UTC). */
export function zoneAtTenNow(now = new Date()): string {
  let offset = (10 - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/**
 * A new facility where it is 10:xx now, with doors H1, H2 and H9 (under maintenance): today a
 * 12:00 appointment is due (check-in opens at 10:00) and its arrival early; a 14:00 one is not due yet.
 */
export async function openHub(staff: Client, name: string) {
  const timeZone = zoneAtTenNow();
  const created = await staff.post('/api/facilities', {
    name,
    address: 'Plot 1, MIDC',
    operatingHoursStart: '00:00',
    operatingHoursEnd: '23:45',
    timeZone,
  });
  expect(created.status, created.text).toBe(201);
  const facility = created.body;
  const door = async (doorNumber: string, status = 'available') =>
    (await staff.post('/api/dock-doors', { facilityId: facility.id, doorNumber, status })).body;
  const doors = { h1: await door('H1'), h2: await door('H2'), broken: await door('H9', 'maintenance') };
  const local = () => localDateTime(new Date(), timeZone);
  /** Books the driver account's appointment today at `start` for an hour. */
  const appointment = (start: string, over: Record<string, unknown> = {}) =>
    bookFor(staff, {
      facilityId: facility.id,
      scheduledDate: local().date,
      scheduledTimeStart: start,
      scheduledTimeEnd: fromMinutes(toMinutes(start) + 60),
      ...over,
    });
  return { facility, doors, local, appointment };
}

/** The next quarter hour after a local time, as 'HH:mm' (strictly after: at 10:30 it is 10:45, a start not yet passed). */
export const nextQuarter = (time: string) => fromMinutes(Math.floor(toMinutes(time) / 15) * 15 + 15);

/** The token of a facility's gate QR code. */
export const qrToken = async (staff: Client, facilityId: string) =>
  new URL((await staff.get(`/api/facilities/${facilityId}/qr-code`)).body.checkinUrl).searchParams.get('t')!;

/** A guest slot booking body (a driver booking for themself); `facility` is the booking link's 'tenant/facility'. */
export const guestBooking = (slotId: string, mobileNumber: string, facility?: string) => ({
  ownerType: 'Driver',
  vehicleNumber: 'MH43QR0001',
  vehicleType: 'Truck',
  capacityTons: 5,
  driverName: 'Qr Driver',
  driverLicense: 'L1',
  mobileNumber,
  expectedArrivalDate: new Date().toISOString(),
  slotId,
  ...(facility ? { facility } : {}),
});

/** An operations user of another tenant ('other'), signed in. */
export async function outsiderClient(url: string): Promise<Client> {
  const { putTenantIfAbsent } = await import('../../functions/tenancy/tenant.store');
  const { createUser, findUserByIdentifier } = await import('../../functions/users/user.store');
  const { hashPassword } = await import('../../functions/lib/passwords');
  await putTenantIfAbsent({ id: 'other', name: 'Other Co', createdAt: new Date().toISOString() });
  if (!(await findUserByIdentifier('other-ops'))) {
    await createUser(
      {
        tenantId: 'other',
        username: 'other-ops',
        email: 'ops@other.in',
        phoneNumber: null,
        firstName: 'O',
        lastName: 'P',
        profileImageUrl: null,
        role: 'operations',
        extraRoles: [],
        userType: 'dockyard_employee',
        status: 'active',
        isVerified: true,
        passwordHash: await hashPassword('Other@12345'),
      },
      null,
    );
  }
  const outsider = new ApiClient(url);
  await outsider.signIn('other-ops', 'Other@12345');
  return outsider;
}

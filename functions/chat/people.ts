// Who writes from a number (issue #56): a known driver (an account of the tenant whose login number it is,
// with its driver record and carrier), or nobody known; and the bookings of the number, which are all a
// chat may ever show or change: the known driver's and those booked with this number. Nothing else.
import { normalizePhone, findUserByIdentifier } from '../users';
import { getCarrier, getDriver, type Driver } from '../carriers';
import { listAppointmentsByPhone, listDriverAppointments } from '../appointments';
import { getFacility } from '../facilities';
import { facilityClock } from '../../shared/time';
import { driverLanguage } from '../../shared/contracts/driver-reach';
import type { Actor } from '../lib/audit';
import type { Appointment } from '../../shared/contracts/appointments';
import type { Language } from '../../shared/contracts/messaging-templates';

export interface Person {
  driver: Driver | null;
  carrier: { id: string; name: string } | null;
  /** The language the driver chose in the product (their messages' language), if any. */
  language: Language | null;
}

const NOBODY: Person = { driver: null, carrier: null, language: null };

/** The person a number names in the tenant. */
export async function personOf(tenantId: string, phone: string): Promise<Person> {
  const user = await findUserByIdentifier(phone);
  if (!user || user.tenantId !== tenantId || user.status !== 'active' || !user.driverId || !user.carrierId)
    return NOBODY;
  const [driver, carrier] = await Promise.all([
    getDriver(tenantId, user.carrierId, user.driverId),
    getCarrier(tenantId, user.carrierId),
  ]);
  return {
    driver,
    carrier: carrier && { id: carrier.id, name: carrier.name },
    // A known driver is not asked: their messages' language (driverLanguage: English unless they chose).
    language: driver ? driverLanguage(driver) : (user.language ?? null),
  };
}

/** The actor a chat's change is recorded under: the number's chat, with the number masked. */
export const chatActor = (phone: string): Actor => ({
  userId: `chat:${phone.slice(0, 3)}…${phone.slice(-4)}`,
  username: `chat ${phone.slice(0, 3)}…${phone.slice(-4)}`,
});

const samePhone = (a: string | null, phone: string) => !!a && normalizePhone(a) === normalizePhone(phone);

/** Whether the appointment is the number's: booked for its driver or with this number. */
export const isOfNumber = (a: Appointment, phone: string, person: Person) =>
  (person.driver !== null && a.driverId === person.driver.id) || samePhone(a.driverPhone, phone);

/** All appointments of the number, newest day last. */
export async function appointmentsOfNumber(tenantId: string, phone: string, person: Person): Promise<Appointment[]> {
  const [own, byPhone] = await Promise.all([
    person.driver ? listDriverAppointments(tenantId, person.driver.id) : Promise.resolve([]),
    listAppointmentsByPhone(tenantId, phone),
  ]);
  const all = [...new Map([...own, ...byPhone].map((a) => [a.id, a])).values()];
  return all
    .filter((a) => isOfNumber(a, phone, person))
    .sort((a, b) =>
      `${a.scheduledDate}${a.scheduledTimeStart}`.localeCompare(`${b.scheduledDate}${b.scheduledTimeStart}`),
    );
}

/** The number's bookings still ahead (scheduled or awaiting approval, from today on the hub's clock). */
export async function upcomingOfNumber(tenantId: string, phone: string, person: Person, now: Date) {
  const open = (await appointmentsOfNumber(tenantId, phone, person)).filter(
    (a) => a.status === 'scheduled' || a.status === 'pending_approval',
  );
  // Today by each hub's own clock: India's date dropped the day's bookings of a hub whose date is
  // behind it (a hub at UTC-9 on 5 December, read at 00:31 on the 6th in India).
  const hubs = [...new Set(open.map((a) => a.facilityId))];
  const today = new Map(
    await Promise.all(hubs.map(async (id) => [id, facilityClock(await getFacility(tenantId, id), now).date] as const)),
  );
  return open.filter((a) => a.scheduledDate >= today.get(a.facilityId)!);
}

/** The number's booking with a code (booking reference), or null: a code of another person is none. */
export async function bookingOfNumber(tenantId: string, phone: string, person: Person, code: string) {
  const all = await appointmentsOfNumber(tenantId, phone, person);
  return all.find((a) => a.bookingReference.toUpperCase() === code.toUpperCase()) ?? null;
}

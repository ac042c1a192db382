// A person's erasure (issues #36, #52), the appointments side. The person's appointments are found by
// index, never by reading a day or the tenant: the driver's by driver id, and those without a driver
// record that hold the person's number (a guest's booking, a walk-in) by the person's key for it. Each
// keeps its times, status, door and counts, with every trace of the person replaced by the pseudonym;
// one without a driver record is the person's by their number, so what it names of them as typed (a
// shortened name, a licence) goes too. Written only at the revision read; its trail likewise.
import { scrubAuditTrail } from '../lib/erase';
import { transact } from '../lib/dynamo';
import { RevisionConflictError } from '../lib/errors';
import { scrubPerson, type PersonTraces } from '../lib/personal-data-mask';
import { isDeepStrictEqual } from 'node:util';
import type { Appointment } from '../../shared/contracts/appointments';
import {
  appointmentChangePut,
  getAppointment,
  listAppointmentsByPhone,
  listDriverAppointments,
} from './appointment.store';

/** The person's appointments: the driver's, and those without a driver record that hold their number. */
export async function appointmentsOfPerson(
  tenantId: string,
  driverId: string,
  phone: string | null | undefined,
): Promise<Appointment[]> {
  const [own, byPhone] = await Promise.all([
    listDriverAppointments(tenantId, driverId),
    listAppointmentsByPhone(tenantId, phone),
  ]);
  return [...new Map([...own, ...byPhone].map((a) => [a.id, a])).values()];
}

/** What an appointment without a driver record names of the person whose number it holds, as typed. */
function typedTraces(a: Appointment): PersonTraces | null {
  if (a.driverId) return null;
  if (a.driverPhone) return { name: a.driverName ?? '', phone: a.driverPhone, licence: a.guest?.driverLicense };
  if (a.guest?.ownerContactNumber) return { name: a.guest.ownerName ?? '', phone: a.guest.ownerContactNumber };
  return null;
}

/**
 * The traces of the person to replace on the appointment and on what was written about it (its
 * check-in, its trail), the typed ones first (before the person's own replace parts of them); none
 * when the appointment is gone.
 */
export async function tracesOnAppointment(tenantId: string, id: string, person: PersonTraces): Promise<PersonTraces[]> {
  const found = await getAppointment(tenantId, id);
  if (!found) return [];
  const typed = typedTraces(found);
  return typed ? [typed, person] : [person];
}

const scrubbed = (a: Appointment, traces: PersonTraces[], pseudonym: string) =>
  traces.reduce((value, t) => scrubPerson(value, t, pseudonym), a);

const TRIES = 5;

/**
 * Rewrites the appointment and its trail with the traces replaced, at the revision read (a change
 * meanwhile is read again and erased in its turn); nothing when it is gone or holds no trace.
 */
export async function eraseFromAppointment(
  tenantId: string,
  id: string,
  traces: PersonTraces[],
  pseudonym: string,
): Promise<boolean> {
  for (const t of traces) await scrubAuditTrail(tenantId, { entityType: 'appointment', entityId: id }, t, pseudonym);
  for (let attempt = 1; ; attempt++) {
    const before = await getAppointment(tenantId, id);
    if (!before) return false;
    const after = scrubbed(before, traces, pseudonym);
    if (isDeepStrictEqual(after, before)) return false;
    try {
      await transact([appointmentChangePut(after, before)], () => new RevisionConflictError());
      return true;
    } catch (err) {
      if (!(err instanceof RevisionConflictError) || attempt >= TRIES) throw err;
    }
  }
}

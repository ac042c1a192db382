// What every appointment use case starts from: who acts (for the audit record), the appointment as
// the viewer may see it, and today in the tenant's default facility's time zone.
import type { Actor } from '../lib/audit';
import type { RequestSession } from '../lib/http';
import type { transact } from '../lib/dynamo';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import { resolveFacility, type Facility } from '../facilities';
import { getAppointment } from './appointment.store';
import { canActOn, canSee } from '../../shared/access';
import type { Appointment } from '../../shared/contracts/appointments';
import type { SessionUser } from '../../shared/contracts/auth';
import { localDateTime, DEFAULT_TIME_ZONE } from '../../shared/time';

export type TransactItems = Parameters<typeof transact>[0];

/** Who changes an appointment: the tenant and the actor of the audit record (null: the system). */
export interface ChangeContext {
  tenantId: string;
  actor: Actor | null;
}

export function actorOf(user: SessionUser): Actor {
  return { userId: user.id, username: user.username };
}

export function contextOf(user: SessionUser): ChangeContext {
  return { tenantId: user.tenantId, actor: actorOf(user) };
}

export async function loadAppointment(tenantId: string, id: string): Promise<Appointment> {
  const appointment = await getAppointment(tenantId, id);
  if (!appointment) throw new NotFoundError('Appointment not found');
  return appointment;
}

/** The appointment, if the user may see it (shared/access.ts); someone else's is not found. */
export async function findAppointment(user: SessionUser, id: string): Promise<Appointment> {
  const appointment = await loadAppointment(user.tenantId, id);
  if (!canSee(user, appointment)) throw new NotFoundError('Appointment not found');
  return appointment;
}

/**
 * The appointment, if the user may change it (shared/access.ts canActOn): one they may not see is not
 * found; one they may see but not change (staff who only read, a tenant admin on another carrier's) is
 * forbidden with `refusal`.
 */
export async function findAppointmentToChange(user: SessionUser, id: string, refusal: string): Promise<Appointment> {
  const appointment = await findAppointment(user, id);
  if (!canActOn(user, appointment)) throw new ForbiddenError(refusal);
  return appointment;
}

/**
 * Today in a facility's time zone: the one asked for (`facilityId`: 404 "Facility not found" when the
 * tenant has no such facility), else the tenant's default facility (the one named by the session when it
 * knows it).
 */
export async function todayFor(
  session: Pick<RequestSession, 'tenantId' | 'defaultFacilityId'>,
  now = new Date(),
  facilityId?: string,
): Promise<{ date: string; facility: Facility | null }> {
  const facility = facilityId
    ? await resolveFacility(session.tenantId, facilityId)
    : await resolveFacility(session.tenantId, session.defaultFacilityId || 'default').catch(() => null);
  return { date: localDateTime(now, facility?.timeZone ?? DEFAULT_TIME_ZONE).date, facility };
}

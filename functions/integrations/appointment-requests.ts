// An appointment request from a TMS (a record of a sync page or an inbound webhook) becomes an
// appointment through the same booking service as a staff booking (same availability, door and
// holiday rules), booked by the system itself. The external id maps to the one appointment made
// from it, so pulling the same request again changes nothing.
import { bookAppointment } from '../appointments';
import { listCarriers } from '../carriers';
import { resolveFacility } from '../facilities';
import { HttpError } from '../lib/errors';
import { appointmentInputSchema } from '../../shared/contracts/appointments';
import { fieldErrors } from '../../shared/contracts/field-errors';
import { NO_ACCESS } from '../../shared/roles';
import type { SessionUser } from '../../shared/contracts/auth';
import { appointmentRequestSchema, recordIdOf } from './rules';
import { claimExternalRef, completeExternalRef, getExternalRef, releaseExternalRef } from './inbound.store';
import type { SystemRecord } from './system.store';

/** A record that cannot become an appointment: logged and skipped, the run goes on. */
export class RecordError extends Error {
  constructor(readonly externalId: string, message: string) {
    super(message);
  }
}

/** The system as the booking service's user: staff rights over its tenant's appointments, nothing else. */
function systemUser(system: SystemRecord): SessionUser {
  return {
    id: system.id,
    tenantId: system.tenantId,
    username: `integration:${system.name}`.slice(0, 120),
    firstName: null,
    lastName: null,
    email: null,
    phoneNumber: null,
    profileImageUrl: null,
    role: 'integration',
    roles: [],
    permissions: ['appointments:write', 'appointments:book'],
    canAccess: NO_ACCESS,
    userType: null,
    isVerified: true,
    driverId: null,
    carrierId: null,
    status: 'active',
  };
}

const firstMessage = (error: Parameters<typeof fieldErrors>[0]) => {
  const errors = fieldErrors(error);
  const [field, message] = Object.entries(errors)[0] ?? ['', 'Invalid record'];
  return field ? `${field}: ${message}` : message;
};

/** 'created' when an appointment was booked, 'unchanged' when the request was imported before. */
export async function importAppointmentRequest(system: SystemRecord, raw: unknown, now = new Date()): Promise<'created' | 'unchanged'> {
  const parsed = appointmentRequestSchema.safeParse(raw);
  if (!parsed.success) throw new RecordError(recordIdOf(raw), firstMessage(parsed.error));
  const request = parsed.data;
  const { tenantId, id: systemId } = system;
  if ((await getExternalRef(tenantId, systemId, request.id))?.appointmentId) return 'unchanged';
  if (!(await claimExternalRef(tenantId, systemId, request.id, now))) return 'unchanged';
  try {
    const facility = await resolveFacility(tenantId, request.facilityId ?? 'default');
    const carrierId = request.carrierId ?? (await listCarriers(tenantId)).find((c) => c.name.trim().toLowerCase() === request.carrierName!.toLowerCase())?.id;
    if (!carrierId) throw new RecordError(request.id, `Unknown carrier "${request.carrierName}"`);
    const input = appointmentInputSchema.safeParse({
      facilityId: facility.id,
      carrierId,
      scheduledDate: request.date,
      scheduledTimeStart: request.timeStart,
      scheduledTimeEnd: request.timeEnd,
      loadType: request.loadType,
      poNumber: request.poNumber,
      bolNumber: request.bolNumber,
      palletCount: request.palletCount,
      specialInstructions: request.notes,
    });
    if (!input.success) throw new RecordError(request.id, firstMessage(input.error));
    const appointment = await bookAppointment(systemUser(system), input.data, now);
    await completeExternalRef(tenantId, systemId, request.id, appointment.id);
    return 'created';
  } catch (err) {
    await releaseExternalRef(tenantId, systemId, request.id);
    if (err instanceof RecordError) throw err;
    if (err instanceof HttpError && err.status < 500) throw new RecordError(request.id, err.message);
    throw err;
  }
}

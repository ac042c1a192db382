// An appointment request from a TMS (a record of a sync page or an inbound webhook) becomes an
// appointment through the same booking service as a staff booking (same availability, door and
// holiday rules), booked by the system itself. The external id maps to the one appointment made
// from it, so pulling or receiving the same request again changes nothing.
import { bookAppointment, type TransactItems } from '../appointments';
import { listCarriers } from '../carriers';
import { resolveFacility } from '../facilities';
import { HttpError } from '../lib/errors';
import { appointmentInputSchema } from '../../shared/contracts/appointments';
import { fieldErrors } from '../../shared/contracts/field-errors';
import { NO_ACCESS } from '../../shared/roles';
import type { SessionUser } from '../../shared/contracts/auth';
import { appointmentRequestSchema, recordIdOf } from './rules';
import { externalRefPut, getExternalRef } from './inbound.store';
import type { SystemRecord } from './system.store';

/** A record that cannot become an appointment: logged and skipped, the run goes on. */
export class RecordError extends Error {
  constructor(
    readonly externalId: string,
    message: string,
  ) {
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

/** What became of a request: the appointment booked from it, now (`created`) or before. */
export interface ImportedRequest {
  appointmentId: string;
  created: boolean;
}

/**
 * Books the request unless its external id was booked before. The external id's mapping (and the
 * caller's `alsoWrite` items) go in the booking's own transaction, so a crash at any point leaves
 * either everything or nothing, and two deliveries of one request book it once.
 */
export async function importAppointmentRequest(
  system: SystemRecord,
  raw: unknown,
  now = new Date(),
  alsoWrite: (appointmentId: string) => TransactItems = () => [],
): Promise<ImportedRequest> {
  const parsed = appointmentRequestSchema.safeParse(raw);
  if (!parsed.success) throw new RecordError(recordIdOf(raw), firstMessage(parsed.error));
  const request = parsed.data;
  const { tenantId, id: systemId } = system;
  const booked = async () => {
    const ref = await getExternalRef(tenantId, systemId, request.id);
    return ref?.appointmentId ? { appointmentId: ref.appointmentId, created: false } : null;
  };
  const before = await booked();
  if (before) return before;
  const facility = await resolveFacility(tenantId, request.facilityId ?? 'default').catch((err: unknown) => {
    throw err instanceof HttpError && err.status < 500 ? new RecordError(request.id, err.message) : err;
  });
  const carrierId =
    request.carrierId ??
    (await listCarriers(tenantId)).find((c) => c.name.trim().toLowerCase() === request.carrierName!.toLowerCase())?.id;
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
  try {
    const appointment = await bookAppointment(systemUser(system), input.data, now, (a) => [
      externalRefPut(tenantId, systemId, request.id, a.id, now),
      ...alsoWrite(a.id),
    ]);
    return { appointmentId: appointment.id, created: true };
  } catch (err) {
    if (!(err instanceof HttpError) || err.status >= 500) throw err;
    // Refused: because another delivery of the same request booked it first (the mapping's
    // condition), or for a reason of its own (the slot, the door, a holiday).
    const first = err.status === 409 ? await booked() : null;
    if (first) return first;
    throw new RecordError(request.id, err.message);
  }
}

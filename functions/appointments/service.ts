// Appointment rules: availability, staff and driver booking, the status flow and equipment (guest
// booking, reschedules and cancelling have their own files). Every change is one transaction with
// its audit record; capacity and door time are reserved with conditional writes, so concurrent
// requests can never double-book.
import { randomUUID } from 'node:crypto';
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../lib/errors';
import { publish } from '../lib/events';
import { notificationPut } from '../insights';
import { appointmentItem, bookingReferencePut, blockDeletes, blockPuts, doorBlockKeys, doorHolders, getAppointment } from './appointment.store';
import { carrierOutcomeUpdate, getCarrier, getDriver } from '../carriers';
import { getDockDoor } from '../facilities';
import { getFacility, resolveFacility, type Facility } from '../facilities';
import { assignmentDelete, listResources, reserveResource, type Assignment } from '../facilities';
import { slotPlaceUpdate } from '../facilities';
import { decidedRequestPut, getRescheduleRequest } from './reschedule.store';
import { isHoliday } from '../facilities';
import { arrivalOutcome, bookingReference, startsInPast, withinOpeningHours } from './rules';
import { canTransition, statusLabel, type Appointment, type AppointmentStatus, type RescheduleRequest } from '../../shared/contracts/appointments';
import type { SessionUser } from '../../shared/contracts/auth';
import type { z } from 'zod';
import type { appointmentInputSchema } from '../../shared/contracts/appointments';
import { localDateTime } from '../../shared/time';

export const MAX_RESCHEDULES = 2;

export interface Availability {
  available: boolean;
  reason?: string;
}

interface Window {
  facility: Facility;
  date: string;
  timeStart: string;
  timeEnd: string;
  dockDoorId?: string | null;
  excludeAppointmentId?: string;
}

/** Whether a window can be booked: open, not a holiday, not past, the door (if any) free. */
export async function checkAvailability(w: Window, now = new Date()): Promise<Availability> {
  if (!w.facility.isActive) return { available: false, reason: 'This facility is not taking bookings' };
  if (startsInPast(w.facility.timeZone, w.date, w.timeStart, now)) return { available: false, reason: 'This time is in the past' };
  if (!withinOpeningHours(w.facility, w.timeStart, w.timeEnd)) return { available: false, reason: `The facility is open ${w.facility.operatingHoursStart}-${w.facility.operatingHoursEnd}` };
  if (await isHoliday(w.facility, w.date)) return { available: false, reason: 'The facility is closed on this date (holiday)' };
  if (w.dockDoorId) {
    const door = await getDockDoor(w.facility.tenantId, w.facility.id, w.dockDoorId);
    if (!door) return { available: false, reason: 'Dock door not found at this facility' };
    if (door.status === 'maintenance') return { available: false, reason: `Door ${door.doorNumber} is under maintenance` };
    const holders = (await doorHolders(w.facility.tenantId, w.facility.id, w.dockDoorId, w.date, w.timeStart, w.timeEnd)).filter((id) => id !== w.excludeAppointmentId);
    if (holders.length) return { available: false, reason: `Door ${door.doorNumber} is already booked at this time` };
  }
  return { available: true };
}


type AppointmentCore = Pick<Appointment, 'tenantId' | 'facilityId' | 'facilityName' | 'scheduledDate' | 'scheduledTimeStart' | 'scheduledTimeEnd' | 'loadType' | 'bookedBy' | 'bookingType'>;

/** A new appointment: the given facts, and every other field at its starting value. */
export function newAppointment(core: AppointmentCore & Partial<Appointment>, now: Date): Appointment {
  const iso = now.toISOString();
  return {
    id: randomUUID(),
    carrierId: null,
    carrierName: null,
    driverId: null,
    driverName: null,
    driverPhone: null,
    vehicleLicense: null,
    dockDoorId: null,
    doorNumber: null,
    laborInchargeId: null,
    priority: 'normal',
    bookingReference: bookingReference(core.scheduledDate),
    slotId: null,
    poNumber: null,
    bolNumber: null,
    palletCount: null,
    cartonCount: null,
    estimatedDuration: 60,
    specialInstructions: null,
    handlingEquipmentNotes: null,
    equipmentIds: [],
    status: 'scheduled',
    canReschedule: true,
    rescheduleCount: 0,
    maxReschedules: MAX_RESCHEDULES,
    guest: null,
    arrivedAt: null,
    arrivalOutcome: null,
    loadingStartedAt: null,
    departedAt: null,
    cancelledAt: null,
    cancellationReason: null,
    pendingRescheduleId: null,
    createdAt: iso,
    createdBy: null,
    updatedAt: iso,
    ...core,
  };
}

export function actorOf(user: SessionUser): Actor {
  return { userId: user.id, username: user.username };
}

const DOOR_TAKEN = 'Time slot is not available. Please select a different time.';

/** A driver books for themself only; staff book for any carrier of their tenant. */
function bookingParty(user: SessionUser, carrierId: string, driverId: string | null) {
  if (user.permissions.includes('appointments:write')) return { carrierId, driverId };
  if (user.driverId && user.carrierId) {
    if (carrierId !== user.carrierId || (driverId && driverId !== user.driverId)) throw new ForbiddenError('Drivers can book appointments only for themselves');
    return { carrierId: user.carrierId, driverId: user.driverId };
  }
  return { carrierId, driverId };
}

export async function bookAppointment(user: SessionUser, input: z.output<typeof appointmentInputSchema>, now = new Date()): Promise<Appointment> {
  const tenantId = user.tenantId;
  const facility = await getFacility(tenantId, input.facilityId);
  if (!facility) throw new BadRequestError('Please select a facility', { facilityId: 'Facility not found' });
  const party = bookingParty(user, input.carrierId, input.driverId);
  const [carrier, driver, door] = await Promise.all([
    getCarrier(tenantId, party.carrierId),
    party.driverId ? getDriver(tenantId, party.carrierId, party.driverId) : null,
    input.dockDoorId ? getDockDoor(tenantId, facility.id, input.dockDoorId) : null,
  ]);
  if (!carrier) throw new BadRequestError('Please select a carrier', { carrierId: 'Carrier not found' });
  if (party.driverId && !driver) throw new BadRequestError('The driver does not drive for this carrier', { driverId: 'The driver does not drive for this carrier' });
  if (input.dockDoorId && !door) throw new BadRequestError('Dock door not found at this facility', { dockDoorId: 'Dock door not found at this facility' });
  if (input.laborInchargeId && !(await listResources(tenantId, facility.id, 'labor')).some((l) => l.id === input.laborInchargeId)) {
    throw new BadRequestError('Labour in-charge not found at this facility', { laborInchargeId: 'Labour in-charge not found at this facility' });
  }
  const availability = await checkAvailability({ facility, date: input.scheduledDate, timeStart: input.scheduledTimeStart, timeEnd: input.scheduledTimeEnd, dockDoorId: input.dockDoorId }, now);
  if (!availability.available) throw new ConflictError(availability.reason ?? DOOR_TAKEN);

  const appointment = newAppointment(
    {
      tenantId,
      facilityId: facility.id,
      facilityName: facility.name,
      carrierId: carrier.id,
      carrierName: carrier.name,
      driverId: driver?.id ?? null,
      driverName: driver?.name ?? null,
      driverPhone: driver?.phone ?? null,
      dockDoorId: door?.id ?? null,
      doorNumber: door?.doorNumber ?? null,
      laborInchargeId: input.laborInchargeId,
      scheduledDate: input.scheduledDate,
      scheduledTimeStart: input.scheduledTimeStart,
      scheduledTimeEnd: input.scheduledTimeEnd,
      loadType: input.loadType,
      priority: input.priority,
      bookedBy: input.bookedBy,
      bookingType: 'staff',
      poNumber: input.poNumber,
      bolNumber: input.bolNumber,
      palletCount: input.palletCount,
      cartonCount: input.cartonCount,
      estimatedDuration: input.estimatedDuration,
      specialInstructions: input.specialInstructions,
      handlingEquipmentNotes: input.handlingEquipmentNotes,
      createdBy: user.username,
    },
    now,
  );
  const id = appointment.id;
  const labour = input.laborInchargeId
    ? await reserveResource(tenantId, facility.id, { kind: 'labor', resourceId: input.laborInchargeId, appointmentId: id, date: input.scheduledDate, timeStart: input.scheduledTimeStart, timeEnd: input.scheduledTimeEnd })
    : [];
  if (!labour) throw new ConflictError('The labour in-charge is already assigned at this time', { laborInchargeId: 'Already assigned at this time' });
  const doorBlocks = doorBlockKeys(appointment);
  const items = [
    { Put: { TableName: config.tableName, Item: appointmentItem(appointment), ConditionExpression: 'attribute_not_exists(PK)' } },
    ...blockPuts(doorBlocks, id),
    ...labour,
    carrierOutcomeUpdate(tenantId, carrier.id, 'booked'),
    bookingReferencePut(appointment),
    notificationPut(tenantId, { type: 'appointment', title: 'Appointment booked', message: `${carrier.name} booked ${appointment.scheduledDate} ${appointment.scheduledTimeStart}${door ? ` at dock ${door.doorNumber}` : ''}` }, now),
    auditPut({ tenantId, actor: actorOf(user), action: 'appointment.created', entityType: 'appointment', entityId: id, after: { ...appointment } }, now),
  ];
  await transact(items, (index) =>
    index > doorBlocks.length && index <= doorBlocks.length + labour.length ? new ConflictError('The labour in-charge was just assigned elsewhere. Please choose again.') : new ConflictError(DOOR_TAKEN),
  );
  await publish({ type: 'appointment.booked', tenantId, detail: { appointmentId: id, facilityId: facility.id, date: appointment.scheduledDate } });
  return appointment;
}

export async function loadAppointment(tenantId: string, id: string): Promise<Appointment> {
  const appointment = await getAppointment(tenantId, id);
  if (!appointment) throw new NotFoundError('Appointment not found');
  return appointment;
}

/** Drivers see and act on their own appointments only. */
export function assertCanSee(user: SessionUser, appointment: Appointment) {
  if (user.permissions.includes('appointments:read')) return;
  if (user.driverId && appointment.driverId === user.driverId) return;
  throw new NotFoundError('Appointment not found');
}

export async function findAppointment(user: SessionUser, id: string): Promise<Appointment> {
  const appointment = await loadAppointment(user.tenantId, id);
  assertCanSee(user, appointment);
  return appointment;
}

const STATUS_TIMESTAMP: Partial<Record<AppointmentStatus, keyof Appointment>> = {
  arrived: 'arrivedAt',
  loading: 'loadingStartedAt',
  unloading: 'loadingStartedAt',
  departed: 'departedAt',
  cancelled: 'cancelledAt',
};

/** Moves an appointment along the status flow; anything else is a 409 that changes nothing. */
export interface ChangeContext {
  tenantId: string;
  actor: Actor | null;
}

export function contextOf(user: SessionUser): ChangeContext {
  return { tenantId: user.tenantId, actor: actorOf(user) };
}

export async function changeStatus(
  ctx: ChangeContext,
  id: string,
  to: AppointmentStatus,
  now = new Date(),
  extra: TransactItems = [],
  changes: Partial<Pick<Appointment, 'cancellationReason'>> = {},
): Promise<Appointment> {
  const before = await loadAppointment(ctx.tenantId, id);
  if (!canTransition(before.status, to)) {
    throw new ConflictError(before.status === to ? `The appointment is already ${statusLabel(to)}` : `An appointment that is ${statusLabel(before.status)} cannot become ${statusLabel(to)}`);
  }
  const facility = await getFacility(ctx.tenantId, before.facilityId);
  const iso = now.toISOString();
  const after: Appointment = { ...before, ...changes, status: to, pendingRescheduleId: null, updatedAt: iso };
  const stamp = STATUS_TIMESTAMP[to];
  if (stamp) (after as unknown as Record<string, unknown>)[stamp] = iso;
  const items: TransactItems = [];
  if (to === 'arrived') {
    after.arrivalOutcome = arrivalOutcome(facility?.timeZone ?? 'Asia/Kolkata', before.scheduledDate, before.scheduledTimeStart, now);
    if (before.carrierId) items.push(carrierOutcomeUpdate(ctx.tenantId, before.carrierId, after.arrivalOutcome));
  }
  if (to === 'no_show' && before.carrierId) items.push(carrierOutcomeUpdate(ctx.tenantId, before.carrierId, 'noShow'));
  if (to === 'cancelled' || to === 'no_show') items.push(...releaseItems(before));
  items.push(...(await closePendingReschedule(ctx, before, to, now)));
  const who = before.vehicleLicense ?? before.carrierName ?? before.driverName ?? before.bookingReference;
  const NOTICE: Partial<Record<AppointmentStatus, string>> = { arrived: 'Truck arrived', departed: 'Truck departed', cancelled: 'Appointment cancelled', no_show: 'No-show' };
  if (NOTICE[to]) items.push(notificationPut(ctx.tenantId, { type: 'appointment', title: NOTICE[to]!, message: `${who} · ${before.scheduledTimeStart}${before.doorNumber ? ` · dock ${before.doorNumber}` : ''}` }, now));
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: appointmentItem(after),
          // The status read above is still the status: two clicks at once cannot both move it.
          ConditionExpression: '#status = :from AND updatedAt = :seen',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':from': before.status, ':seen': before.updatedAt },
        },
      },
      ...items,
      ...extra,
      auditPut({ tenantId: ctx.tenantId, actor: ctx.actor, action: `appointment.${to}`, entityType: 'appointment', entityId: id, before: { ...before }, after: { ...after } }, now),
    ],
    () => new ConflictError('The appointment was changed by someone else. Refresh and try again.'),
  );
  await publish({ type: 'appointment.status-changed', tenantId: ctx.tenantId, detail: { appointmentId: id, from: before.status, to } });
  return after;
}

export type TransactItems = Parameters<typeof transact>[0];

/** Frees what an appointment holds: door quarter hours, slot place, labour and equipment. */
function releaseItems(a: Appointment): TransactItems {
  const items: TransactItems = [...blockDeletes(doorBlockKeys(a), a.id)];
  if (a.slotId) items.push(slotPlaceUpdate(a.tenantId, a.facilityId, { slotDate: a.scheduledDate, startTime: a.scheduledTimeStart, endTime: a.scheduledTimeEnd, capacity: 0 }, -1));
  for (const assignment of assignmentsOf(a)) items.push(assignmentDelete(a.tenantId, a.facilityId, assignment));
  return items;
}

/**
 * Once its appointment moves past scheduled, a pending reschedule request no longer applies: it is
 * closed as denied, with the reason, in the status change's own transaction (decidedRequestPut
 * refuses it if someone decided it meanwhile, and then nothing of the change is written).
 */
async function closePendingReschedule(ctx: ChangeContext, before: Appointment, to: AppointmentStatus, now: Date): Promise<TransactItems> {
  if (!before.pendingRescheduleId) return [];
  const request = await getRescheduleRequest(ctx.tenantId, before.pendingRescheduleId);
  if (!request || request.status !== 'pending') return [];
  const closed = decidedRequest(request, 'denied', ctx.actor?.username ?? 'system', now, `No longer applicable: the appointment is ${statusLabel(to)}`);
  return [
    decidedRequestPut(closed),
    auditPut({ tenantId: ctx.tenantId, actor: ctx.actor, action: 'reschedule.closed', entityType: 'appointment', entityId: before.id, before: { ...request }, after: { ...closed } }, now),
  ];
}

export function decidedRequest(request: RescheduleRequest, status: 'approved' | 'denied', by: string, now: Date, decisionReason: string | null = null): RescheduleRequest {
  return { ...request, status, decidedAt: now.toISOString(), decidedBy: by, decisionReason };
}

export function assignmentsOf(a: Appointment): Assignment[] {
  const base = { appointmentId: a.id, date: a.scheduledDate, timeStart: a.scheduledTimeStart, timeEnd: a.scheduledTimeEnd };
  return [
    ...(a.laborInchargeId ? [{ ...base, kind: 'labor' as const, resourceId: a.laborInchargeId }] : []),
    ...a.equipmentIds.map((resourceId) => ({ ...base, kind: 'equipment' as const, resourceId })),
  ];
}

export async function assignEquipment(user: SessionUser, id: string, equipmentId: string, now = new Date()): Promise<Appointment> {
  const before = await findAppointment(user, id);
  if (before.status !== 'scheduled' && before.status !== 'arrived') throw new ConflictError(`Equipment cannot be added to a ${before.status} appointment`);
  if (before.equipmentIds.includes(equipmentId)) return before;
  if (!(await listResources(user.tenantId, before.facilityId, 'equipment')).some((e) => e.id === equipmentId)) throw new BadRequestError('Equipment not found at this facility', { equipmentId: 'Equipment not found at this facility' });
  const reservation = await reserveResource(user.tenantId, before.facilityId, { kind: 'equipment', resourceId: equipmentId, appointmentId: id, date: before.scheduledDate, timeStart: before.scheduledTimeStart, timeEnd: before.scheduledTimeEnd });
  if (!reservation) throw new ConflictError('This equipment is already assigned at this time');
  const after: Appointment = { ...before, equipmentIds: [...before.equipmentIds, equipmentId], updatedAt: now.toISOString() };
  await transact(
    [
      { Put: { TableName: config.tableName, Item: appointmentItem(after), ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': before.updatedAt } } },
      ...reservation,
      auditPut({ tenantId: user.tenantId, actor: actorOf(user), action: 'appointment.equipment-added', entityType: 'appointment', entityId: id, before: { equipmentIds: before.equipmentIds }, after: { equipmentIds: after.equipmentIds } }, now),
    ],
    () => new ConflictError('The appointment or the equipment changed meanwhile. Please try again.'),
  );
  return after;
}

/** Today in the tenant's default facility's time zone. */
export async function todayFor(tenantId: string, now = new Date()): Promise<{ date: string; facility: Facility | null }> {
  const facility = await resolveFacility(tenantId, 'default').catch(() => null);
  return { date: localDateTime(now, facility?.timeZone ?? 'Asia/Kolkata').date, facility };
}

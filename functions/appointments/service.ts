// Appointment rules: availability, booking (staff, driver, guest), the status flow, reschedules and
// equipment. Every change is one transaction with its audit record; capacity and door time are
// reserved with conditional writes, so concurrent requests can never double-book.
import { createHash, randomUUID } from 'node:crypto';
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { getItem, transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../lib/errors';
import { publish } from '../lib/events';
import { notificationPut } from '../repositories/notifications';
import { appointmentItem, bookingReferencePut, blockDeletes, blockPuts, doorBlockKeys, doorHolders, getAppointment } from '../repositories/appointments';
import { carrierOutcomeUpdate, getCarrier, getDriver } from '../repositories/carriers';
import { getDockDoor } from '../repositories/dock-doors';
import { getFacility, resolveFacility, type Facility } from '../repositories/facilities';
import { assignmentDelete, listResources, reserveResource, type Assignment } from '../repositories/facility-resources';
import { slotKeys } from '../repositories/slots';
import { rescheduleItem, getRescheduleRequest, listPendingReschedules } from '../repositories/reschedules';
import { isHoliday, slotsOf } from '../facilities/service';
import { parseSlotId } from '../facilities/slot-rules';
import { arrivalOutcome, bookingReference, startsInPast, withinOpeningHours } from './rules';
import {
  canTransition,
  isReschedulable,
  type Appointment,
  type AppointmentStatus,
  type RescheduleRequest,
} from '../../shared/contracts/appointments';
import type { SessionUser } from '../../shared/contracts/auth';
import type { z } from 'zod';
import type { appointmentInputSchema, guestBookingSchema, rescheduleInputSchema } from '../../shared/contracts/appointments';
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
    createdAt: iso,
    createdBy: null,
    updatedAt: iso,
    ...core,
  };
}

function actorOf(user: SessionUser): Actor {
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

/** Guest slot booking: the slot's bookedCount goes up in the same transaction as the booking. */
export async function bookGuestSlot(facility: Facility, input: z.output<typeof guestBookingSchema>, idempotencyKey: string | undefined, now = new Date()) {
  const parsed = parseSlotId(input.slotId);
  if (!parsed) throw new BadRequestError('Please fill in all required fields and select a time slot', { slotId: 'Unknown slot' });
  const slot = (await slotsOf(facility, parsed.date, now)).find((s) => s.startTime === parsed.startTime);
  if (!slot) throw new NotFoundError('This slot does not exist');
  if (slot.isBlocked) throw new ConflictError('This slot is not available for booking');
  if (!slot.isAvailable) throw new ConflictError(slot.bookedCount >= slot.capacity ? 'This slot is fully booked. Please choose another slot.' : 'This slot is not available for booking');

  const tenantId = facility.tenantId;
  const bodyHash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  const idemKey = idempotencyKey ? { PK: `IDEMPOTENCY#${createHash('sha256').update(`${tenantId}:${idempotencyKey}`).digest('hex')}`, SK: 'GUEST_BOOKING' } : null;
  if (idemKey) {
    const previous = await getItem<{ bodyHash: string; response: GuestBookingResult }>(idemKey, true);
    if (previous) return replay(previous, bodyHash);
  }

  const appointment = newAppointment(
    {
      tenantId,
      facilityId: facility.id,
      facilityName: facility.name,
      carrierName: input.ownerType === 'Driver' ? null : input.ownerName,
      driverName: input.driverName,
      driverPhone: input.mobileNumber,
      vehicleLicense: input.vehicleNumber,
      scheduledDate: slot.slotDate,
      scheduledTimeStart: slot.startTime,
      scheduledTimeEnd: slot.endTime,
      loadType: input.loadType,
      bookedBy: input.ownerType === 'Transporter' ? 'transporter' : input.ownerType === 'TruckOwner' ? 'truck_owner' : 'driver',
      bookingType: 'guest',
      slotId: slot.id,
      poNumber: input.poNumber,
      guest: {
        ownerType: input.ownerType,
        ownerName: input.ownerName,
        ownerContactNumber: input.ownerContactNumber,
        vehicleType: input.vehicleType,
        capacityTons: input.capacityTons,
        driverLicense: input.driverLicense,
        goodsType: input.goodsType,
        ewayBill: input.ewayBill,
        expectedArrivalDate: input.expectedArrivalDate,
      },
    },
    now,
  );
  const id = appointment.id;
  const result: GuestBookingResult = {
    confirmationCode: appointment.bookingReference,
    facilityName: facility.name,
    slotDate: slot.slotDate,
    startTime: slot.startTime,
    endTime: slot.endTime,
  };
  const items = [
    slotIncrement(facility, slot),
    { ConditionCheck: { TableName: config.tableName, Key: slotKeys.holiday(tenantId, facility.id, slot.slotDate), ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { TableName: config.tableName, Item: appointmentItem(appointment), ConditionExpression: 'attribute_not_exists(PK)' } },
    auditPut({ tenantId, actor: null, action: 'appointment.guest-booked', entityType: 'appointment', entityId: id, after: { ...appointment } }, now),
    ...(idemKey
      ? [{ Put: { TableName: config.tableName, Item: { ...idemKey, bodyHash, response: result, expiresAt: Math.floor(now.getTime() / 1000) + 24 * 3600 }, ConditionExpression: 'attribute_not_exists(PK)' } }]
      : []),
    bookingReferencePut(appointment),
    notificationPut(tenantId, { type: 'appointment', title: 'Guest slot booked', message: `${appointment.vehicleLicense} (${appointment.driverName}) booked ${slot.slotDate} ${slot.startTime}` }, now),
  ];
  try {
    await transact(items, (index) => {
      if (index === 0) return new ConflictError('This slot is fully booked. Please choose another slot.');
      if (index === 1) return new ConflictError('The facility is closed on this date (holiday)');
      if (index === 4 && idemKey) return new IdempotentReplay();
      return new ConflictError('Please try again');
    });
  } catch (err) {
    if (err instanceof IdempotentReplay && idemKey) {
      const previous = await getItem<{ bodyHash: string; response: GuestBookingResult }>(idemKey, true);
      if (previous) return replay(previous, bodyHash);
    }
    throw err;
  }
  await publish({ type: 'appointment.booked', tenantId, detail: { appointmentId: id, facilityId: facility.id, date: slot.slotDate, guest: true } });
  return result;
}

export interface GuestBookingResult {
  confirmationCode: string;
  facilityName: string;
  slotDate: string;
  startTime: string;
  endTime: string;
}

class IdempotentReplay extends Error {}

function replay(previous: { bodyHash: string; response: GuestBookingResult }, bodyHash: string): GuestBookingResult {
  if (previous.bodyHash !== bodyHash) throw new ConflictError('This booking request was already used for a different booking');
  return previous.response;
}

/** Takes one place in the slot, never beyond its capacity and never in a blocked slot. */
function slotIncrement(facility: Facility, slot: { slotDate: string; startTime: string; endTime: string; capacity: number }, delta: 1 | -1 = 1): TransactItems[number] {
  const key = slotKeys.key(facility.tenantId, facility.id, slot.slotDate, slot.startTime);
  if (delta === -1) {
    return {
      Update: {
        TableName: config.tableName,
        Key: key,
        UpdateExpression: 'SET #booked = #booked - :one',
        ConditionExpression: '#booked >= :one',
        ExpressionAttributeNames: { '#booked': 'bookedCount' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    };
  }
  return {
    Update: {
      TableName: config.tableName,
      Key: key,
      UpdateExpression: 'SET #booked = if_not_exists(#booked, :zero) + :one, #cap = if_not_exists(#cap, :cap), #blocked = if_not_exists(#blocked, :false), facilityId = :f, slotDate = :d, startTime = :s, endTime = :e',
      ConditionExpression: '(attribute_not_exists(#booked) OR #booked < #cap) AND (attribute_not_exists(#blocked) OR #blocked = :false)',
      ExpressionAttributeNames: { '#booked': 'bookedCount', '#cap': 'capacity', '#blocked': 'isBlocked' },
      ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':cap': slot.capacity, ':false': false, ':f': facility.id, ':d': slot.slotDate, ':s': slot.startTime, ':e': slot.endTime },
    },
  };
}

async function loadAppointment(tenantId: string, id: string): Promise<Appointment> {
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

export async function changeStatus(ctx: ChangeContext, id: string, to: AppointmentStatus, now = new Date(), extra: TransactItems = []): Promise<Appointment> {
  const before = await loadAppointment(ctx.tenantId, id);
  if (!canTransition(before.status, to)) {
    throw new ConflictError(before.status === to ? `The appointment is already ${to}` : `An appointment that is ${before.status} cannot become ${to}`);
  }
  const facility = await getFacility(ctx.tenantId, before.facilityId);
  const iso = now.toISOString();
  const after: Appointment = { ...before, status: to, updatedAt: iso };
  const stamp = STATUS_TIMESTAMP[to];
  if (stamp) (after as unknown as Record<string, unknown>)[stamp] = iso;
  const items: TransactItems = [];
  if (to === 'arrived') {
    after.arrivalOutcome = arrivalOutcome(facility?.timeZone ?? 'Asia/Kolkata', before.scheduledDate, before.scheduledTimeStart, now);
    if (before.carrierId) items.push(carrierOutcomeUpdate(ctx.tenantId, before.carrierId, after.arrivalOutcome));
  }
  if (to === 'no_show' && before.carrierId) items.push(carrierOutcomeUpdate(ctx.tenantId, before.carrierId, 'noShow'));
  if (to === 'cancelled' || to === 'no_show') items.push(...(await releaseItems(before, facility)));
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

type TransactItems = Parameters<typeof transact>[0];

/** Frees what an appointment holds: door quarter hours, slot place, labour and equipment. */
async function releaseItems(a: Appointment, facility: Facility | null): Promise<TransactItems> {
  const items: TransactItems = [...blockDeletes(doorBlockKeys(a), a.id)];
  if (a.slotId && facility) items.push(slotIncrement(facility, { slotDate: a.scheduledDate, startTime: a.scheduledTimeStart, endTime: a.scheduledTimeEnd, capacity: 0 }, -1));
  for (const assignment of assignmentsOf(a)) items.push(assignmentDelete(a.tenantId, a.facilityId, assignment));
  return items;
}

function assignmentsOf(a: Appointment): Assignment[] {
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

export async function requestReschedule(user: SessionUser, id: string, input: z.output<typeof rescheduleInputSchema>, now = new Date()): Promise<RescheduleRequest> {
  const appointment = await findAppointment(user, id);
  if (!isReschedulable(appointment)) {
    throw new ConflictError(
      appointment.rescheduleCount >= appointment.maxReschedules
        ? `This appointment has already been rescheduled ${appointment.rescheduleCount} times (the limit)`
        : `A ${appointment.status} appointment cannot be rescheduled`,
    );
  }
  if ((await listPendingReschedules(user.tenantId)).some((r) => r.appointmentId === id)) throw new ConflictError('This appointment already has a pending reschedule request');
  const facility = await resolveFacility(user.tenantId, appointment.facilityId);
  const availability = await checkAvailability({ facility, date: input.newDate, timeStart: input.newTimeStart, timeEnd: input.newTimeEnd, dockDoorId: appointment.dockDoorId, excludeAppointmentId: id }, now);
  if (!availability.available) throw new ConflictError(availability.reason ?? 'New time slot is not available');
  if (appointment.slotId && !(await slotsOf(facility, input.newDate, now)).some((s) => s.startTime === input.newTimeStart && s.endTime === input.newTimeEnd && s.isAvailable)) {
    throw new ConflictError('A guest booking can move only to another open slot', { newTimeStart: 'Choose an open slot' });
  }
  const request: RescheduleRequest = {
    id: randomUUID(),
    tenantId: user.tenantId,
    appointmentId: id,
    bookingReference: appointment.bookingReference,
    driverId: appointment.driverId,
    originalDate: appointment.scheduledDate,
    originalTimeStart: appointment.scheduledTimeStart,
    originalTimeEnd: appointment.scheduledTimeEnd,
    ...input,
    requestedBy: user.permissions.includes('reschedules:decide') ? input.requestedBy : user.driverId ? 'driver' : input.requestedBy,
    status: 'pending',
    createdAt: now.toISOString(),
    createdBy: user.username,
    decidedAt: null,
    decidedBy: null,
  };
  await transact(
    [
      { Put: { TableName: config.tableName, Item: rescheduleItem(request), ConditionExpression: 'attribute_not_exists(PK)' } },
      auditPut({ tenantId: user.tenantId, actor: actorOf(user), action: 'reschedule.requested', entityType: 'appointment', entityId: id, after: { ...request } }, now),
    ],
    () => new ConflictError('Please try again'),
  );
  return request;
}

async function pendingRequest(tenantId: string, requestId: string): Promise<RescheduleRequest> {
  const request = await getRescheduleRequest(tenantId, requestId);
  if (!request) throw new NotFoundError('Reschedule request not found');
  if (request.status !== 'pending') throw new ConflictError(`This request was already ${request.status}`);
  return request;
}

function decided(request: RescheduleRequest, status: 'approved' | 'denied', user: SessionUser, now: Date): RescheduleRequest {
  return { ...request, status, decidedAt: now.toISOString(), decidedBy: user.username };
}

function requestStillPending(request: RescheduleRequest, decidedRequest: RescheduleRequest) {
  return {
    Put: {
      TableName: config.tableName,
      Item: rescheduleItem(decidedRequest),
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 'pending' },
    },
  };
}

/** Approving moves the appointment: the old door time is freed and the new one reserved, at once. */
export async function approveReschedule(user: SessionUser, requestId: string, now = new Date()): Promise<Appointment> {
  const request = await pendingRequest(user.tenantId, requestId);
  const before = await loadAppointment(user.tenantId, request.appointmentId);
  if (!isReschedulable(before)) throw new ConflictError(`A ${before.status} appointment cannot be rescheduled`);
  const facility = await resolveFacility(user.tenantId, before.facilityId);
  const availability = await checkAvailability({ facility, date: request.newDate, timeStart: request.newTimeStart, timeEnd: request.newTimeEnd, dockDoorId: before.dockDoorId, excludeAppointmentId: before.id }, now);
  if (!availability.available) throw new ConflictError(`The new time is no longer available: ${availability.reason}`);
  const after: Appointment = {
    ...before,
    scheduledDate: request.newDate,
    scheduledTimeStart: request.newTimeStart,
    scheduledTimeEnd: request.newTimeEnd,
    rescheduleCount: before.rescheduleCount + 1,
    slotId: before.slotId ? `${request.newDate}_${request.newTimeStart.replace(':', '')}` : null,
    // Labour and equipment were reserved for the old time; they are assigned again for the new one.
    laborInchargeId: null,
    equipmentIds: [],
    updatedAt: now.toISOString(),
  };
  const oldBlocks = new Set(doorBlockKeys(before).map((k) => k.SK));
  const newBlocks = doorBlockKeys(after);
  const slotItems: TransactItems = [];
  if (before.slotId) {
    const slot = (await slotsOf(facility, request.newDate, now)).find((s) => s.startTime === request.newTimeStart);
    if (!slot) throw new ConflictError('The new slot does not exist any more');
    slotItems.push(slotIncrement(facility, { slotDate: before.scheduledDate, startTime: before.scheduledTimeStart, endTime: before.scheduledTimeEnd, capacity: 0 }, -1), slotIncrement(facility, slot));
  }
  const moves = assignmentsOf(before);
  await transact(
    [
      requestStillPending(request, decided(request, 'approved', user, now)),
      {
        Put: {
          TableName: config.tableName,
          Item: appointmentItem(after),
          ConditionExpression: 'updatedAt = :seen AND rescheduleCount < maxReschedules',
          ExpressionAttributeValues: { ':seen': before.updatedAt },
        },
      },
      ...blockDeletes(doorBlockKeys(before).filter((k) => !newBlocks.some((n) => n.SK === k.SK)), before.id),
      ...blockPuts(newBlocks.filter((k) => !oldBlocks.has(k.SK)), before.id),
      ...slotItems,
      ...moves.map((a) => assignmentDelete(before.tenantId, before.facilityId, a)),
      auditPut({ tenantId: user.tenantId, actor: actorOf(user), action: 'appointment.rescheduled', entityType: 'appointment', entityId: before.id, before: { ...before }, after: { ...after, requestId } }, now),
    ],
    (index) => (index === 0 ? new ConflictError('This request was already decided') : new ConflictError('The new time is no longer available. Please deny the request or ask for another time.')),
  );
  await publish({ type: 'appointment.rescheduled', tenantId: user.tenantId, detail: { appointmentId: before.id, requestId } });
  return after;
}

export async function denyReschedule(user: SessionUser, requestId: string, now = new Date()): Promise<RescheduleRequest> {
  const request = await pendingRequest(user.tenantId, requestId);
  const after = decided(request, 'denied', user, now);
  await transact(
    [
      requestStillPending(request, after),
      auditPut({ tenantId: user.tenantId, actor: actorOf(user), action: 'reschedule.denied', entityType: 'appointment', entityId: request.appointmentId, before: { ...request }, after: { ...after } }, now),
    ],
    () => new ConflictError('This request was already decided'),
  );
  return after;
}

/** Today in the tenant's default facility's time zone. */
export async function todayFor(tenantId: string, now = new Date()): Promise<{ date: string; facility: Facility | null }> {
  const facility = await resolveFacility(tenantId, 'default').catch(() => null);
  return { date: localDateTime(now, facility?.timeZone ?? 'Asia/Kolkata').date, facility };
}

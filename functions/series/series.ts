// Standing appointments (issue #32): creating a series (checked whole before anything is written),
// booking its occurrences up to the horizon through the appointments domain's own booking path (every
// rule, door fitting, counter and message of a staff booking applies), the series with its
// occurrences, and cancelling it from a date on. A date that cannot be booked (a holiday, no free door)
// is kept on the series as a conflict, never skipped.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../lib/audit';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../lib/errors';
import { getFacility, listHolidays, type Facility } from '../facilities';
import { getCarrier, getDriver } from '../carriers';
import { typedLoad } from '../appointment-types';
import { bookAppointment, cancelAppointment, getAppointment, withinOpeningHours } from '../appointments';
import { appointmentInputSchema } from '../../shared/contracts/appointments';
import { facilityClock, fromMinutes, toMinutes } from '../../shared/time';
import type { SessionUser } from '../../shared/contracts/auth';
import type {
  cancelSeriesSchema,
  Series,
  SeriesDetail,
  SeriesOccurrence,
  seriesInputSchema,
} from '../../shared/contracts/series';
import type * as z from 'zod/mini';
import { datesBetween, horizonEnd, ruleDates, seriesRule } from './rules';
import {
  bookedOccurrencePut,
  getOccurrence,
  getSeries,
  listOccurrences,
  listSeries,
  recordConflict,
  saveSeries,
  type StoredOccurrence,
} from './series.store';

export const SERIES_NOT_FOUND = 'Standing appointment not found';

const invalid = (field: string, message: string) => new BadRequestError(message, { [field]: message });

/** A new series, checked against its facility, carrier, type and hours; nothing is written here. */
async function plannedSeries(
  user: SessionUser,
  input: z.output<typeof seriesInputSchema>,
  now: Date,
  homeTenantId: string,
): Promise<{ series: Series; facility: Facility }> {
  const tenantId = user.tenantId;
  const facility = await getFacility(tenantId, input.facilityId);
  if (!facility) throw invalid('facilityId', 'Facility not found');
  const [carrier, load] = await Promise.all([
    getCarrier(tenantId, input.carrierId),
    typedLoad(facility, input.typeId, input.quantity ?? null),
  ]);
  if (!carrier) throw invalid('carrierId', 'Carrier not found');
  // A driver named in the body is one of this carrier's, in this tenant (issue #52.12), as a booking checks.
  if (input.driverId && !(await getDriver(tenantId, carrier.id, input.driverId)))
    throw invalid('driverId', 'The driver does not drive for this carrier');
  const timeEnd = load ? fromMinutes(toMinutes(input.timeStart) + load.durationMinutes) : input.timeEnd!;
  if (!withinOpeningHours(facility, input.timeStart, timeEnd))
    throw invalid('timeStart', `The facility is open ${facility.operatingHoursStart}-${facility.operatingHoursEnd}`);
  if (input.startDate < facilityClock(facility, now).date)
    throw invalid('startDate', 'The start date cannot be in the past');
  const rule = seriesRule(input);
  if (!ruleDates(rule).length)
    throw invalid('weekdays', 'No date from the start to the end date falls on the chosen weekdays');
  const iso = now.toISOString();
  const series: Series = {
    id: randomUUID(),
    tenantId,
    facilityId: facility.id,
    facilityName: facility.name,
    carrierId: carrier.id,
    carrierName: carrier.name,
    driverId: input.driverId,
    vehicleLicense: input.vehicleLicense,
    dockDoorId: input.dockDoorId,
    typeId: input.typeId,
    weekdays: input.weekdays,
    timeStart: input.timeStart,
    timeEnd: load ? null : timeEnd,
    startDate: input.startDate,
    endDate: input.endDate,
    count: input.count,
    rule,
    loadType: input.loadType,
    poNumber: input.poNumber,
    quantity: input.quantity ?? null,
    palletCount: input.palletCount ?? null,
    specialInstructions: input.specialInstructions,
    fields: input.fields,
    status: 'active',
    bookedThrough: null,
    cancelledFrom: null,
    cancellationReason: null,
    createdAt: iso,
    createdBy: user.username,
    createdById: user.id,
    ...(homeTenantId !== tenantId ? { createdByHomeTenantId: homeTenantId } : {}),
    updatedAt: iso,
  };
  return { series, facility };
}

/** `homeTenantId`: the tenant of the creator's user record (the session's), so the worker finds it again. */
export async function createSeries(
  user: SessionUser,
  input: z.output<typeof seriesInputSchema>,
  actor: Actor,
  homeTenantId = user.tenantId,
  now = new Date(),
): Promise<SeriesDetail> {
  const { series, facility } = await plannedSeries(user, input, now, homeTenantId);
  const saved = await saveSeries(null, series, 'series.created', actor, now);
  // The request's own user books the first weeks: the session carries the rights the creator holds now.
  await extendSeries(saved, facility, now, user);
  return seriesDetail(user.tenantId, saved.id);
}

/**
 * Pauses an active series whose creator no longer holds the right to book it (issue #52.9), audited
 * with the reason; the series leaves the worker's list, keeps what it booked, and staff may cancel it.
 */
export async function pauseSeries(series: Series, reason: string, now: Date): Promise<void> {
  const current = await getSeries(series.tenantId, series.id);
  if (current?.status !== 'active') return;
  const iso = now.toISOString();
  await saveSeries(
    current,
    { ...current, status: 'paused', pausedReason: reason, pausedAt: iso, updatedAt: iso },
    'series.paused',
    null,
    now,
  );
}

/** The booking of one date of a series, as staff would send it. */
const occurrenceInput = (series: Series, date: string) =>
  appointmentInputSchema.parse({
    facilityId: series.facilityId,
    carrierId: series.carrierId,
    driverId: series.driverId,
    vehicleLicense: series.vehicleLicense,
    dockDoorId: series.dockDoorId,
    typeId: series.typeId,
    scheduledDate: date,
    scheduledTimeStart: series.timeStart,
    // A typed load's end is the type's duration (the booking sets it); the schema wants one all the same.
    scheduledTimeEnd: series.timeEnd ?? fromMinutes(toMinutes(series.timeStart) + 15),
    loadType: series.loadType,
    poNumber: series.poNumber,
    quantity: series.quantity,
    palletCount: series.palletCount,
    specialInstructions: series.specialInstructions,
    fields: series.fields,
  });

const holidayConflict = (name: string) => `Holiday: ${name}`;
const PARALLEL_BOOKINGS = 8;

/**
 * Books the series' dates after the last one booked, up to today's horizon (today in the facility's
 * zone plus HORIZON_WEEKS): each date once, booked or kept as a conflict. Answers the dates it recorded.
 * `booker`: the creator as they act today (the request's user, or standing.ts for the worker), so every
 * booking is checked against the rights held now, never those held when the series was made.
 */
export async function extendSeries(
  series: Series,
  facility: Facility,
  now: Date,
  booker: SessionUser,
): Promise<string[]> {
  if (series.status !== 'active') return [];
  const through = horizonEnd(facilityClock(facility, now).date);
  const dates = datesBetween(series.rule, series.bookedThrough, through);
  const holidays = new Map((await listHolidays(series.tenantId, series.facilityId)).map((h) => [h.holidayDate, h]));
  const actor = { userId: series.createdById, username: series.createdBy };
  /** Books one date, or keeps why it could not be; false when another run recorded it first. */
  const record = async (date: string): Promise<boolean> => {
    if (await getOccurrence(series.tenantId, series.id, date)) return false;
    const holiday = holidays.get(date);
    if (holiday) return recordConflict(series, date, holidayConflict(holiday.name), actor, now);
    try {
      await bookAppointment(booker, occurrenceInput(series, date), now, (a) => [
        bookedOccurrencePut(series, date, a.id, now),
      ]);
      return true;
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      // Refused: by another run that booked the date first (the occurrence's condition), or for a reason of its own.
      if (await getOccurrence(series.tenantId, series.id, date)) return false;
      return recordConflict(series, date, err.message, actor, now);
    }
  };
  // The dates are independent bookings (their own day, door quarter hours and occurrence), so a few go at
  // once: a request that creates a series books its first weeks within the request's deadline.
  const recorded: string[] = [];
  for (let i = 0; i < dates.length; i += PARALLEL_BOOKINGS) {
    const batch = dates.slice(i, i + PARALLEL_BOOKINGS);
    const done = await Promise.all(batch.map(record));
    recorded.push(...batch.filter((_, j) => done[j]));
  }
  const all = ruleDates(series.rule);
  const last = all[all.length - 1]!;
  const bookedThrough = through < last ? through : last;
  if (series.bookedThrough !== null && bookedThrough <= series.bookedThrough) return recorded;
  const current = await getSeries(series.tenantId, series.id);
  if (current?.status !== 'active') return recorded;
  await saveSeries(
    current,
    {
      ...current,
      bookedThrough,
      status: bookedThrough === last ? 'ended' : 'active',
      updatedAt: now.toISOString(),
    },
    'series.extended',
    null,
    now,
  );
  return recorded;
}

export const listTenantSeries = async (tenantId: string, facilityId?: string): Promise<Series[]> =>
  (await listSeries(tenantId))
    .filter((s) => !facilityId || s.facilityId === facilityId)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));

async function occurrenceView(tenantId: string, o: StoredOccurrence): Promise<SeriesOccurrence> {
  const appointment = o.appointmentId ? await getAppointment(tenantId, o.appointmentId) : null;
  return {
    date: o.date,
    appointmentId: o.appointmentId,
    conflict: o.conflict,
    status: appointment?.status ?? null,
    scheduledDate: appointment?.scheduledDate ?? null,
    scheduledTimeStart: appointment?.scheduledTimeStart ?? null,
    doorNumber: appointment?.doorNumber ?? null,
    bookingReference: appointment?.bookingReference ?? null,
  };
}

export async function seriesDetail(tenantId: string, id: string): Promise<SeriesDetail> {
  const series = await getSeries(tenantId, id);
  if (!series) throw new NotFoundError(SERIES_NOT_FOUND);
  const stored = await listOccurrences(tenantId, id);
  return { ...series, occurrences: await Promise.all(stored.map((o) => occurrenceView(tenantId, o))) };
}

/**
 * Cancels the series from a date on: each of its occurrences booked for that date or later that is
 * still scheduled is cancelled as any appointment is (with the reason), and the worker books no more.
 */
export async function cancelSeriesFrom(
  user: SessionUser,
  id: string,
  input: z.output<typeof cancelSeriesSchema>,
  actor: Actor,
  now = new Date(),
): Promise<SeriesDetail> {
  const series = await getSeries(user.tenantId, id);
  if (!series) throw new NotFoundError(SERIES_NOT_FOUND);
  if (series.status === 'cancelled')
    throw new ConflictError(`This standing appointment was cancelled from ${series.cancelledFrom}`);
  await saveSeries(
    series,
    {
      ...series,
      status: 'cancelled',
      cancelledFrom: input.fromDate,
      cancellationReason: input.reason,
      updatedAt: now.toISOString(),
    },
    'series.cancelled',
    actor,
    now,
  );
  for (const o of await listOccurrences(user.tenantId, id)) {
    if (!o.appointmentId) continue;
    // An occurrence moved since counts at the date it is now.
    const appointment = await getAppointment(user.tenantId, o.appointmentId);
    if (appointment?.status !== 'scheduled' || appointment.scheduledDate < input.fromDate) continue;
    // Staff cancel inside the facility's change cut-off too: the series is theirs to end.
    await cancelAppointment(user, appointment.id, { reason: input.reason, overrideCutoff: true }, now);
  }
  return seriesDetail(user.tenantId, id);
}

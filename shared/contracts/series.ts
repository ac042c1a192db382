// Standing appointments (issue #32): a series books a regular load on chosen weekdays at one time, until
// an end date or for a number of occurrences (an RFC 5545 rule kept on the series). Its occurrences are
// real appointments, booked ahead for a horizon; a date that cannot be booked is kept as a conflict.
import * as z from 'zod/mini';
import { dateString, timeOfDay } from './fields';
import { appointmentInputSchema, cancelAppointmentSchema, LOAD_TYPES, type AppointmentStatus } from './appointments';
import { windowIssues } from './appointment-times';

/** Weekdays as RFC 5545 names them (BYDAY), Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The most occurrences one series may have (two years of a weekly load). */
export const MAX_OCCURRENCES = 104;
/** How far ahead occurrences are booked. */
export const HORIZON_WEEKS = 8;

const NO_WEEKDAY = 'Choose at least one weekday';
const END_OR_COUNT = 'Give an end date or a number of occurrences';
const COUNT_RANGE = `Number of occurrences must be between 1 and ${MAX_OCCURRENCES}`;
/** The fields a series books each occurrence with, as a booking names them. */
const booking = appointmentInputSchema.shape;

export const seriesInputSchema = z
  .strictObject({
    facilityId: booking.facilityId,
    carrierId: booking.carrierId,
    driverId: booking.driverId,
    vehicleLicense: booking.vehicleLicense,
    dockDoorId: booking.dockDoorId,
    /** The facility's appointment type: its duration rule sets each occurrence's end. */
    typeId: booking.typeId,
    weekdays: z.pipe(
      z.array(z.enum(WEEKDAYS, { error: NO_WEEKDAY }), { error: NO_WEEKDAY }).check(z.minLength(1, NO_WEEKDAY)),
      z.transform((days) => WEEKDAYS.filter((d) => days.includes(d))),
    ),
    timeStart: timeOfDay('Please select start time'),
    /** Without a type the end is given; with one it is the type's duration from the start. */
    timeEnd: z.pipe(
      z.nullable(z.optional(z.string().check(z.trim()))),
      z.transform((v) => (v ? v : null)),
    ),
    startDate: dateString('Please select a start date'),
    endDate: z.pipe(
      z.nullable(z.optional(z.string().check(z.trim()))),
      z.transform((v) => (v ? v : null)),
    ),
    count: z.pipe(
      z.optional(z.union([z.literal(''), z.null(), z.coerce.number({ error: COUNT_RANGE }).check(z.int(COUNT_RANGE))])),
      z.transform((v) => (v === '' || v === undefined ? null : v)),
    ),
    loadType: booking.loadType,
    poNumber: booking.poNumber,
    quantity: booking.quantity,
    palletCount: booking.palletCount,
    specialInstructions: booking.specialInstructions,
    fields: booking.fields,
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.timeEnd && !v.typeId) windowIssues(v.timeStart, v.timeEnd, ctx, 'timeEnd');
      if (!v.timeEnd && !v.typeId)
        ctx.addIssue({ code: 'custom', path: ['timeEnd'], message: 'Please select end time or an appointment type' });
      if (v.endDate === null && v.count === null)
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: END_OR_COUNT });
      if (v.endDate !== null && v.count !== null)
        ctx.addIssue({
          code: 'custom',
          path: ['count'],
          message: 'Give an end date or a number of occurrences, not both',
        });
      if (v.count !== null && (v.count < 1 || v.count > MAX_OCCURRENCES))
        ctx.addIssue({ code: 'custom', path: ['count'], message: COUNT_RANGE });
      if (v.endDate !== null) {
        const end = dateString('Use a date in the form YYYY-MM-DD').safeParse(v.endDate);
        if (!end.success)
          ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Use a date in the form YYYY-MM-DD' });
        else if (v.endDate < v.startDate)
          ctx.addIssue({
            code: 'custom',
            path: ['endDate'],
            message: 'The end date must be on or after the start date',
          });
      }
    }),
  );
export type SeriesInput = z.input<typeof seriesInputSchema>;

/** Cancelling a series from a date on: its scheduled occurrences on and after it, with a reason. */
export const cancelSeriesSchema = z.strictObject({
  fromDate: dateString('Please select the date to cancel from'),
  reason: cancelAppointmentSchema.shape.reason,
});
export type CancelSeriesInput = z.input<typeof cancelSeriesSchema>;

/** `paused`: its creator may no longer book for every carrier (issue #52.9); the worker books no more. */
export const SERIES_STATUSES = ['active', 'ended', 'cancelled', 'paused'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/**
 * Why the horizon worker paused a series (issue #52.9): it books with the rights its creator holds on
 * the day it runs, so a creator who lost them (removed, deactivated, no longer staff who book for every
 * carrier) stops the series, and the staff see why. In the API's English, as a conflict is.
 */
export const SERIES_PAUSED_TEXTS = {
  noAccount: (name: string) => `Paused: ${name} no longer has an account in this organisation`,
  inactive: (name: string) => `Paused: the account of ${name} is no longer active`,
  notMember: (name: string) => `Paused: ${name} is no longer a member of this organisation`,
  mayNotBook: (name: string) => `Paused: ${name} may no longer book appointments for every carrier`,
};

export interface Series {
  id: string;
  tenantId: string;
  facilityId: string;
  facilityName: string;
  carrierId: string;
  carrierName: string;
  driverId: string | null;
  vehicleLicense: string | null;
  dockDoorId: string | null;
  typeId: string | null;
  weekdays: Weekday[];
  timeStart: string;
  timeEnd: string | null;
  startDate: string;
  endDate: string | null;
  count: number | null;
  /** The RFC 5545 rule (DTSTART and RRULE lines), in the facility's local time. */
  rule: string;
  loadType: (typeof LOAD_TYPES)[number];
  poNumber: string | null;
  quantity: number | null;
  palletCount: number | null;
  specialInstructions: string | null;
  fields: Record<string, string | number | boolean | null>;
  status: SeriesStatus;
  /** The last date whose occurrence has been booked or reported (null: none yet). */
  bookedThrough: string | null;
  cancelledFrom: string | null;
  cancellationReason: string | null;
  /** Why the worker paused it and when (issue #52.9); absent on a series that was never paused. */
  pausedReason?: string | null;
  pausedAt?: string | null;
  createdAt: string;
  createdBy: string;
  createdById: string;
  /** The tenant holding the creator's user record when it differs from the series' (a membership). */
  createdByHomeTenantId?: string;
  updatedAt: string;
  revision?: number;
}

/** One date of a series: its appointment, or the conflict that kept it from being booked. */
export interface SeriesOccurrence {
  date: string;
  appointmentId: string | null;
  /** Why the date was not booked (a holiday's name, no free door...), in the API's English. */
  conflict: string | null;
  /** The appointment as it is now (it may have been moved or cancelled like any appointment). */
  status: AppointmentStatus | null;
  scheduledDate: string | null;
  scheduledTimeStart: string | null;
  doorNumber: string | null;
  bookingReference: string | null;
}

export interface SeriesDetail extends Series {
  occurrences: SeriesOccurrence[];
}

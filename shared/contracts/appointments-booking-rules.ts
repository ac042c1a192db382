// A facility's booking rules (issue #32, carrier self-service): how far ahead carriers and guests may
// book, when bookings for tomorrow close, when changes close before a slot, whether a vehicle may hold
// more than one open appointment a day, and when drivers are reminded. No rule is set until the
// facility saves them; carrier bookings need no staff approval until the facility asks for it; the reminder comes 2 hours ahead by default.
import * as z from 'zod/mini';
import { seenRevision, timeOfDay } from './fields';

export const DEFAULT_REMINDER_MINUTES = 120;
/** The earliest a reminder may come: a day before the start. */
export const MAX_REMINDER_MINUTES = 1440;
/** The longest lead time a facility may set: 90 days. */
export const MAX_LEAD_HOURS = 90 * 24;

const hours = (label: string) =>
  z._default(
    z.nullable(
      z
        .number({ error: `${label} must be a whole number of hours` })
        .check(
          z.int(`${label} must be a whole number of hours`),
          z.gte(0, `${label} must be between 0 and ${MAX_LEAD_HOURS} hours`),
          z.lte(MAX_LEAD_HOURS, `${label} must be between 0 and ${MAX_LEAD_HOURS} hours`),
        ),
    ),
    null,
  );

export const bookingRulesSchema = z
  .strictObject({
    minLeadHours: hours('Minimum lead time'),
    maxLeadHours: hours('Maximum lead time'),
    nextDayCutoff: z._default(z.nullable(timeOfDay('Cut-off time must be HH:MM')), null),
    changeCutoffHours: hours('Change cut-off'),
    onePerVehiclePerDay: z._default(
      z.boolean({ error: 'One appointment per vehicle per day must be true or false' }),
      false,
    ),
    /** Carrier bookings wait for staff approval (pending_approval) before they are confirmed. */
    approvalRequired: z._default(
      z.boolean({ error: 'Carrier bookings need staff approval must be true or false' }),
      false,
    ),
    reminderMinutes: z._default(
      z
        .number({ error: 'Reminder lead time must be between 15 and 1440 minutes' })
        .check(
          z.int('Reminder lead time must be between 15 and 1440 minutes'),
          z.gte(15, 'Reminder lead time must be between 15 and 1440 minutes'),
          z.lte(MAX_REMINDER_MINUTES, 'Reminder lead time must be between 15 and 1440 minutes'),
        ),
      DEFAULT_REMINDER_MINUTES,
    ),
    revision: seenRevision,
  })
  .check(
    z.superRefine((rules, ctx) => {
      if (rules.minLeadHours !== null && rules.maxLeadHours !== null && rules.maxLeadHours < rules.minLeadHours)
        ctx.addIssue({
          code: 'custom',
          path: ['maxLeadHours'],
          message: 'Maximum lead time must not be less than the minimum',
        });
    }),
  );
export type BookingRulesInput = z.input<typeof bookingRulesSchema>;

export interface BookingRules {
  facilityId: string;
  minLeadHours: number | null;
  maxLeadHours: number | null;
  nextDayCutoff: string | null;
  changeCutoffHours: number | null;
  onePerVehiclePerDay: boolean;
  approvalRequired: boolean;
  reminderMinutes: number;
  revision: number;
  updatedAt: string | null;
}

/** The refusals of the rules, in the words the carrier reads (Hindi in the server catalogue). */
export const BOOKING_RULE_TEXTS = {
  tooSoon: (hours: number) => `Bookings close ${hours} hours before the slot. Choose a later slot.`,
  tooFar: (hours: number) => `Bookings open ${hours} hours before the slot. Choose an earlier slot.`,
  dayClosed: (date: string, time: string) =>
    `Bookings for ${date} closed at ${time} the day before. Choose a later day.`,
  changeClosed: (hours: number) => `Changes close ${hours} hours before the slot. Call the facility.`,
  vehicleBooked: (vehicle: string, date: string) => `Vehicle ${vehicle} already has an open appointment on ${date}.`,
  overrideNotAllowed: 'Only facility staff can override the change cut-off',
} as const;

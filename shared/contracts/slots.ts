// Time slots, their availability and holidays (docs/architecture.md §1, facilities).
import * as z from 'zod/mini';
import { toMinutes } from '../time';
import { changesSome, dateString, NOTHING_TO_CHANGE, nonNegativeInt, requiredText, timeOfDay } from './fields';

export const availabilityQuerySchema = z
  .object({
    date: dateString('Please select a date'),
    timeStart: timeOfDay('Please select start time'),
    timeEnd: timeOfDay('Please select end time'),
  })
  .check(
    z.refine((v) => toMinutes(v.timeEnd) > toMinutes(v.timeStart), {
      message: 'End time must be after start time',
      path: ['timeEnd'],
    }),
  );

export const holidayInputSchema = z.strictObject({
  holidayDate: dateString('Please select a date'),
  name: requiredText('Holiday name is required', 80),
});

export const slotUpdateSchema = z
  .strictObject({
    isBlocked: z.optional(z.boolean()),
    capacity: z.optional(
      nonNegativeInt('Capacity must be non-negative').check(z.lte(100, 'At most 100 bookings per slot')),
    ),
  })
  .check(z.refine(changesSome(['isBlocked', 'capacity']), { message: NOTHING_TO_CHANGE, path: ['_'] }));

export const slotsQuerySchema = z.object({
  date: dateString('Please select a date'),
  facilityId: z.optional(z.string().check(z.maxLength(64))),
  facility: z.optional(z.string().check(z.maxLength(140))),
});

/** Slot search (issue #32): the slots of a date, for a load of an appointment type when one is named. */
export const slotSearchQuerySchema = z.extend(slotsQuerySchema, {
  typeId: z.optional(z.string().check(z.trim(), z.maxLength(64, 'Appointment type not found'))),
  quantity: z.optional(
    z.coerce
      .number({ error: 'Must be a whole number' })
      .check(
        z.int('Must be a whole number'),
        z.gte(0, 'Must be between 0 and 100000'),
        z.lte(100000, 'Must be between 0 and 100000'),
      ),
  ),
});

/** A slot as stored (once booked, blocked or resized). */
export interface SlotRecord {
  facilityId: string;
  slotDate: string;
  startTime: string;
  endTime: string;
  capacity: number;
  bookedCount: number;
  isBlocked: boolean;
}

/** A slot as the API returns it: the record plus its id and whether it can be booked now. */
export interface Slot extends SlotRecord {
  id: string;
  isAvailable: boolean;
}

export interface Holiday {
  facilityId: string;
  holidayDate: string;
  name: string;
}

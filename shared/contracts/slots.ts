// Time slots, their availability and holidays (docs/architecture.md §1, facilities).
import * as z from 'zod';
import { toMinutes } from '../time';
import { changesSome, dateString, NOTHING_TO_CHANGE, nonNegativeInt, requiredText, timeOfDay } from './fields';

export const availabilityQuerySchema = z
  .object({
    date: dateString('Please select a date'),
    timeStart: timeOfDay('Please select start time'),
    timeEnd: timeOfDay('Please select end time'),
  })
  .refine((v) => toMinutes(v.timeEnd) > toMinutes(v.timeStart), {
    message: 'End time must be after start time',
    path: ['timeEnd'],
  });

export const holidayInputSchema = z.strictObject({
  holidayDate: dateString('Please select a date'),
  name: requiredText('Holiday name is required', 80),
});

export const slotUpdateSchema = z
  .strictObject({
    isBlocked: z.boolean().optional(),
    capacity: nonNegativeInt('Capacity must be non-negative').max(100, 'At most 100 bookings per slot').optional(),
  })
  .refine(changesSome(['isBlocked', 'capacity']), { message: NOTHING_TO_CHANGE, path: ['_'] });

export const slotsQuerySchema = z.object({
  date: dateString('Please select a date'),
  facilityId: z.string().max(64).optional(),
  facility: z.string().max(140).optional(),
});

/** Slot search (issue #32): the slots of a date, for a load of an appointment type when one is named. */
export const slotSearchQuerySchema = slotsQuerySchema.extend({
  typeId: z.string().trim().max(64, 'Appointment type not found').optional(),
  quantity: z.coerce
    .number({ error: 'Must be a whole number' })
    .int('Must be a whole number')
    .min(0, 'Must be between 0 and 100000')
    .max(100000, 'Must be between 0 and 100000')
    .optional(),
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

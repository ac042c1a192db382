// Pure rules for a facility's bookable slots: generated from opening hours and slot length, then
// overlaid with the stored records (bookings, blocks, capacity changes), holidays and the clock.
import type { Slot } from '../../shared/contracts/slots';
import { fromMinutes, hasStarted, toMinutes } from '../../shared/time';
import type { SlotRecord } from './slot.store';

export interface SlotFacility {
  id: string;
  operatingHoursStart: string;
  operatingHoursEnd: string;
  slotMinutes: number;
  slotCapacity: number;
  timeZone: string;
}

export const slotId = (date: string, startTime: string) => `${date}_${startTime.replace(':', '')}`;

export function parseSlotId(id: string): { date: string; startTime: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})_(\d{2})(\d{2})$/.exec(id);
  return m ? { date: m[1]!, startTime: `${m[2]}:${m[3]}` } : null;
}

/** The slots of one day from opening to closing; a slot that would end after closing is not offered. */
export function generateDaySlots(facility: SlotFacility, date: string): SlotRecord[] {
  const open = toMinutes(facility.operatingHoursStart);
  const close = toMinutes(facility.operatingHoursEnd);
  const slots: SlotRecord[] = [];
  for (let start = open; start + facility.slotMinutes <= close; start += facility.slotMinutes) {
    slots.push({
      facilityId: facility.id,
      slotDate: date,
      startTime: fromMinutes(start),
      endTime: fromMinutes(start + facility.slotMinutes),
      capacity: facility.slotCapacity,
      bookedCount: 0,
      isBlocked: false,
    });
  }
  return slots;
}

export function daySlots(
  facility: SlotFacility,
  date: string,
  stored: SlotRecord[],
  isHoliday: boolean,
  now: Date,
): Slot[] {
  const byStart = new Map(generateDaySlots(facility, date).map((s) => [s.startTime, s]));
  // Stored records win; one kept from an earlier slot length still shows while it has bookings or a block.
  for (const record of stored)
    if (byStart.has(record.startTime) || record.bookedCount > 0 || record.isBlocked)
      byStart.set(record.startTime, record);
  return [...byStart.values()]
    .sort((a, b) => a.startTime.localeCompare(b.startTime))
    .map((s) => ({
      id: slotId(date, s.startTime),
      facilityId: facility.id,
      slotDate: date,
      startTime: s.startTime,
      endTime: s.endTime,
      capacity: s.capacity,
      bookedCount: s.bookedCount,
      isBlocked: s.isBlocked || isHoliday,
      isAvailable:
        !isHoliday &&
        !s.isBlocked &&
        s.bookedCount < s.capacity &&
        !hasStarted(facility.timeZone, date, s.startTime, now),
    }));
}

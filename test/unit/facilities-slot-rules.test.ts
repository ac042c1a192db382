// The facilities' slot rules: the slots of a day from opening hours, overlaid with stored records,
// holidays and the clock.
import { describe, expect, it } from 'vitest';
import {
  daySlots,
  generateDaySlots,
  parseSlotId,
  slotId,
  type SlotFacility,
} from '../../functions/facilities/slot-rules';
import type { SlotRecord } from '../../shared/contracts/slots';
import { DEFAULT_TIME_ZONE } from '../../shared/time';

const facility: SlotFacility = {
  id: 'f1',
  operatingHoursStart: '08:00',
  operatingHoursEnd: '11:30',
  slotMinutes: 60,
  slotCapacity: 2,
  timeZone: DEFAULT_TIME_ZONE,
};
const DAY = '2026-03-10';
/** An instant given as India time (UTC+05:30). */
const ist = (date: string, time: string) => new Date(`${date}T${time}+05:30`);
const dayBefore = ist('2026-03-09', '12:00:00');
const record = (startTime: string, changes: Partial<SlotRecord> = {}): SlotRecord => ({
  facilityId: 'f1',
  slotDate: DAY,
  startTime,
  endTime: startTime,
  capacity: 2,
  bookedCount: 0,
  isBlocked: false,
  ...changes,
});

describe('slotId / parseSlotId', () => {
  it('round-trips a date and start time', () => {
    // Act
    const id = slotId(DAY, '09:30');
    // Assess
    expect(id).toBe('2026-03-10_0930');
    expect(parseSlotId(id)).toEqual({ date: DAY, startTime: '09:30' });
  });

  it('refuses anything else', () => {
    expect(parseSlotId('2026-03-10_930')).toBeNull();
    expect(parseSlotId('2026-03-10T0930')).toBeNull();
    expect(parseSlotId('')).toBeNull();
  });
});

describe('generateDaySlots', () => {
  it('fills the day from opening and leaves out a slot that would end after closing', () => {
    // Act
    const slots = generateDaySlots(facility, DAY);
    // Assess: 08, 09, 10 fit; 11:00-12:00 would end after 11:30.
    expect(slots.map((s) => `${s.startTime}-${s.endTime}`)).toEqual(['08:00-09:00', '09:00-10:00', '10:00-11:00']);
    expect(slots.every((s) => s.capacity === 2 && s.bookedCount === 0 && !s.isBlocked)).toBe(true);
  });

  it('offers the last slot when it ends exactly at closing', () => {
    expect(generateDaySlots({ ...facility, operatingHoursEnd: '11:00' }, DAY).at(-1)).toMatchObject({
      startTime: '10:00',
      endTime: '11:00',
    });
  });
});

describe('daySlots', () => {
  it('offers a free slot of a later day', () => {
    // Act
    const slots = daySlots(facility, DAY, [], false, dayBefore);
    // Assess
    expect(slots.map((s) => [s.id, s.isAvailable])).toEqual([
      ['2026-03-10_0800', true],
      ['2026-03-10_0900', true],
      ['2026-03-10_1000', true],
    ]);
  });

  it('stops offering a slot at its start minute, not a minute later', () => {
    // Act
    const before = daySlots(facility, DAY, [], false, ist(DAY, '08:59:59'));
    const atStart = daySlots(facility, DAY, [], false, ist(DAY, '09:00:00'));
    // Assess
    expect(before.map((s) => s.isAvailable)).toEqual([false, true, true]);
    expect(atStart.map((s) => s.isAvailable)).toEqual([false, false, true]);
  });

  it('refuses a full or blocked slot and shows a stored one kept from an earlier slot length while it is booked', () => {
    // Prepare
    const stored = [
      record('08:00', { bookedCount: 2 }),
      record('09:00', { isBlocked: true }),
      record('10:30', { endTime: '11:00', bookedCount: 1 }),
      record('07:30', { endTime: '08:00' }),
    ];
    // Act
    const slots = daySlots(facility, DAY, stored, false, dayBefore);
    // Assess: 07:30 has no booking and no block, so it is not shown.
    expect(slots.map((s) => [s.startTime, s.isAvailable, s.isBlocked])).toEqual([
      ['08:00', false, false],
      ['09:00', false, true],
      ['10:00', true, false],
      ['10:30', true, false],
    ]);
  });

  it('blocks every slot of a holiday', () => {
    const slots = daySlots(facility, DAY, [], true, dayBefore);
    expect(slots.every((s) => s.isBlocked && !s.isAvailable)).toBe(true);
  });
});

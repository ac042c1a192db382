// Slot search (issue #32), the one rule for staff, carriers and guests: without an appointment type, the
// facility's bookable slots as before (one slot per truck, by each slot's capacity); with a type, the
// starts on the slot grid where a door that takes the type is free for the load's whole duration, its
// real minutes counted by the doors' quarter-hour blocks (a 90-minute load does not fit a 60-minute gap).
import { listDockDoors, slotsOf, type DockDoor, type Facility } from '../facilities';
import type { TypedLoad } from '../appointment-types';
import { heldBlocksOfDay } from './appointment.store';
import { hasStarted, quarterBlocks } from './rules';
import { fromMinutes, toMinutes } from '../../shared/time';
import type { AppointmentType } from '../../shared/contracts/appointment-types';
import type { Slot } from '../../shared/contracts/slots';

/** The doors that take a type: those it names (every door when it names none), not under maintenance. */
export const doorsTaking = (doors: DockDoor[], type: AppointmentType) =>
  doors.filter((d) => d.status !== 'maintenance' && (!type.doorIds.length || type.doorIds.includes(d.id)));

export const doorTakesType = (door: DockDoor, type: AppointmentType) => doorsTaking([door], type).length === 1;

/** A day of the doors that take a type, each with the quarter hours already held. */
async function doorDay(facility: Facility, date: string, type: AppointmentType, excludeDoorIds: string[] = []) {
  const doors = doorsTaking(await listDockDoors(facility.tenantId, facility.id), type).filter(
    (d) => !excludeDoorIds.includes(d.id),
  );
  const held = await Promise.all(doors.map((d) => heldBlocksOfDay(facility.tenantId, facility.id, d.id, date)));
  return doors.map((door, i) => ({ door, held: held[i]! }));
}

const freeFor = (held: Set<string>, start: string, end: string) => quarterBlocks(start, end).every((b) => !held.has(b));

/** The end of a load starting at `start`. */
export const loadEnd = (start: string, load: TypedLoad) => fromMinutes(toMinutes(start) + load.durationMinutes);

/** The slots to offer on a date: see the top of this file. */
export async function searchSlots(
  facility: Facility,
  date: string,
  load: TypedLoad | null,
  now = new Date(),
): Promise<Slot[]> {
  const grid = await slotsOf(facility, date, now);
  if (!load) return grid.filter((s) => s.isAvailable && !s.isBlocked);
  const close = toMinutes(facility.operatingHoursEnd);
  const day = await doorDay(facility, date, load.type);
  const blocked = new Set(grid.filter((s) => s.isBlocked).map((s) => s.startTime));
  const offered: Slot[] = [];
  for (const slot of grid) {
    const end = toMinutes(slot.startTime) + load.durationMinutes;
    // Doors are the capacity of a typed load: the slot's own places (untyped bookings) do not count.
    if (end > close || slot.isBlocked || hasStarted(facility.timeZone, date, slot.startTime, now)) continue;
    const endTime = fromMinutes(end);
    // A blocked grid slot inside the load's window closes the window too.
    if (grid.some((s) => blocked.has(s.startTime) && s.startTime >= slot.startTime && s.startTime < endTime)) continue;
    const free = day.filter((d) => freeFor(d.held, slot.startTime, endTime)).length;
    if (!free) continue;
    offered.push({
      ...slot,
      endTime,
      capacity: day.length,
      bookedCount: day.length - free,
      isAvailable: true,
    });
  }
  return offered;
}

/** A door that takes the type and is free for the load from `start` (null: none). */
export async function freeDoorFor(
  facility: Facility,
  date: string,
  start: string,
  load: TypedLoad,
  excludeDoorIds: string[] = [],
): Promise<DockDoor | null> {
  const end = loadEnd(start, load);
  const day = await doorDay(facility, date, load.type, excludeDoorIds);
  return day.find((d) => freeFor(d.held, start, end))?.door ?? null;
}

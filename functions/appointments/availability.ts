// Availability: whether a window of a facility can be booked (open, not a holiday, not past, its
// dock door free by the one door rule of door-reservation.ts). Booking and reschedules ask it before
// they reserve anything; the reservation's conditional writes still decide when two requests race.
import { getDockDoor, isHoliday, type Facility } from '../facilities';
import { doorRefusal, DOOR_NOT_FOUND } from './door-reservation';
import { hasStarted, withinOpeningHours } from './rules';

export interface Availability {
  available: boolean;
  reason?: string;
}

export interface Window {
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
  if (hasStarted(w.facility.timeZone, w.date, w.timeStart, now))
    return { available: false, reason: 'This time is in the past' };
  if (!withinOpeningHours(w.facility, w.timeStart, w.timeEnd))
    return {
      available: false,
      reason: `The facility is open ${w.facility.operatingHoursStart}-${w.facility.operatingHoursEnd}`,
    };
  if (await isHoliday(w.facility, w.date))
    return { available: false, reason: 'The facility is closed on this date (holiday)' };
  if (w.dockDoorId) {
    const door = await getDockDoor(w.facility.tenantId, w.facility.id, w.dockDoorId);
    if (!door) return { available: false, reason: DOOR_NOT_FOUND };
    const refusal = await doorRefusal(
      door,
      {
        tenantId: w.facility.tenantId,
        facilityId: w.facility.id,
        scheduledDate: w.date,
        scheduledTimeStart: w.timeStart,
        scheduledTimeEnd: w.timeEnd,
      },
      w.excludeAppointmentId,
    );
    if (refusal) return { available: false, reason: refusal.message };
  }
  return { available: true };
}

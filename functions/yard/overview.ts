// The live yard (docs/architecture.md §1, yard): each door's state now and the overview of doors,
// spots and waiting trucks. Pure functions; insights' dashboard counts doors with liveDoors too.
import { ON_SITE_STATUSES as AT_DOOR, type Appointment } from '../../shared/contracts/appointments';
import type { Checkin } from '../../shared/contracts/checkins';
import type { DockDoor } from '../facilities';
import type { YardSpot } from './yard-spot.store';

export function liveDoors(doors: DockDoor[], today: Appointment[]) {
  const inUse = new Map(today.filter((a) => a.dockDoorId && AT_DOOR.includes(a.status)).map((a) => [a.dockDoorId!, a]));
  return doors.map((d) => {
    const a = inUse.get(d.id);
    const status =
      d.status === 'maintenance'
        ? 'maintenance'
        : a
          ? a.status === 'loading' || a.status === 'unloading'
            ? 'loading'
            : 'occupied'
          : d.status;
    return {
      id: d.id,
      doorNumber: d.doorNumber,
      doorType: d.doorType,
      status,
      assetId: a?.vehicleLicense ?? a?.bookingReference ?? d.assetId ?? null,
      appointmentId: a?.id ?? null,
    };
  });
}

/** The live yard; `atDoors` holds at least the day's appointments on site at a door (others are ignored). */
export function yardOverview(doors: DockDoor[], spots: YardSpot[], atDoors: Appointment[], checkins: Checkin[]) {
  const live = liveDoors(doors, atDoors);
  // A checked-in truck parked on a spot (Assign Spots) is counted once, with the spots.
  const parked = new Set(spots.map((s) => s.currentAssetId));
  const waiting = checkins.filter(
    (c) => c.status === 'checked_in' && !parked.has(c.vehicleLicense ?? c.bookingReference),
  ).length;
  const occupied = live.filter((d) => d.status === 'occupied' || d.status === 'loading').length;
  return {
    doors: live,
    spots,
    occupiedDocks: occupied,
    totalDocks: doors.length,
    utilization: doors.length ? Math.round((occupied / doors.length) * 100) : 0,
    waitingTrucks: waiting + spots.filter((s) => s.status === 'occupied').length,
    availableSpots: spots.filter((s) => s.status === 'empty').length,
    recentActivity: checkins.slice(0, 10).map((c) => ({
      id: c.id,
      at: c.departedAt ?? c.completedAt ?? c.atDockAt ?? c.checkInTime,
      text: `${c.driverName}${c.vehicleLicense ? ` (${c.vehicleLicense})` : ''} · ${c.status.replace('_', ' ')}${c.doorNumber ? ` · dock ${c.doorNumber}` : ''}`,
    })),
  };
}

// The live yard (docs/architecture.md §1, yard): each door's state now and the overview of doors,
// spots and waiting trucks. Pure functions; insights' dashboard counts doors with liveDoors too.
import { ON_SITE_STATUSES as AT_DOOR, type Appointment } from '../../shared/contracts/appointments';
import type { Checkin } from '../../shared/contracts/checkins';
import type { DockDoor } from '../facilities';
import type { YardSpot } from './yard-spot.store';
import type { YardTask } from '../../shared/contracts/yard';

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

/**
 * The doors as the yard's open moves leave them (issue #58.4): a trailer on its way from a spot is not
 * at its door yet (the door waits for it, showing no trailer); a trailer still to be taken back to a
 * spot stands at its door, which is occupied until the move is done.
 */
function withMoves(live: ReturnType<typeof liveDoors>, moves: YardTask[]) {
  return live.map((door) => {
    const move = moves.find((m) => m.dockDoorId === door.id);
    if (!move) return { ...door, move: null };
    const summary = { taskId: move.id, kind: move.kind, state: move.state, assetId: move.assetId };
    if (move.kind === 'to_door') return { ...door, assetId: null, move: { ...summary, spotNumber: move.spotNumber } };
    const status = door.status === 'available' ? ('occupied' as const) : door.status;
    return {
      ...door,
      status,
      assetId: door.assetId ?? move.assetId,
      move: { ...summary, spotNumber: move.spotNumber },
    };
  });
}

/**
 * The live yard; `atDoors` holds at least the day's appointments on site at a door (others are ignored),
 * `moves` the yard's open and started move tasks.
 */
export function yardOverview(
  doors: DockDoor[],
  spots: YardSpot[],
  atDoors: Appointment[],
  checkins: Checkin[],
  moves: YardTask[] = [],
) {
  const live = withMoves(liveDoors(doors, atDoors), moves);
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

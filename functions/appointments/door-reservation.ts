// The one door rule (issue #28.1): every path that puts a truck at a dock door (staff and integration
// bookings, quick and gate check-ins, walk-ins, door assignment, reschedules) reserves it here, with
// the same checks and the same refusals: the door is of the facility, not under maintenance, and
// neither booked for the window (its quarter-hour blocks) nor taken by a truck standing at it. The
// checks read first, for a clear answer; the reservation's items go into the caller's transaction,
// where the door's in-service condition and the blocks' attribute_not_exists decide any race.
// Leaving the door (completed, departed) releases its blocks from now on (doorReleaseItems).
// A truck reaching its door (arriveAtDoor, issue #52.5) is checked against the truck standing there,
// kept or given, and takes the door's occupant record (door-occupant.store.ts) with a condition, so two
// trucks racing for a door never both stand at it; a late one holds the door from now, not its window,
// and one on time after its window began claims only the quarters from the one under way.
import { BadRequestError, ConflictError, RevisionConflictError } from '../lib/errors';
import { doorInServiceCheck, getDockDoor, getFacility, type DockDoor } from '../facilities';
import { EARLY_CHECKIN_MINUTES } from '../../shared/contracts/checkins';
import { instantOf, DEFAULT_TIME_ZONE } from '../../shared/time';
import { blockDeletes, blockPuts, doorBlockKeys, doorHolders, listAppointmentsAtDoors } from './appointment.store';
import { doorOccupant, occupantDelete, occupantPut } from './door-occupant.store';
import { blocksFromNow, doorTimeAhead, heldWindow, lateDoorTime } from './rules';
import type { TransactItems } from './context';
import type { Appointment } from '../../shared/contracts/appointments';

export const DOOR_NOT_FOUND = 'Dock door not found at this facility';
/** A refusal, shown on the door field too. */
const onDoorField = (refusal: ConflictError) => new ConflictError(refusal.message, { dockDoorId: refusal.message });
const underMaintenance = (door: DockDoor) =>
  onDoorField(new ConflictError(`Door ${door.doorNumber} is under maintenance`));
const booked = (door: DockDoor) =>
  onDoorField(new ConflictError(`Door ${door.doorNumber} is already booked at this time`));
const truckAtDoor = (door: DockDoor) =>
  onDoorField(new ConflictError(`Door ${door.doorNumber} is in use by another truck`));

type DoorWindow = Pick<
  Appointment,
  'tenantId' | 'facilityId' | 'scheduledDate' | 'scheduledTimeStart' | 'scheduledTimeEnd' | 'doorTime'
>;

const zoneOf = async (w: Pick<Appointment, 'tenantId' | 'facilityId'>) =>
  (await getFacility(w.tenantId, w.facilityId))?.timeZone ?? DEFAULT_TIME_ZONE;

/**
 * Whether a truck other than the holder's stands at the door: its occupant record, read consistently,
 * or (for a truck that reached it before occupant records were kept) the at-door index of the day.
 */
async function otherTruckAt(door: DockDoor, w: DoorWindow, holder?: string): Promise<boolean> {
  const [occupant, atDoors] = await Promise.all([
    doorOccupant(w.tenantId, w.facilityId, door.id),
    listAppointmentsAtDoors(w.tenantId, w.facilityId, heldWindow(w).date),
  ]);
  return (occupant !== null && occupant !== holder) || atDoors.some((a) => a.dockDoorId === door.id && a.id !== holder);
}

/** The facility's door a request names (null when it names none); an unknown door is a 400 on dockDoorId. */
export async function requestedDoor(
  tenantId: string,
  facilityId: string,
  dockDoorId: string | null | undefined,
): Promise<DockDoor | null> {
  if (!dockDoorId) return null;
  const door = await getDockDoor(tenantId, facilityId, dockDoorId);
  if (!door) throw new BadRequestError(DOOR_NOT_FOUND, { dockDoorId: DOOR_NOT_FOUND });
  return door;
}

/**
 * Why the door cannot take the window (null: it can), read now: under maintenance, its blocks held
 * by another appointment, or another truck standing at it while the window is due (started, or
 * starting within the check-in opening): a window later in the day is the blocks' to decide, since
 * that truck will have left. `holder` is the appointment asking (its own blocks and truck do not count).
 * `arriving`: the truck reaches the door at `now`, so only its door time ahead is checked (the quarters
 * gone by are history, whoever held them).
 */
export async function doorRefusal(
  door: DockDoor,
  w: DoorWindow,
  holder?: string,
  now = new Date(),
  arriving?: { timeZone: string },
): Promise<ConflictError | null> {
  if (door.status === 'maintenance') return underMaintenance(door);
  const held = heldWindow(w);
  const checked = arriving ? doorTimeAhead(arriving.timeZone, held, now) : held;
  const [holders, standing] = await Promise.all([
    checked ? doorHolders(w.tenantId, w.facilityId, door.id, checked.date, checked.start, checked.end) : [],
    otherTruckAt(door, w, holder),
  ]);
  if (holders.some((id) => id !== holder)) return booked(door);
  if (standing) {
    const due =
      instantOf(held.date, held.start, await zoneOf(w)).getTime() - now.getTime() <= EARLY_CHECKIN_MINUTES * 60_000;
    if (due) return truckAtDoor(door);
  }
  return null;
}

export interface DoorReservation {
  /** Items for the caller's transaction (placed first: `withDoor`). */
  items: TransactItems;
  /** The refusal of a failed item of `items`, by its index there. */
  refusal: (index: number) => Error;
}

/**
 * Reserves `door` for the appointment as it will be (`after`: its door and window), freeing what it
 * held before (`before`, null for a new appointment). Checks first (a 409 on dockDoorId); nothing to
 * check or write when the door and window are those it already holds. A truck `arriving` at the door
 * takes only the quarters from the one under way (doorRefusal's `arriving`).
 */
export async function reserveDoor(
  door: DockDoor | null,
  after: Appointment,
  before: Appointment | null = null,
  arriving?: { timeZone: string; now: Date },
): Promise<DoorReservation> {
  const held = before ? doorBlockKeys(before) : [];
  const wanted = door ? doorBlockKeys({ ...after, dockDoorId: door.id }) : [];
  const window = heldWindow(after);
  const ahead = arriving
    ? blocksFromNow(arriving.timeZone, window.date, window.start, window.end, arriving.now)
    : undefined;
  const claimed = door && ahead ? doorBlockKeys({ ...after, dockDoorId: door.id }, ahead) : wanted;
  const isHeld = (key: { SK: string }, keys: { SK: string }[]) => keys.some((k) => k.SK === key.SK);
  const freed = held.filter((k) => !isHeld(k, wanted));
  const taken = claimed.filter((k) => !isHeld(k, held));
  if (door && taken.length) {
    const refusal = await doorRefusal(door, after, after.id, arriving?.now, arriving);
    if (refusal) throw refusal;
  }
  const inService = door && taken.length ? [doorInServiceCheck(after.tenantId, after.facilityId, door.id)] : [];
  return {
    items: [...inService, ...blockDeletes(freed, after.id), ...blockPuts(taken, after.id)],
    refusal: (index) =>
      index < inService.length
        ? underMaintenance(door!)
        : index < inService.length + freed.length
          ? new RevisionConflictError()
          : booked(door!),
  };
}

/** No door to reserve (a move that keeps the door it has). */
export const NO_DOOR: DoorReservation = { items: [], refusal: () => new RevisionConflictError() };

/** A transaction's items with the reservation's first, and the error of a failed item of either. */
export function withDoor(
  reservation: DoorReservation,
  items: TransactItems,
  otherwise: (index: number) => Error,
): [TransactItems, (index: number) => Error] {
  const own = reservation.items.length;
  return [
    [...reservation.items, ...items],
    (index) => (index < own ? reservation.refusal(index) : otherwise(index - own)),
  ];
}

/** The facility's door an appointment is booked at (null: none, or a door since removed). */
export async function bookedDoor(a: Pick<Appointment, 'tenantId' | 'facilityId' | 'dockDoorId'>) {
  return a.dockDoorId ? getDockDoor(a.tenantId, a.facilityId, a.dockDoorId) : null;
}

export interface Arrival {
  /** What the appointment takes with it: a late truck's door time (rules.ts lateDoorTime). */
  changes: Partial<Pick<Appointment, 'doorTime'>>;
  /** The door reservation and occupant record, for the arrival's transaction (withDoor). */
  reservation: DoorReservation;
}

/**
 * A truck reaches `door` now (checked in, walked in, given a door), as the appointment will be
 * (`after`, with that door) from `before` (null: a walk-in, new). Refused when another truck stands
 * there; a late truck holds the door from the quarter hour under way (its blocks checked and reserved);
 * the door's occupant record is put with a condition, which decides a race of two trucks for it.
 */
export async function arriveAtDoor(
  door: DockDoor | null,
  after: Appointment,
  before: Appointment | null,
  now: Date,
): Promise<Arrival> {
  if (!door) return { changes: {}, reservation: NO_DOOR };
  const timeZone = await zoneOf(after);
  const doorTime = lateDoorTime(timeZone, after, now);
  const changes = doorTime ? { doorTime } : {};
  const at: Appointment = { ...after, ...changes, dockDoorId: door.id, doorNumber: door.doorNumber };
  // The door's time ahead first (booked, under maintenance), as for any reservation; then the truck standing there.
  const reservation = await reserveDoor(door, at, before, { timeZone, now });
  if (await otherTruckAt(door, at, after.id)) throw truckAtDoor(door);
  const own = reservation.items.length;
  return {
    changes,
    reservation: {
      items: [...reservation.items, occupantPut(after.tenantId, after.facilityId, door.id, after.id, now)],
      refusal: (index) => (index < own ? reservation.refusal(index) : truckAtDoor(door)),
    },
  };
}

/**
 * Items that free the door of an appointment whose truck left it at `now`: the rest of its door time,
 * and its occupant record when it holds it (a truck that arrived before those were kept holds none).
 */
export async function doorReleaseItems(a: Appointment, timeZone: string, now: Date): Promise<TransactItems> {
  const held = heldWindow(a);
  const blocks = blockDeletes(doorBlockKeys(a, blocksFromNow(timeZone, held.date, held.start, held.end, now)), a.id);
  const standing = a.dockDoorId && (await doorOccupant(a.tenantId, a.facilityId, a.dockDoorId)) === a.id;
  return standing ? [...blocks, occupantDelete(a.tenantId, a.facilityId, a.dockDoorId!, a.id)] : blocks;
}

/** Items that free all the door time of an appointment that will not come (cancelled, no-show). */
export const doorFreeItems = (a: Appointment): TransactItems => blockDeletes(doorBlockKeys(a), a.id);

// Pure rules of the yard: which waiting trucks Assign Spots places, and on which free spots.
import type { YardTaskState } from '../../shared/contracts/yard';

/** Spots are numbered outward from the gate: the lowest number (Y01) is the nearest. */
export const bySpotNumber = (a: { spotNumber: string }, b: { spotNumber: string }) =>
  a.spotNumber.localeCompare(b.spotNumber, 'en', { numeric: true });

/** At most this many trucks per Assign Spots (4 transaction items each, within DynamoDB's 100). */
export const MAX_PLACEMENTS = 24;

export interface WaitingTruck {
  checkinId: string;
  appointmentId: string;
  /** What the spot shows for the truck: its vehicle number, else the booking reference. */
  assetId: string;
  checkInTime: string;
}

interface Spot {
  id: string;
  spotNumber: string;
  status: 'empty' | 'occupied' | 'maintenance';
  currentAssetId: string | null;
}

/**
 * Pairs the waiting trucks that stand on no spot, the longest-waiting first, with the free spots
 * (empty: not occupied, not under maintenance), nearest the gate first. Returns the pairs and how
 * many of those trucks are left without a spot.
 */
export function planSpotAssignment<T extends WaitingTruck, S extends Spot>(
  waiting: T[],
  spots: S[],
  max = MAX_PLACEMENTS,
) {
  const parked = new Set(spots.map((s) => s.currentAssetId).filter(Boolean));
  const seen = new Set<string>();
  const trucks = [...waiting]
    .sort((a, b) => a.checkInTime.localeCompare(b.checkInTime) || a.checkinId.localeCompare(b.checkinId))
    .filter((t) => !parked.has(t.assetId) && !seen.has(t.assetId) && seen.add(t.assetId));
  const free = spots.filter((s) => s.status === 'empty' && !s.currentAssetId).sort(bySpotNumber);
  const count = Math.min(trucks.length, free.length, max);
  return {
    placements: trucks.slice(0, count).map((truck, i) => ({ truck, spot: free[i]! })),
    stillWaiting: trucks.length - count,
  };
}

// --- yard moves as tasks (issue #58.4) ---------------------------------------------------------

/** The task's states and where each may go; cancelling is the plan's (the worker), never a tap. */
export const YARD_TASK_MOVES = {
  open: ['started', 'cancelled'],
  started: ['done', 'cancelled'],
  done: [],
  cancelled: [],
} as const satisfies Record<YardTaskState, readonly YardTaskState[]>;

export const isActiveTask = (t: { state: YardTaskState }) => t.state === 'open' || t.state === 'started';

/** Why a task in `from` cannot move to `to` (the 409's message), or null when it may. */
export function taskMoveRefusal(from: YardTaskState, to: 'started' | 'done'): string | null {
  if ((YARD_TASK_MOVES[from] as readonly YardTaskState[]).includes(to)) return null;
  if (from === 'done') return 'This yard task is already done';
  if (from === 'cancelled') return 'This yard task was cancelled';
  if (from === 'started') return 'This yard task has already been started';
  return 'Start this yard task before finishing it';
}

/** The free spot nearest the gate that no other move is taking a trailer to, or null. */
export function nearestFreeSpot<S extends Spot>(spots: S[], taken: ReadonlySet<string> = new Set()): S | null {
  return (
    spots.filter((s) => s.status === 'empty' && !s.currentAssetId && !taken.has(s.id)).sort(bySpotNumber)[0] ?? null
  );
}

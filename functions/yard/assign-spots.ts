// Assign Spots (/yard): parks the trucks that wait in the yard (checked in, appointment arrived,
// not held at the gate, not at a door, on no spot) on the free spots nearest the gate, in one transaction. Every spot is
// written only if unchanged since it was read, every truck only if it stands on no spot, every
// check-in only if still waiting; if anything moved meanwhile nothing is placed (409).
import type { Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError } from '../lib/errors';
import { getAppointment } from '../appointments';
import { checkinStatusCheck, listFacilityCheckins } from '../checkins';
import { listYardSpots, placementItems } from './yard-spot.store';
import type { Facility } from '../facilities';
import { planSpotAssignment, type WaitingTruck } from './rules';
import { heldAtGate } from '../../shared/contracts/gate';

export interface SpotAssignment {
  placed: { spotId: string; spotNumber: string; assetId: string; appointmentId: string; checkinId: string }[];
  /** Waiting trucks left without a spot (no free spot, or more than one run places). */
  stillWaiting: number;
}

async function waitingTrucks(facility: Facility): Promise<(WaitingTruck & { status: 'checked_in' })[]> {
  // A truck held at the gate has not come in: it gets a spot once a yard manager lets it through.
  const checkedIn = (await listFacilityCheckins(facility.tenantId, facility.id)).filter(
    (c) => c.status === 'checked_in' && !heldAtGate(c.gate),
  );
  const appointments = await Promise.all(checkedIn.map((c) => getAppointment(facility.tenantId, c.appointmentId)));
  return checkedIn
    .filter((_, i) => appointments[i]?.status === 'arrived')
    .map((c) => ({
      checkinId: c.id,
      appointmentId: c.appointmentId,
      assetId: c.vehicleLicense ?? c.bookingReference,
      checkInTime: c.checkInTime,
      status: 'checked_in' as const,
    }));
}

/** Reads the yard and the waiting trucks and decides which truck goes to which spot. */
export async function planYardAssignment(facility: Facility) {
  const [spots, waiting] = await Promise.all([listYardSpots(facility.tenantId, facility.id), waitingTrucks(facility)]);
  return planSpotAssignment(waiting, spots);
}

/** Writes a plan in one transaction, each part conditioned on what the plan was made from. */
export async function applyYardAssignment(
  facility: Facility,
  plan: Awaited<ReturnType<typeof planYardAssignment>>,
  actor: Actor,
  now = new Date(),
): Promise<SpotAssignment> {
  const { placements, stillWaiting } = plan;
  if (!placements.length) return { placed: [], stillWaiting };
  const { items, placed } = placementItems(
    facility.tenantId,
    placements.map(({ truck, spot }) => ({
      spot,
      assetId: truck.assetId,
      reason: { checkinId: truck.checkinId, appointmentId: truck.appointmentId },
    })),
    actor,
    now,
  );
  const checks = placements.map(({ truck }) =>
    checkinStatusCheck({ tenantId: facility.tenantId, id: truck.checkinId, status: truck.status }),
  );
  await transact(
    [...items, ...checks],
    () =>
      new ConflictError(
        'The yard changed while spots were being assigned; no truck was placed. Refresh and try again.',
      ),
  );
  return {
    placed: placed.map((spot, i) => ({
      spotId: spot.id,
      spotNumber: spot.spotNumber,
      assetId: spot.currentAssetId,
      appointmentId: placements[i]!.truck.appointmentId,
      checkinId: placements[i]!.truck.checkinId,
    })),
    stillWaiting,
  };
}

export async function assignWaitingTrucks(facility: Facility, actor: Actor, now = new Date()): Promise<SpotAssignment> {
  return applyYardAssignment(facility, await planYardAssignment(facility), actor, now);
}

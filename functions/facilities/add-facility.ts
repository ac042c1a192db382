// Add Facility: the facility and the dock doors its "Total dock doors" asks for (D01..Dn), so a new
// facility can take bookings at once instead of waiting for its doors to be added one by one.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError, ServiceUnavailableError } from '../lib/errors';
import { dockDoorNumber } from '../../shared/contracts/facilities';
import { newDockDoorPuts, type DockDoor } from './dock-door.store';
import { createFacility, facilityDoorCountIncrement, type Facility, type FacilityFields } from './facility.store';

/** Doors per transaction: two items each (the door and its number) plus the count, under DynamoDB's 100. */
const DOORS_PER_WRITE = 49;

export async function addFacility(
  tenantId: string,
  input: FacilityFields,
  actor: Actor | null,
  now = new Date(),
): Promise<Facility> {
  const facility = await createFacility(tenantId, input, actor, {}, now);
  const doors: DockDoor[] = Array.from({ length: input.totalDockDoors }, (_, i) => ({
    id: randomUUID(),
    tenantId,
    facilityId: facility.id,
    doorNumber: dockDoorNumber(i + 1),
    doorType: 'standard',
    maxVehicleHeight: null,
    maxVehicleWidth: null,
    status: 'available',
    assetId: null,
    createdAt: now.toISOString(),
  }));
  let created = 0;
  for (let i = 0; i < doors.length; i += DOORS_PER_WRITE) {
    const chunk = doors.slice(i, i + DOORS_PER_WRITE);
    try {
      await transact(
        [...chunk.flatMap(newDockDoorPuts), facilityDoorCountIncrement(tenantId, facility.id, chunk.length)],
        () => new ConflictError(`Door ${chunk[0]?.doorNumber ?? ''} already exists at this facility`),
      );
    } catch {
      // The facility and the doors written so far stay: say exactly what exists so nothing is added twice.
      throw new ServiceUnavailableError(
        `${facility.name} was added with ${created} of ${doors.length} dock doors; add the others under Dock doors`,
      );
    }
    created += chunk.length;
  }
  return { ...facility, doorCount: created };
}

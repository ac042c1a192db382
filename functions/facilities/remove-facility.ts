// Deleting a facility: refused, with the reason, while anything depends on it. The facility's own
// records say so here (the tenant's default, its dock doors, its booked days); a domain above that
// keeps records of its own in a facility checks them first (the warehouse: its stock and zones).
import type { Actor } from '../lib/audit';
import { ConflictError, NotFoundError } from '../lib/errors';
import { deleteFacility, getFacility } from './facility.store';
import { hasCountedBookings } from './slot.store';

export async function removeFacility(tenantId: string, facilityId: string, actor: Actor, now = new Date()) {
  const facility = await getFacility(tenantId, facilityId);
  if (!facility) throw new NotFoundError('Facility not found');
  if (await hasCountedBookings(tenantId, facilityId))
    throw new ConflictError(`${facility.name} has appointments and cannot be deleted`);
  // The default and the doors are checked again inside the delete's own transaction.
  await deleteFacility(tenantId, facilityId, actor, now);
}

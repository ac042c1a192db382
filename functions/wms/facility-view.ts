// The warehouse's Facilities tab (doc 3 §7 /api/wms/facilities): a view of the facilities domain's one
// facility record in the spec's WMS Facility shape, never a record of its own (issue 28, issue 51).
// Creating, editing and deleting go through the facilities domain's use cases and rules; a delete is
// refused first for what only the warehouse knows of (stock, zones), then for what the facility's own
// records say (bookings, the tenant's default, dock doors).
import type * as z from 'zod/mini';
import type { Actor } from '../lib/audit';
import { ConflictError } from '../lib/errors';
import { revisionOf } from '../lib/revision';
import { addFacility, listFacilities, removeFacility, updateFacility, type Facility } from '../facilities';
import type { Paged } from '../../shared/contracts/wms';
import type {
  WmsFacility,
  wmsFacilityInputSchema,
  wmsFacilityListQuerySchema,
  wmsFacilityUpdateSchema,
} from '../../shared/contracts/wms-facilities';
import { readCounters } from './counters.store';
import { lineListCounter, matchesSearch, pageOf } from './rules';
import { facilityOf } from './stock';
import { listZones } from './zone.store';

export function wmsFacility(f: Facility): WmsFacility {
  return {
    id: f.id,
    name: f.name,
    address: f.address,
    operatingHoursStart: f.operatingHoursStart,
    operatingHoursEnd: f.operatingHoursEnd,
    totalDockDoors: f.totalDockDoors,
    qrCode: null,
    createdAt: f.createdAt,
    revision: revisionOf(f),
    doorCount: f.doorCount ?? 0,
  };
}

export async function listWmsFacilities(
  tenantId: string,
  q: z.output<typeof wmsFacilityListQuerySchema>,
): Promise<Paged<WmsFacility>> {
  const found = (await listFacilities(tenantId)).filter((f) => matchesSearch(q.search, f.name, f.address, f.city));
  const { data, pagination } = pageOf(found, q.page, q.limit);
  return { data: data.map(wmsFacility), pagination };
}

/** Add Facility, as /facilities does it: the facility and the dock doors its total asks for. */
export async function createWmsFacility(
  tenantId: string,
  input: z.output<typeof wmsFacilityInputSchema>,
  actor: Actor,
): Promise<WmsFacility> {
  return wmsFacility(await addFacility(tenantId, input, actor));
}

export async function updateWmsFacility(
  tenantId: string,
  id: string,
  edit: z.output<typeof wmsFacilityUpdateSchema>,
  actor: Actor,
): Promise<WmsFacility> {
  return wmsFacility(await updateFacility(tenantId, id, edit, actor));
}

export async function deleteWmsFacility(tenantId: string, id: string, actor: Actor): Promise<void> {
  const facility = await facilityOf(tenantId, id);
  const [counters, zones] = await Promise.all([readCounters(tenantId), listZones(tenantId)]);
  const lines = counters[lineListCounter({ facilityId: id, status: null })] ?? 0;
  if (lines > 0)
    throw new ConflictError(
      `${facility.name} has ${lines} inventory lines and cannot be deleted. Remove its stock first.`,
    );
  const ownZones = zones.filter((zone) => zone.facilityId === id).length;
  if (ownZones > 0)
    throw new ConflictError(`${facility.name} has ${ownZones} warehouse zones. Delete its zones first.`);
  await removeFacility(tenantId, id, actor);
}

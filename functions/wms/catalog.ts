// The warehouse's places: WMS facilities (the dock side's facilities, shown with the fields of doc 3
// §3), zones and bins. These are short lists (a tenant has a few facilities, hundreds of zones, a
// few thousand bins): each is one key query, filtered and paged in memory with the current names.
import type * as z from 'zod';
import type { Actor } from '../lib/audit';
import { ConflictError, NotFoundError } from '../lib/errors';
import { createFacility, deleteFacility, getFacility, listFacilities, updateFacility, type Facility } from '../facilities';
import { facilityInputSchema } from '../../shared/contracts/facilities';
import type { Bin, binListQuerySchema, facilityListQuerySchema, Paged, WmsFacility, wmsFacilityInputSchema, Zone, zoneListQuerySchema } from '../../shared/contracts/wms';
import { createBin, deleteBin, getBin, listBins, updateBin, type BinFields, type StoredBin } from './bin.store';
import { freezerOf } from './cycle-count.store';
import { timeOrderedId } from './page.store';
import { matchesSearch, pageOf } from './rules';
import { createZone, deleteZone, getZone, listZones, missingZone, updateZone, type ZoneFields } from './zone.store';

type WmsFacilityFields = z.output<typeof wmsFacilityInputSchema>;

export function wmsFacility(f: Facility): WmsFacility {
  return { id: f.id, name: f.name, address: f.address, operatingHoursStart: f.operatingHoursStart, operatingHoursEnd: f.operatingHoursEnd, totalDockDoors: f.totalDockDoors, qrCode: (f as Facility & { qrCode?: string | null }).qrCode ?? null, createdAt: f.createdAt };
}

export async function listWmsFacilities(tenantId: string, q: z.output<typeof facilityListQuerySchema>): Promise<Paged<WmsFacility>> {
  const all = (await listFacilities(tenantId)).filter((f) => matchesSearch(q.search, f.name, f.address, f.city));
  const { data, pagination } = pageOf(all, q.page, q.limit);
  return { data: data.map(wmsFacility), pagination };
}

export async function createWmsFacility(tenantId: string, input: WmsFacilityFields, actor: Actor): Promise<WmsFacility> {
  const { qrCode: _qr, ...fields } = input;
  return wmsFacility(await createFacility(tenantId, facilityInputSchema.parse(fields), actor));
}

export async function updateWmsFacility(tenantId: string, id: string, input: WmsFacilityFields, actor: Actor): Promise<WmsFacility> {
  const { qrCode: _qr, ...fields } = input;
  return wmsFacility(await updateFacility(tenantId, id, fields, actor));
}

export async function deleteWmsFacility(tenantId: string, id: string, actor: Actor): Promise<void> {
  const facility = await getFacility(tenantId, id);
  if (!facility) throw new NotFoundError('Facility not found');
  const zones = (await listZones(tenantId)).filter((z) => z.facilityId === id);
  if (zones.length) throw new ConflictError(`${facility.name} has ${zones.length} warehouse zones. Delete its zones first.`);
  await deleteFacility(tenantId, id, actor);
}

// --- zones -----------------------------------------------------------------------------------------

async function facilityNames(tenantId: string) {
  return new Map((await listFacilities(tenantId)).map((f) => [f.id, f.name]));
}

export async function zoneViews(tenantId: string): Promise<Zone[]> {
  const [zones, names] = await Promise.all([listZones(tenantId), facilityNames(tenantId)]);
  return zones.map(({ tenantId: _t, ...z }) => ({ ...z, facilityName: names.get(z.facilityId) ?? '' })).sort((a, b) => a.facilityName.localeCompare(b.facilityName) || a.code.localeCompare(b.code, 'en', { numeric: true }));
}

export async function listZonePage(tenantId: string, q: z.output<typeof zoneListQuerySchema>): Promise<Paged<Zone>> {
  const all = (await zoneViews(tenantId)).filter((z) => (!q.facilityId || z.facilityId === q.facilityId) && (!q.zoneType || z.zoneType === q.zoneType) && matchesSearch(q.search, z.name, z.code, z.description));
  return pageOf(all, q.page, q.limit);
}

export async function saveZone(tenantId: string, id: string | null, fields: ZoneFields, actor: Actor): Promise<Zone> {
  const facility = await getFacility(tenantId, fields.facilityId);
  if (!facility) throw new NotFoundError('Facility not found');
  if (!id) return { ...(await createZone(tenantId, timeOrderedId(), fields, actor)), facilityName: facility.name };
  const before = await getZone(tenantId, id);
  if (!before) throw missingZone();
  return { ...(await updateZone(before, fields, actor)), facilityName: facility.name };
}

export async function removeZone(tenantId: string, id: string, actor: Actor) {
  const zone = await getZone(tenantId, id);
  if (!zone) throw missingZone();
  if (zone.binCount > 0) throw new ConflictError(`Zone ${zone.name} still has ${zone.binCount} bins. Delete or move its bins first.`);
  await deleteZone(zone, actor);
}

// --- bins ------------------------------------------------------------------------------------------

export async function binViews(tenantId: string, bins?: StoredBin[]): Promise<Bin[]> {
  const [all, zones, names] = await Promise.all([bins ?? listBins(tenantId), listZones(tenantId), facilityNames(tenantId)]);
  const zoneById = new Map(zones.map((z) => [z.id, z]));
  return all
    .map(({ tenantId: _t, lineCount: _l, ...b }) => ({ ...b, zoneName: zoneById.get(b.zoneId)?.name ?? '', facilityName: names.get(b.facilityId) ?? '', frozenBy: null }))
    .sort((a, b) => a.binCode.localeCompare(b.binCode, 'en', { numeric: true }));
}

export async function listBinPage(tenantId: string, q: z.output<typeof binListQuerySchema>): Promise<Paged<Bin>> {
  const all = (await binViews(tenantId)).filter(
    (b) => (!q.facilityId || b.facilityId === q.facilityId) && (!q.zoneId || b.zoneId === q.zoneId) && (!q.binType || b.binType === q.binType) && (!q.status || b.status === q.status) && matchesSearch(q.search, b.binCode, b.aisle),
  );
  return pageOf(all, q.page, q.limit);
}

export async function binView(tenantId: string, id: string): Promise<Bin> {
  const bin = await getBin(tenantId, id);
  if (!bin) throw new NotFoundError('Bin not found');
  const [view] = await binViews(tenantId, [bin]);
  const freezer = (await freezerOf(tenantId, { kind: 'BIN', id })) ?? (await freezerOf(tenantId, { kind: 'ZONE', id: bin.zoneId })) ?? (await freezerOf(tenantId, { kind: 'FACILITY', id: bin.facilityId }));
  return { ...view!, frozenBy: freezer?.countNumber ?? null };
}

export async function saveBin(tenantId: string, id: string | null, fields: BinFields, actor: Actor): Promise<Bin> {
  const zone = await getZone(tenantId, fields.zoneId);
  if (!zone) throw new NotFoundError('Zone not found');
  if (!id) return binView(tenantId, (await createBin(tenantId, timeOrderedId(), zone.facilityId, fields, actor)).id);
  const before = await getBin(tenantId, id);
  if (!before) throw new NotFoundError('Bin not found');
  await updateBin(before, zone.facilityId, fields, actor);
  return binView(tenantId, id);
}

export async function removeBin(tenantId: string, id: string, actor: Actor) {
  const bin = await getBin(tenantId, id);
  if (!bin) throw new NotFoundError('Bin not found');
  if (bin.currentQuantity > 0 || bin.lineCount > 0) throw new ConflictError(`Bin ${bin.binCode} still holds ${bin.currentQuantity} units in ${bin.lineCount} inventory lines. Move or remove them first.`);
  await deleteBin(bin, actor);
}

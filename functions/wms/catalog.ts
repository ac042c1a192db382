// The warehouse's places: zones and bins, in the facilities domain's facilities (which only
// /facilities creates and edits: their opening hours drive slot booking). These are short lists
// (hundreds of zones, a few thousand bins): each is one key query, filtered and paged in memory
// with the current names.
import type * as z from 'zod/mini';
import type { Actor } from '../lib/audit';
import { ConflictError, NotFoundError } from '../lib/errors';
import { changeAtRevision, revisionOf } from '../lib/revision';
import { getFacility, listFacilities } from '../facilities';
import type {
  Bin,
  binInputSchema,
  binListQuerySchema,
  Paged,
  Zone,
  zoneListQuerySchema,
} from '../../shared/contracts/wms';
import { createBin, deleteBin, getBin, listBins, updateBin, type StoredBin } from './bin.store';
import { freezerOf } from './cycle-count.store';
import { timeOrderedId } from './page.store';
import { codeKey, matchesSearch, pageOf } from './rules';
import { checkBinCode } from './bin-codes';
import { createZone, deleteZone, getZone, listZones, missingZone, updateZone, type ZoneFields } from './zone.store';

// --- zones -----------------------------------------------------------------------------------------

async function facilityNames(tenantId: string) {
  return new Map((await listFacilities(tenantId)).map((f) => [f.id, f.name]));
}

export async function zoneViews(tenantId: string): Promise<Zone[]> {
  const [zones, names] = await Promise.all([listZones(tenantId), facilityNames(tenantId)]);
  return zones
    .map(({ tenantId: _t, ...z }) => ({ ...z, facilityName: names.get(z.facilityId) ?? '' }))
    .sort(
      (a, b) => a.facilityName.localeCompare(b.facilityName) || a.code.localeCompare(b.code, 'en', { numeric: true }),
    );
}

export async function listZonePage(tenantId: string, q: z.output<typeof zoneListQuerySchema>): Promise<Paged<Zone>> {
  const all = (await zoneViews(tenantId)).filter(
    (z) =>
      (!q.facilityId || z.facilityId === q.facilityId) &&
      (!q.zoneType || z.zoneType === q.zoneType) &&
      matchesSearch(q.search, z.name, z.code, z.description),
  );
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
  if (zone.binCount > 0)
    throw new ConflictError(`Zone ${zone.name} still has ${zone.binCount} bins. Delete or move its bins first.`);
  await deleteZone(zone, actor);
}

// --- bins ------------------------------------------------------------------------------------------

export async function binViews(tenantId: string, bins?: StoredBin[]): Promise<Bin[]> {
  const [all, zones, names] = await Promise.all([
    bins ?? listBins(tenantId),
    listZones(tenantId),
    facilityNames(tenantId),
  ]);
  const zoneById = new Map(zones.map((z) => [z.id, z]));
  return all
    .map(({ tenantId: _t, lineCount: _l, ...b }) => ({
      ...b,
      revision: revisionOf(b),
      zoneName: zoneById.get(b.zoneId)?.name ?? '',
      facilityName: names.get(b.facilityId) ?? '',
      frozenBy: null,
    }))
    .sort((a, b) => a.binCode.localeCompare(b.binCode, 'en', { numeric: true }));
}

export async function listBinPage(tenantId: string, q: z.output<typeof binListQuerySchema>): Promise<Paged<Bin>> {
  const all = (await binViews(tenantId)).filter(
    (b) =>
      (!q.facilityId || b.facilityId === q.facilityId) &&
      (!q.zoneId || b.zoneId === q.zoneId) &&
      (!q.binType || b.binType === q.binType) &&
      (!q.status || b.status === q.status) &&
      matchesSearch(q.search, b.binCode, b.aisle),
  );
  return pageOf(all, q.page, q.limit);
}

export async function binView(tenantId: string, id: string): Promise<Bin> {
  const bin = await getBin(tenantId, id);
  if (!bin) throw new NotFoundError('Bin not found');
  const [view] = await binViews(tenantId, [bin]);
  const freezer =
    (await freezerOf(tenantId, { kind: 'BIN', id })) ??
    (await freezerOf(tenantId, { kind: 'ZONE', id: bin.zoneId })) ??
    (await freezerOf(tenantId, { kind: 'FACILITY', id: bin.facilityId }));
  return { ...view!, frozenBy: freezer?.countNumber ?? null };
}

/** A new bin, or an edit of one from the revision its form loaded (`revision`; left out, as stored). */
export async function saveBin(
  tenantId: string,
  id: string | null,
  input: z.output<typeof binInputSchema>,
  actor: Actor,
): Promise<Bin> {
  const { revision: seen, ...fields } = input;
  const zone = await getZone(tenantId, fields.zoneId);
  if (!zone) throw new NotFoundError('Zone not found');
  if (!id) {
    await checkBinCode(tenantId, zone.facilityId, fields.binCode);
    return binView(tenantId, (await createBin(tenantId, timeOrderedId(), zone.facilityId, fields, actor)).id);
  }
  await changeAtRevision({
    read: () => getBin(tenantId, id),
    seen,
    view: (current) => binView(tenantId, current.id),
    apply: async (before) => {
      if (!before) throw new NotFoundError('Bin not found');
      if (codeKey(before.binCode) !== codeKey(fields.binCode) || before.facilityId !== zone.facilityId)
        await checkBinCode(tenantId, zone.facilityId, fields.binCode);
      await updateBin(before, zone.facilityId, fields, actor);
    },
  });
  return binView(tenantId, id);
}

export async function removeBin(tenantId: string, id: string, actor: Actor) {
  const bin = await getBin(tenantId, id);
  if (!bin) throw new NotFoundError('Bin not found');
  if (bin.currentQuantity > 0 || bin.lineCount > 0)
    throw new ConflictError(
      `Bin ${bin.binCode} still holds ${bin.currentQuantity} units in ${bin.lineCount} inventory lines. Move or remove them first.`,
    );
  await deleteBin(bin, actor);
}

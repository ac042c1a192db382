// How a facility spells its bin codes, and bins made in bulk from a range (issue #29: a hub's
// warehouse set up in minutes). The pattern is a warehouse setting of the facility (default
// DEFAULT_BIN_CODE_PATTERN); a range is checked whole — its codes, the cap, the codes the zone
// already uses — before anything is written, then written in chunks of one transaction each. A chunk
// that fails takes the chunks before it back, so the user sees the range made whole or not at all;
// only if taking back fails too does the answer name exactly the bins that stay.
import type { Actor } from '../lib/audit';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { changeAtRevision, revisionOf } from '../lib/revision';
import {
  binRangePlaces,
  DEFAULT_BIN_CODE_PATTERN,
  followsPattern,
  type BinRange,
  type BinRangeResult,
  type WmsFacilitySettings,
  type wmsFacilitySettingsSchema,
} from '../../shared/contracts/wms-bins';
import type * as z from 'zod/mini';
import { createBinChunk, removeBinChunk, takenBinCodes, type StoredBin } from './bin.store';
import { timeOrderedId } from './page.store';
import { BIN_RANGE_CHUNK, codeKey, listedCodes } from './rules';
import { getFacilitySettings, putFacilitySettings, type StoredFacilitySettings } from './settings.store';
import { facilityOf } from './stock';
import { getZone } from './zone.store';

const MAX_CODE_LENGTH = 30;

function settingsView(facilityId: string, stored: StoredFacilitySettings | null): WmsFacilitySettings {
  return {
    facilityId,
    binCodePattern: stored?.binCodePattern ?? DEFAULT_BIN_CODE_PATTERN,
    saved: !!stored,
    revision: stored ? revisionOf(stored) : 0,
    updatedAt: stored?.updatedAt ?? null,
  };
}

export async function facilitySettings(tenantId: string, facilityId: string): Promise<WmsFacilitySettings> {
  return settingsView(facilityId, await getFacilitySettings(tenantId, facilityId));
}

export async function saveFacilitySettings(
  tenantId: string,
  facilityId: string,
  input: z.output<typeof wmsFacilitySettingsSchema>,
  actor: Actor,
): Promise<WmsFacilitySettings> {
  await facilityOf(tenantId, facilityId);
  return changeAtRevision({
    read: () => getFacilitySettings(tenantId, facilityId),
    seen: input.revision,
    view: (current) => settingsView(facilityId, current),
    apply: async (before) =>
      settingsView(
        facilityId,
        await putFacilitySettings(before, { tenantId, facilityId, binCodePattern: input.binCodePattern }, actor),
      ),
  });
}

/** A single bin's code, once its facility has saved a pattern, must follow it. */
export async function checkBinCode(tenantId: string, facilityId: string, binCode: string) {
  const settings = await facilitySettings(tenantId, facilityId);
  if (!settings.saved || followsPattern(settings.binCodePattern, binCode)) return;
  const message = `Bin code ${binCode} does not follow this facility's pattern ${settings.binCodePattern}`;
  throw new BadRequestError(message, { binCode: message });
}

export async function createBinRange(
  tenantId: string,
  range: BinRange,
  actor: Actor,
  now = new Date(),
): Promise<BinRangeResult> {
  const zone = await getZone(tenantId, range.zoneId);
  if (!zone) throw new NotFoundError('Zone not found');
  const { binCodePattern } = await facilitySettings(tenantId, zone.facilityId);
  const places = binRangePlaces(binCodePattern, range);

  const seen = new Set<string>();
  for (const { code } of places) {
    if (code.length > MAX_CODE_LENGTH) {
      const message = `Bin code ${code} would be longer than 30 characters`;
      throw new BadRequestError(message, { range: message });
    }
    if (seen.has(codeKey(code))) {
      const message = `The pattern ${binCodePattern} makes the code ${code} twice in this range: give {rack} and {level} a width`;
      throw new BadRequestError(message, { range: message });
    }
    seen.add(codeKey(code));
  }
  const taken = await takenBinCodes(
    tenantId,
    zone.id,
    places.map((p) => p.code),
  );
  if (taken.length) {
    const message = `${taken.length} of these bin codes are already used in zone ${zone.name}, so nothing was created: ${listedCodes(taken)}`;
    throw new ConflictError(message, { range: message });
  }

  const { zoneId: _zone, aisleFrom, aisleTo, rackFrom, rackTo, levelFrom, levelTo, ...details } = range;
  const at = now.toISOString();
  const bins: StoredBin[] = places.map((p) => ({
    ...details,
    id: timeOrderedId(now.getTime()),
    tenantId,
    facilityId: zone.facilityId,
    zoneId: zone.id,
    binCode: p.code,
    aisle: p.aisle,
    rack: String(p.rack),
    shelf: null,
    level: p.level,
    currentQuantity: 0,
    lineCount: 0,
    createdAt: at,
    updatedAt: at,
  }));
  const audited = { pattern: binCodePattern, aisleFrom, aisleTo, rackFrom, rackTo, levelFrom, levelTo };
  const written: StoredBin[][] = [];
  for (let i = 0; i < bins.length; i += BIN_RANGE_CHUNK) {
    const chunk = bins.slice(i, i + BIN_RANGE_CHUNK);
    try {
      await createBinChunk(chunk, audited, actor, now);
      written.push(chunk);
    } catch (err) {
      const kept = await takeBack(written, actor, now);
      if (!kept.length) throw err;
      const message = `The range stopped part-way and ${kept.length} bins could not be taken back; they exist: ${listedCodes(kept.map((b) => b.binCode))}`;
      throw new ConflictError(message, { range: message });
    }
  }
  return { created: bins.length, zoneId: zone.id, bins: bins.map((b) => ({ id: b.id, binCode: b.binCode })) };
}

/** Removes the chunks a range wrote, newest first; answers the bins that could not be removed. */
async function takeBack(written: StoredBin[][], actor: Actor, now: Date): Promise<StoredBin[]> {
  const kept: StoredBin[] = [];
  for (const chunk of [...written].reverse()) {
    try {
      await removeBinChunk(chunk, actor, now);
    } catch {
      kept.push(...chunk);
    }
  }
  return kept;
}

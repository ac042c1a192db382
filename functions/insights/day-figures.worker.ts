// The read model's writer: every change of an appointment or a check-in on the table's stream moves
// its facility's day counters by the difference of its contributions (day-figures.ts), once per
// stream record (its marker in day-figures.store.ts), so figures are read from a few items.
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { defineWorker } from '../lib/worker';
import { DEFAULT_TIME_ZONE, facilityTimeZone } from '../../shared/time';
import { getFacility } from '../facilities';
import { changeDeltas, contributionOf } from './day-figures';
import { applyChange } from './day-figures.store';

/** Facility time zones, which a check-in's day depends on (a facility's zone does not change often). */
const zones = new Map<string, string>();

async function timeZones(images: (Record<string, unknown> | undefined)[]) {
  for (const image of images) {
    if (image?.entity !== 'checkin') continue;
    const key = `${String(image.tenantId)}/${String(image.facilityId)}`;
    if (!zones.has(key))
      zones.set(key, facilityTimeZone(await getFacility(String(image.tenantId), String(image.facilityId))));
  }
  return (tenantId: string) => (facilityId: string) => zones.get(`${tenantId}/${facilityId}`) ?? DEFAULT_TIME_ZONE;
}

const image = (raw: Record<string, unknown> | undefined) =>
  raw ? unmarshall(raw as Record<string, AttributeValue>) : undefined;

export const { worker, handler } = defineWorker('day-figures', 'stream', async (record) => {
  const before = image(record.dynamodb?.OldImage);
  const after = image(record.dynamodb?.NewImage);
  const zoneOf = await timeZones([before, after]);
  const tenantId = String((after ?? before)?.tenantId ?? '');
  const deltas = changeDeltas(contributionOf(before, zoneOf(tenantId)), contributionOf(after, zoneOf(tenantId)));
  await applyChange(record.eventID ?? record.dynamodb!.SequenceNumber!, deltas);
});

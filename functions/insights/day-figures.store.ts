// The counter items of the read model (day-figures.ts): one per facility and day, in the facility's
// partition, each counter a top-level number attribute `n:<counter>` moved with ADD (never below zero:
// functions/lib/counters.ts). A change is
// applied in one transaction with a marker named after its stream record, written only if absent,
// so a record delivered twice (stream retries, a restarted poller) counts once.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { counterMove } from '../lib/counters';
import { batchGet, transact } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import type { Contribution, Counters, DayRef } from './day-figures';

const PREFIX = 'n:';
const MARKER_TTL_SECONDS = 2 * 24 * 3600; // the stream keeps records 24 h

const keys = {
  day: (d: DayRef) => ({ PK: tenantPk(d.tenantId, 'FIGURES', d.facilityId), SK: `DAY#${d.date}` }),
  applied: (tenantId: string, facilityId: string, changeId: string) => ({
    PK: tenantPk(tenantId, 'FIGURES', facilityId),
    SK: `APPLIED#${changeId}`,
  }),
};

class AlreadyApplied extends Error {}

function counterUpdate(day: Contribution) {
  return counterMove({
    key: keys.day(day),
    counters: Object.fromEntries(Object.entries(day.counters).map(([name, value]) => [PREFIX + name, value])),
    sets: { entity: 'day-figures', facilityId: day.facilityId, date: day.date },
  });
}

/**
 * Applies one change's counter deltas once: false when the change was applied before. The marker
 * lives with the first day's counters (a change touches one facility).
 */
export async function applyChange(changeId: string, deltas: Contribution[], now = new Date()): Promise<boolean> {
  const first = deltas[0];
  if (!first) return true;
  const marker = {
    Put: {
      TableName: config.tableName,
      Item: {
        ...keys.applied(first.tenantId, first.facilityId, changeId),
        expiresAt: Math.floor(now.getTime() / 1000) + MARKER_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  try {
    await transact([marker, ...deltas.map(counterUpdate)], () => new AlreadyApplied());
    return true;
  } catch (err) {
    if (err instanceof AlreadyApplied) return false;
    throw err;
  }
}

function countersOf(item: Record<string, unknown> | null): Counters {
  const counters: Counters = {};
  for (const [name, value] of Object.entries(item ?? {}))
    if (name.startsWith(PREFIX) && typeof value === 'number' && value !== 0)
      counters[name.slice(PREFIX.length)] = value;
  return counters;
}

/** The counters of each day asked for (empty for a day nothing happened on), in one round trip per 100 days. */
export async function readDays(
  tenantId: string,
  facilityId: string,
  dates: string[],
): Promise<{ date: string; counters: Counters }[]> {
  const items = await batchGet<Record<string, unknown>>(dates.map((date) => keys.day({ tenantId, facilityId, date })));
  return dates.map((date, i) => ({ date, counters: countersOf(items[i] ?? null) }));
}

/** Replaces a day's counters (the rebuild from lists; see rebuildDayFigures). */
export async function putDay(day: Contribution): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: config.tableName,
      Item: {
        ...keys.day(day),
        entity: 'day-figures',
        facilityId: day.facilityId,
        date: day.date,
        ...Object.fromEntries(Object.entries(day.counters).map(([k, v]) => [PREFIX + k, v])),
      },
    }),
  );
}

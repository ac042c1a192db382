// Field web vitals, one item per day, route, device class and metric: its histogram's bins are
// top-level counters (`b0`, `b1`, ...) moved with ADD, beside one counter per rating the browser gave, so concurrent reports are all counted without
// a read, and the last days of a partition are one Query. A signed-in user's reports are kept in the
// tenant's partition; a visitor's (the public pages) in the platform's, which every admin reads too
// (they are the same pages for everyone and carry no tenant's data). Items expire a month after their day.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { queryAll } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import { instantOf, DEFAULT_TIME_ZONE } from '../../shared/time';
import { VITAL_RATINGS, type DeviceClass, type VitalMetric, type VitalRating } from '../../shared/contracts/vitals';

const KEEP_DAYS = 31;
const BIN = 'b';
const RATING = 'r:';

/** Whose reports: a tenant's (a signed-in user's) or the public pages' (no session). */
export type VitalsOwner = { tenantId: string } | 'public';

const pk = (owner: VitalsOwner) => (owner === 'public' ? 'VITALS#PUBLIC' : tenantPk(owner.tenantId, 'VITALS'));
const dayPrefix = (day: string) => `DAY#${day}#`;

export interface VitalsBucket {
  day: string;
  route: string;
  device: DeviceClass;
  metric: VitalMetric;
  histogram: number[];
  ratings: Record<VitalRating, number>;
}

/** Counts one value in its bin of the day's bucket (made on the first report). */
export async function countVital(
  owner: VitalsOwner,
  at: { day: string; route: string; device: DeviceClass; metric: VitalMetric },
  value: { bin: number; rating: VitalRating },
): Promise<void> {
  const expiresAt = Math.floor(instantOf(at.day, '00:00', DEFAULT_TIME_ZONE).getTime() / 1000) + KEEP_DAYS * 86_400;
  await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: { PK: pk(owner), SK: `${dayPrefix(at.day)}${at.route}#${at.device}#${at.metric}` },
      UpdateExpression:
        'ADD #bin :one, #rating :one SET entity = :entity, #day = :day, #route = :route, device = :device, metric = :metric, expiresAt = :expiresAt',
      ExpressionAttributeNames: {
        '#bin': `${BIN}${value.bin}`,
        '#rating': `${RATING}${value.rating}`,
        '#day': 'day',
        '#route': 'route',
      },
      ExpressionAttributeValues: {
        ':one': 1,
        ':entity': 'vitals-bucket',
        ':day': at.day,
        ':route': at.route,
        ':device': at.device,
        ':metric': at.metric,
        ':expiresAt': expiresAt,
      },
    }),
  );
}

/** Every bucket of the owner's days from `from` to `to` (dates, both included). */
export async function readVitals(owner: VitalsOwner, from: string, to: string): Promise<VitalsBucket[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': pk(owner), ':from': dayPrefix(from), ':to': `${dayPrefix(to)}\uffff` },
  });
  return items.map((item) => {
    const histogram: number[] = [];
    for (const [name, value] of Object.entries(item))
      if (/^b\d+$/.test(name)) histogram[Number(name.slice(BIN.length))] = Number(value);
    return {
      day: String(item.day),
      route: String(item.route),
      device: item.device as DeviceClass,
      metric: item.metric as VitalMetric,
      histogram: Array.from(histogram, (n) => n ?? 0),
      ratings: Object.fromEntries(VITAL_RATINGS.map((r) => [r, Number(item[`${RATING}${r}`] ?? 0)])) as Record<
        VitalRating,
        number
      >,
    };
  });
}

// The dwell and detention read model (issue #57.4): one item per truck that came and left, in its
// facility's partition under the facility's day it came in (`DAY#<day>#<appointment>`), so the
// dashboard and analytics read a day or a range of days with one key Query, never a Scan. Written
// when the truck's figures are final (figures.ts), again when a correction changes them (the old item
// removed if its day moved).
import { config } from '../lib/config';
import { queryAll, withoutKeys } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import type { DetentionCause } from '../../shared/contracts/detention';

/** One truck's final figures, as the read model holds them. */
export interface TruckFigures {
  appointmentId: string;
  facilityId: string;
  /** The facility's day the truck came in. */
  day: string;
  carrierId: string | null;
  carrierName: string | null;
  arrival: 'early' | 'on_time' | 'late';
  dwellMinutes: number;
  detentionMinutesByCause: Record<DetentionCause, number>;
  detentionPaiseByCause: Record<DetentionCause, number>;
  detentionPaise: number;
}

const keys = {
  pk: (tenantId: string, facilityId: string) => tenantPk(tenantId, 'DWELL', facilityId),
  truck: (tenantId: string, f: Pick<TruckFigures, 'facilityId' | 'day' | 'appointmentId'>) => ({
    PK: keys.pk(tenantId, f.facilityId),
    SK: `DAY#${f.day}#${f.appointmentId}`,
  }),
};

/** The transaction item that writes (or rewrites) a truck's figures. */
export function truckFiguresPut(tenantId: string, figures: TruckFigures) {
  return {
    Put: {
      TableName: config.tableName,
      Item: { ...keys.truck(tenantId, figures), entity: 'truck-figures', tenantId, ...figures },
    },
  };
}

/** The transaction item that removes a truck's figures from a day they no longer belong to. */
export function truckFiguresDelete(tenantId: string, at: Pick<TruckFigures, 'facilityId' | 'day' | 'appointmentId'>) {
  return { Delete: { TableName: config.tableName, Key: keys.truck(tenantId, at) } };
}

/** The figures of the trucks that came in at the facility from `from` to `to` (its days, inclusive): one Query. */
export async function listTruckFigures(
  tenantId: string,
  facilityId: string,
  from: string,
  to: string,
): Promise<TruckFigures[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.pk(tenantId, facilityId), ':from': `DAY#${from}#`, ':to': `DAY#${to}#~` },
  });
  return items.map((item) => {
    const { tenantId: _tenant, ...figures } = withoutKeys<TruckFigures & { tenantId: string }>(item);
    return figures;
  });
}

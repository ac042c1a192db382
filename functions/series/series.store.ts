// Standing appointments (issue #32): a tenant's series in one partition (TENANT#<t>#SERIES, SERIES#<id>),
// written whole at its revision with its audit record; an active series is also in the horizon
// worker's index (GSI1 'SERIES-HORIZON'), which it leaves when it ends or is cancelled. Each date of a
// series has at most one occurrence item (TENANT#<t>#SERIES#<id>, OCC#<date>), put with
// attribute_not_exists: in the booking's own transaction when the date is booked, alone (audited) when
// it is a conflict, so a rerun or a racing run can never book a date twice.
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError, RevisionConflictError } from '../lib/errors';
import { wholeRecordPut } from '../lib/revision';
import { tenantPk } from '../lib/table';
import type { Series } from '../../shared/contracts/series';

const HORIZON_INDEX = 'SERIES-HORIZON';

const seriesKey = (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'SERIES'), SK: `SERIES#${id}` });
const occurrencePartition = (tenantId: string, seriesId: string) => tenantPk(tenantId, 'SERIES', seriesId);
const occurrenceKey = (tenantId: string, seriesId: string, date: string) => ({
  PK: occurrencePartition(tenantId, seriesId),
  SK: `OCC#${date}`,
});

/** What is stored of one date of a series. */
export interface StoredOccurrence {
  tenantId: string;
  seriesId: string;
  date: string;
  appointmentId: string | null;
  conflict: string | null;
  recordedAt: string;
}

export const getSeries = (tenantId: string, id: string) => getItem<Series>(seriesKey(tenantId, id), true);

export const listSeries = (tenantId: string) =>
  queryPrefix<Series>(tenantPk(tenantId, 'SERIES'), 'SERIES#', { consistent: true });

/** Every active series of every tenant (the horizon worker's list). */
export const listActiveSeries = () => queryPrefix<Series>(HORIZON_INDEX, '', { index: 'GSI1' });

export const listOccurrences = (tenantId: string, seriesId: string) =>
  queryPrefix<StoredOccurrence>(occurrencePartition(tenantId, seriesId), 'OCC#', { consistent: true });

export const getOccurrence = (tenantId: string, seriesId: string, date: string) =>
  getItem<StoredOccurrence>(occurrenceKey(tenantId, seriesId, date), true);

/** Saves the series (`before`: as read, null for a new one) at its next revision, with its audit record. */
export async function saveSeries(
  before: Series | null,
  changed: Series,
  action: string,
  actor: Actor | null,
  now: Date,
): Promise<Series> {
  const key = {
    ...seriesKey(changed.tenantId, changed.id),
    ...(changed.status === 'active' ? { GSI1PK: HORIZON_INDEX, GSI1SK: `${changed.tenantId}#${changed.id}` } : {}),
  };
  const { after, put } = wholeRecordPut(key, 'series', before, changed);
  await transact(
    [
      put,
      auditPut(
        {
          tenantId: changed.tenantId,
          actor,
          action,
          entityType: 'series',
          entityId: changed.id,
          before: before ? { ...before } : null,
          after: { ...after },
        },
        now,
      ),
    ],
    () => (before ? new RevisionConflictError() : new ConflictError('This series exists already')),
  );
  return after;
}

/** The Put of a booked date, for the booking's own transaction: it fails if the date has an occurrence. */
export function bookedOccurrencePut(series: Series, date: string, appointmentId: string, now: Date) {
  const occurrence: StoredOccurrence = {
    tenantId: series.tenantId,
    seriesId: series.id,
    date,
    appointmentId,
    conflict: null,
    recordedAt: now.toISOString(),
  };
  return {
    Put: {
      TableName: config.tableName,
      Item: { ...occurrenceKey(series.tenantId, series.id, date), entity: 'series-occurrence', ...occurrence },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Keeps a date that could not be booked, with why; false when the date has an occurrence already. */
export async function recordConflict(
  series: Series,
  date: string,
  conflict: string,
  actor: Actor | null,
  now: Date,
): Promise<boolean> {
  const occurrence: StoredOccurrence = {
    tenantId: series.tenantId,
    seriesId: series.id,
    date,
    appointmentId: null,
    conflict,
    recordedAt: now.toISOString(),
  };
  try {
    await transact(
      [
        {
          Put: {
            TableName: config.tableName,
            Item: { ...occurrenceKey(series.tenantId, series.id, date), entity: 'series-occurrence', ...occurrence },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        auditPut(
          {
            tenantId: series.tenantId,
            actor,
            action: 'series.conflict',
            entityType: 'series',
            entityId: series.id,
            after: { ...occurrence },
          },
          now,
        ),
      ],
      () => new ConflictError('This date of the series is recorded already'),
    );
    return true;
  } catch (err) {
    if (err instanceof ConflictError) return false;
    throw err;
  }
}

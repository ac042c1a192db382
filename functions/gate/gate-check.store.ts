// Registry answers cached per tenant, source and number (vehicle, licence, e-way bill) for the tenant's
// cache hours, with the TTL attribute so DynamoDB drops them; and one decision item per gate check,
// per facility and local day, which the dashboard's gate panel counts (one Query, no Scan).
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem } from '../lib/dynamo';
import { tenantPk, TTL_ATTRIBUTE } from '../lib/table';
import type { GateDecision, GateSource } from '../../shared/contracts/gate';
import type { RegistryRecords } from './registry/port';

const cacheKey = (tenantId: string, source: GateSource, subject: string) => ({
  PK: tenantPk(tenantId, 'GATECACHE', source, subject),
  SK: 'ANSWER',
});

export async function cachedAnswer<S extends GateSource>(
  tenantId: string,
  source: S,
  subject: string,
  now = new Date(),
): Promise<RegistryRecords[S] | null> {
  const item = await getItem<{ record: RegistryRecords[S]; [TTL_ATTRIBUTE]: number }>(
    cacheKey(tenantId, source, subject),
  );
  // TTL deletion is lazy (and DynamoDB Local may never do it): an expired answer is not used.
  return item && item[TTL_ATTRIBUTE] * 1000 > now.getTime() ? item.record : null;
}

export async function cacheAnswer<S extends GateSource>(
  tenantId: string,
  source: S,
  subject: string,
  record: RegistryRecords[S],
  hours: number,
  now = new Date(),
): Promise<void> {
  const item = {
    ...cacheKey(tenantId, source, subject),
    entity: 'gate-cache',
    record,
    fetchedAt: now.toISOString(),
    [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + hours * 3600,
  };
  await ddb().send(new PutCommand({ TableName: config.tableName, Item: item }));
}

/** The answer as stored, whether or not its hours have passed (a person's data is held until it is deleted). */
export async function storedAnswer<S extends GateSource>(
  tenantId: string,
  source: S,
  subject: string,
): Promise<{ source: S; subject: string; record: RegistryRecords[S]; fetchedAt: string } | null> {
  const item = await getItem<{ record: RegistryRecords[S]; fetchedAt: string }>(
    cacheKey(tenantId, source, subject),
    true,
  );
  return item && { source, subject, record: item.record, fetchedAt: item.fetchedAt };
}

/** Deletes the cached answer (nothing to do when there is none). */
export async function forgetAnswer(tenantId: string, source: GateSource, subject: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: config.tableName, Key: cacheKey(tenantId, source, subject) }));
}

export interface GateDecisionEntry {
  tenantId: string;
  facilityId: string;
  /** The facility's local day. */
  date: string;
  decision: GateDecision;
  appointmentId: string;
  checkinId: string | null;
  vehicleNumber: string | null;
  at: string;
}

const dayPk = (tenantId: string, facilityId: string, date: string) => tenantPk(tenantId, 'GATEDAY', facilityId, date);

/** The decision item, for the check-in's own transaction (or written alone for a refused entry). */
export function gateDecisionPut(e: GateDecisionEntry) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        PK: dayPk(e.tenantId, e.facilityId, e.date),
        SK: `${e.at}#${randomUUID()}`,
        entity: 'gate-decision',
        ...e,
        [TTL_ATTRIBUTE]: Math.floor(Date.parse(e.at) / 1000) + 90 * 86400,
      },
    },
  };
}

export async function writeGateDecision(e: GateDecisionEntry): Promise<void> {
  await ddb().send(new PutCommand(gateDecisionPut(e).Put));
}

/** An override is counted on its day too (SK 'OVERRIDE#...'), so the panel shows how many holds were let through. */
export function gateOverridePut(e: Omit<GateDecisionEntry, 'decision'>) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        PK: dayPk(e.tenantId, e.facilityId, e.date),
        SK: `OVERRIDE#${e.at}#${randomUUID()}`,
        entity: 'gate-override',
        ...e,
        decision: 'OVERRIDE',
        [TTL_ATTRIBUTE]: Math.floor(Date.parse(e.at) / 1000) + 90 * 86400,
      },
    },
  };
}

export async function listGateDecisions(
  tenantId: string,
  facilityId: string,
  date: string,
): Promise<{ decision: string }[]> {
  const out: { decision: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb().send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': dayPk(tenantId, facilityId, date) },
        ProjectionExpression: 'decision',
        ExclusiveStartKey: start,
      }),
    );
    out.push(...((res.Items ?? []) as { decision: string }[]));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

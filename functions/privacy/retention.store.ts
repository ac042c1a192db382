// The tenant's retention policy (its key and read are kernel, functions/lib/retention.ts, because the
// stores of messages and crossings read it), saved whole at its revision with its audit record; the
// retention worker's reports (TENANT#<t>#PRIVACYRETENTION, <ranAt>#<id>, newest read first) and its
// place in the calendar of closed appointments (the last day whose appointments it masked).
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Actor } from '../lib/audit';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem } from '../lib/dynamo';
import { retentionPolicyKey, type StoredRetentionPolicy } from '../lib/retention';
import { saveWholeRecord } from '../lib/revision';
import { tenantPk } from '../lib/table';
import type { RetentionPeriods, RetentionReport } from '../../shared/contracts/privacy-retention';

const keys = {
  reports: (tenantId: string) => tenantPk(tenantId, 'PRIVACYRETENTION'),
  maskedThrough: (tenantId: string) => ({ PK: tenantPk(tenantId), SK: 'RETENTION-MASKED-THROUGH' }),
};

/** Saves the policy read as `before` (none yet: the first save, which must still find none). */
export async function putRetentionPolicy(
  tenantId: string,
  before: StoredRetentionPolicy | null,
  periods: RetentionPeriods,
  actor: Actor,
  now: Date,
): Promise<StoredRetentionPolicy> {
  return saveWholeRecord<StoredRetentionPolicy>(
    {
      key: retentionPolicyKey(tenantId),
      entity: 'retention-policy',
      before,
      changed: { tenantId, ...periods, updatedAt: now.toISOString() },
      audit: { tenantId, actor, action: 'privacy.retention.saved', entityId: tenantId },
    },
    now,
  );
}

export async function putRetentionReport(tenantId: string, report: RetentionReport): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: config.tableName,
      Item: {
        PK: keys.reports(tenantId),
        SK: `${report.ranAt}#${report.id}`,
        entity: 'retention-report',
        tenantId,
        ...report,
      },
    }),
  );
}

export const newReportId = () => randomUUID();

/** The newest reports first. */
export async function listRetentionReports(tenantId: string, limit = 30): Promise<RetentionReport[]> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.reports(tenantId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map((item) => {
    const { id, ranAt, removed } = item as RetentionReport;
    return { id, ranAt, removed };
  });
}

/** The last day (YYYY-MM-DD) whose closed appointments are masked, or null before the first run. */
export async function getMaskedThrough(tenantId: string): Promise<string | null> {
  return (await getItem<{ date: string }>(keys.maskedThrough(tenantId), true))?.date ?? null;
}

export async function setMaskedThrough(tenantId: string, date: string): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...keys.maskedThrough(tenantId), entity: 'retention-masked-through', date },
    }),
  );
}

// Sync logs: one per run (manual, scheduled, or an inbound webhook's records), in the tenant's log
// partition by start time (the 24-hour monitoring figures) and on GSI1 per system (the Sync Logs tab).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { queryAll, withoutKeys } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import type { SyncLog } from '../../shared/contracts/integrations';

export interface SyncLogRecord extends SyncLog {
  tenantId: string;
  /** Records skipped, with why (at most 20, so the log stays small). */
  failures: { externalId: string; message: string }[];
}

export const syncLogKeys = {
  key: (l: Pick<SyncLogRecord, 'tenantId' | 'startedAt' | 'id'>) => ({
    PK: tenantPk(l.tenantId, 'INTEGRATIONS', 'SYNCLOG'),
    SK: `${l.startedAt}#${l.id}`,
  }),
  bySystem: (l: Pick<SyncLogRecord, 'tenantId' | 'systemId' | 'startedAt' | 'id'>) => ({
    GSI1PK: tenantPk(l.tenantId, 'INTEGRATIONS', 'SYNCLOG', l.systemId),
    GSI1SK: `${l.startedAt}#${l.id}`,
  }),
};

/** The TransactWriteItems element that records a run (with the system's counters and the audit). */
export function syncLogPut(log: SyncLogRecord) {
  return {
    Put: {
      TableName: config.tableName,
      Item: { ...syncLogKeys.key(log), ...syncLogKeys.bySystem(log), entity: 'integration-sync-log', ...log },
    },
  };
}

/** The newest runs of a system first. */
export async function listSyncLogRecords(tenantId: string, systemId: string, limit = 50): Promise<SyncLogRecord[]> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': syncLogKeys.bySystem({ tenantId, systemId, startedAt: '', id: '' }).GSI1PK },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map((item) => withoutKeys<SyncLogRecord>(item));
}

/** Every run of the tenant started at or after the instant. */
export async function listSyncLogsSince(tenantId: string, sinceIso: string): Promise<SyncLogRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK >= :since',
    ExpressionAttributeValues: { ':pk': tenantPk(tenantId, 'INTEGRATIONS', 'SYNCLOG'), ':since': sinceIso },
  });
  return items.map((item) => withoutKeys<SyncLogRecord>(item));
}

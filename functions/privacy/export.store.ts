// The tenant's whole-data exports (TENANT#<t>#PRIVACY, EXPORT#<id>) and the tenant's one running
// export (TENANT#<t>, EXPORT-RUNNING): written with the export in one transaction that finds none, so
// an export asked twice (or by two admins at once) answers the running one instead of a second.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type Actor } from '../lib/audit';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import type { TenantExport } from '../../shared/contracts/privacy-export';

/** An export as stored: the view's fields less the link, with the archive's key once written. */
export type StoredExport = Omit<TenantExport, 'downloadUrl' | 'downloadUntil'> & {
  tenantId: string;
  key: string | null;
};

export const EXPORT_ENTITY = 'tenant-export';

const keys = {
  export: (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'PRIVACY'), SK: `EXPORT#${id}` }),
  running: (tenantId: string) => ({ PK: tenantPk(tenantId), SK: 'EXPORT-RUNNING' }),
};

export const getExport = (tenantId: string, id: string) => getItem<StoredExport>(keys.export(tenantId, id), true);

export const listExports = (tenantId: string) =>
  queryPrefix<StoredExport>(tenantPk(tenantId, 'PRIVACY'), 'EXPORT#', { consistent: true });

/** The running export's id, if one runs. */
export const runningExportId = async (tenantId: string) =>
  (await getItem<{ exportId: string }>(keys.running(tenantId), true))?.exportId ?? null;

/** Starts an export unless one runs; answers the new export, or null when another runs (read it by runningExportId). */
export async function startExport(tenantId: string, actor: Actor, now: Date): Promise<StoredExport | null> {
  const stored: StoredExport = {
    id: randomUUID(),
    tenantId,
    status: 'running',
    requestedAt: now.toISOString(),
    requestedBy: actor.username,
    recordsDone: 0,
    recordsTotal: 0,
    typesDone: [],
    typesTotal: 0,
    filesDone: 0,
    finishedAt: null,
    size: null,
    key: null,
  };
  const running = new Error('running');
  try {
    await transact(
      [
        {
          Put: {
            TableName: config.tableName,
            Item: { ...keys.running(tenantId), entity: 'tenant-export-running', exportId: stored.id },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: config.tableName,
            Item: { ...keys.export(tenantId, stored.id), entity: EXPORT_ENTITY, ...stored },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        auditPut(
          {
            tenantId,
            actor,
            action: 'privacy.tenant-export.requested',
            entityType: EXPORT_ENTITY,
            entityId: stored.id,
            after: { ...stored },
          },
          now,
        ),
      ],
      () => running,
    );
  } catch (err) {
    if (err === running) return null;
    throw err;
  }
  return stored;
}

/** The export's progress so far. */
export async function saveProgress(
  tenantId: string,
  id: string,
  progress: Pick<StoredExport, 'recordsDone' | 'recordsTotal' | 'typesDone' | 'typesTotal' | 'filesDone'>,
): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.export(tenantId, id),
      UpdateExpression:
        'SET recordsDone = :recordsDone, recordsTotal = :recordsTotal, typesDone = :typesDone, typesTotal = :typesTotal, filesDone = :filesDone',
      ExpressionAttributeValues: {
        ':recordsDone': progress.recordsDone,
        ':recordsTotal': progress.recordsTotal,
        ':typesDone': progress.typesDone,
        ':typesTotal': progress.typesTotal,
        ':filesDone': progress.filesDone,
      },
    }),
  );
}

/** The export's end (done with its archive, or failed), which frees the tenant for the next export. */
export async function finishExport(
  tenantId: string,
  id: string,
  end: { status: 'done' | 'failed'; key: string | null; size: number | null },
  now: Date,
): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: keys.export(tenantId, id),
      UpdateExpression: 'SET #status = :status, #key = :key, #size = :size, finishedAt = :at',
      ExpressionAttributeNames: { '#status': 'status', '#key': 'key', '#size': 'size' },
      ExpressionAttributeValues: {
        ':status': end.status,
        ':key': end.key,
        ':size': end.size,
        ':at': now.toISOString(),
      },
    }),
  );
  await ddb().send(
    new DeleteCommand({
      TableName: config.tableName,
      Key: keys.running(tenantId),
      ConditionExpression: 'exportId = :id',
      ExpressionAttributeValues: { ':id': id },
    }),
  );
}

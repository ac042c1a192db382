// External systems of a tenant, in the tenant's integrations partition. Two global index entries name a
// system without its tenant: GSI1 by system id (the inbound webhook URL names only the system), and a
// sparse GSI2 of the active systems (the local scheduler restores their sync schedules on start).
// The SYNCING claim, the counters the monitoring tab shows and the last sync are attributes of the
// system item, changed with conditions so two runs can never hold one system at once.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type Actor } from '../lib/audit';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, isConditionalCheckFailed, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError, NotFoundError, RevisionConflictError } from '../lib/errors';
import { revised, revisionCondition, revisionOf } from '../lib/revision';
import { tenantPk } from '../lib/table';
import type { AuthType, MaskedAuthConfig, SyncStatus, SystemType } from '../../shared/contracts/integrations';

type TransactItem = Parameters<typeof transact>[0][number];

export interface SystemRecord {
  id: string;
  tenantId: string;
  name: string;
  systemType: SystemType;
  vendor: string | null;
  baseUrl: string;
  authType: AuthType;
  /** authConfig, sealed (functions/lib/secrets.ts); never leaves the functions. */
  sealedAuth: string;
  /** What reads show of authConfig (secrets masked). */
  authHint: MaskedAuthConfig;
  /** The inbound Standard Webhooks secret (whsec_...), sealed. */
  sealedInboundSecret: string;
  syncFrequency: number;
  isActive: boolean;
  syncingSince: string | null;
  syncRunId: string | null;
  lastSync: string | null;
  lastSyncStatus: SyncStatus | null;
  lastTest: { success: boolean; message: string; at: string } | null;
  syncCount: number;
  successCount: number;
  errorCount: number;
  totalSyncMs: number;
  createdAt: string;
  updatedAt: string;
  revision?: number;
}

export const systemKeys = {
  partition: (tenantId: string) => tenantPk(tenantId, 'INTEGRATIONS'),
  key: (tenantId: string, id: string) => ({ PK: systemKeys.partition(tenantId), SK: `SYSTEM#${id}` }),
  byId: (id: string) => ({ GSI1PK: `INTEGRATION_SYSTEM#${id}`, GSI1SK: 'SYSTEM' }),
  scheduled: (tenantId: string, id: string) => ({ GSI2PK: 'INTEGRATION_SCHEDULES', GSI2SK: `${tenantId}#${id}` }),
};

function toItem(s: SystemRecord) {
  return {
    ...systemKeys.key(s.tenantId, s.id),
    ...systemKeys.byId(s.id),
    ...(s.isActive ? systemKeys.scheduled(s.tenantId, s.id) : {}),
    entity: 'integration-system',
    ...s,
  };
}

export async function listSystemRecords(tenantId: string): Promise<SystemRecord[]> {
  const systems = await queryPrefix<SystemRecord>(systemKeys.partition(tenantId), 'SYSTEM#', { consistent: true });
  return systems.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export function getSystemRecord(tenantId: string, id: string): Promise<SystemRecord | null> {
  return getItem<SystemRecord>(systemKeys.key(tenantId, id), true);
}

export async function requireSystem(tenantId: string, id: string): Promise<SystemRecord> {
  const system = await getSystemRecord(tenantId, id);
  if (!system) throw new NotFoundError('External system not found');
  return system;
}

/** The system an inbound webhook names, whatever its tenant (its id is random and global). */
export async function findSystemAnyTenant(id: string): Promise<SystemRecord | null> {
  const [hit] = await queryPrefix<{ tenantId: string }>(systemKeys.byId(id).GSI1PK, 'SYSTEM', { index: 'GSI1' });
  return hit ? getSystemRecord(hit.tenantId, id) : null;
}

/** Every active system of every tenant (the local scheduler's restore on start). */
export function listActiveSystemsAllTenants(): Promise<SystemRecord[]> {
  return queryPrefix<SystemRecord>('INTEGRATION_SCHEDULES', '', { index: 'GSI2' });
}

export async function putNewSystem(s: SystemRecord, actor: Actor, audit: Record<string, unknown>): Promise<void> {
  await transact(
    [
      { Put: { TableName: config.tableName, Item: toItem(s), ConditionExpression: 'attribute_not_exists(PK)' } },
      auditPut(
        {
          tenantId: s.tenantId,
          actor,
          action: 'integration-system.created',
          entityType: 'integration-system',
          entityId: s.id,
          after: audit,
        },
        new Date(s.createdAt),
      ),
    ],
    () => new ConflictError('External system already exists'),
  );
}

/** Replaces the system as it was read (its revision, functions/lib/revision.ts), with its audit record. */
export async function saveSystem(
  before: SystemRecord,
  after: SystemRecord,
  actor: Actor,
  action: string,
  audit: { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<SystemRecord> {
  const saved = revised(before, after);
  await transact(
    [
      { Put: { TableName: config.tableName, Item: toItem(saved), ...revisionCondition(revisionOf(before)) } },
      auditPut(
        { tenantId: after.tenantId, actor, action, entityType: 'integration-system', entityId: after.id, ...audit },
        new Date(after.updatedAt),
      ),
    ],
    () => new RevisionConflictError(),
  );
  return saved;
}

/** Deletes the system with the given child items (endpoints, subscriptions) and its audit record. */
export async function deleteSystemItems(
  s: SystemRecord,
  children: { PK: string; SK: string }[],
  actor: Actor,
  audit: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: config.tableName,
        Key: systemKeys.key(s.tenantId, s.id),
        ConditionExpression: 'updatedAt = :seen',
        ExpressionAttributeValues: { ':seen': s.updatedAt },
      },
    },
    ...children.map((Key) => ({ Delete: { TableName: config.tableName, Key } })),
    auditPut(
      {
        tenantId: s.tenantId,
        actor,
        action: 'integration-system.deleted',
        entityType: 'integration-system',
        entityId: s.id,
        before: audit,
      },
      now,
    ),
  ];
  await transact(
    items,
    () => new ConflictError('The system changed while you were deleting it. Refresh and try again.'),
  );
}

/** Claims the system for a sync run (SYNCING); false when another run holds it and is not stale. */
export async function claimSync(
  tenantId: string,
  id: string,
  runId: string,
  now: Date,
  staleAfterSeconds: number,
): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: systemKeys.key(tenantId, id),
        UpdateExpression: 'SET syncingSince = :now, syncRunId = :run',
        ConditionExpression: 'attribute_exists(PK) AND (syncingSince = :null OR syncingSince < :stale)',
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':run': runId,
          ':null': null,
          ':stale': new Date(now.getTime() - staleAfterSeconds * 1000).toISOString(),
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** The transaction item that ends a run: releases the claim (if this run holds it) and counts the run. */
export function finishSyncUpdate(
  tenantId: string,
  id: string,
  runId: string | null,
  run: { status: SyncStatus; finishedAt: string; duration: number },
): TransactItem {
  return {
    Update: {
      TableName: config.tableName,
      Key: systemKeys.key(tenantId, id),
      UpdateExpression:
        'SET lastSync = :at, lastSyncStatus = :status, syncCount = syncCount + :one, successCount = successCount + :ok, errorCount = errorCount + :err, totalSyncMs = totalSyncMs + :ms' +
        (runId ? ', syncingSince = :null, syncRunId = :null' : ''),
      ConditionExpression: runId ? 'syncRunId = :run' : 'attribute_exists(PK)',
      ExpressionAttributeValues: {
        ':at': run.finishedAt,
        ':status': run.status,
        ':one': 1,
        ':ok': run.status === 'SUCCESS' ? 1 : 0,
        ':err': run.status === 'SUCCESS' ? 0 : 1,
        ':ms': run.duration,
        ...(runId ? { ':run': runId, ':null': null } : {}),
      },
    },
  };
}

/** Records the outcome of a connection test on the system. */
export async function recordConnectionTest(
  tenantId: string,
  id: string,
  lastTest: SystemRecord['lastTest'],
): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: systemKeys.key(tenantId, id),
        UpdateExpression: 'SET lastTest = :t',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':t': lastTest },
      }),
    );
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err; // deleted meanwhile: nothing to record
  }
}

/** Releases a run's claim without counting it (the run's log could not be written). */
export async function releaseSync(tenantId: string, id: string, runId: string): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: systemKeys.key(tenantId, id),
        UpdateExpression: 'SET syncingSince = :null, syncRunId = :null',
        ConditionExpression: 'syncRunId = :run',
        ExpressionAttributeValues: { ':null': null, ':run': runId },
      }),
    );
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
}

// The audit trail: who did what to which item, when, with the before and after images.
// Mutations put the audit record in the same transaction as the change (auditPut), so neither can
// exist without the other; events that change nothing else (sign-in, sign-out) use writeAudit.
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './aws';
import { config } from './config';
import { queryAll } from './dynamo';
import { tenantPk } from './table';

export interface Actor {
  userId: string;
  username: string;
}

export interface AuditEntry {
  tenantId: string;
  actor: Actor | null;
  action: string;
  entityType: string;
  entityId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  ip?: string;
}

const SECRET_FIELDS = new Set(['passwordHash', 'password', 'confirmPassword', 'authConfig', 'apiKey', 'token']);
const KEY_FIELDS = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'expiresAt']);

function image(value: Record<string, unknown> | null | undefined) {
  if (!value) return null;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !KEY_FIELDS.has(k))
      .map(([k, v]) => [k, SECRET_FIELDS.has(k) ? '[redacted]' : v]),
  );
}

export const auditKeys = {
  pk: (tenantId: string) => tenantPk(tenantId, 'AUDIT'),
  entity: (tenantId: string, entityType: string, entityId: string) => tenantPk(tenantId, 'AUDIT', entityType, entityId),
};

export function auditItem(entry: AuditEntry, at = new Date()) {
  const iso = at.toISOString();
  const id = randomUUID();
  return {
    PK: auditKeys.pk(entry.tenantId),
    SK: `${iso}#${id}`,
    GSI1PK: auditKeys.entity(entry.tenantId, entry.entityType, entry.entityId),
    GSI1SK: iso,
    id,
    at: iso,
    tenantId: entry.tenantId,
    actorId: entry.actor?.userId ?? null,
    actorName: entry.actor?.username ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: image(entry.before),
    after: image(entry.after),
    ip: entry.ip ?? null,
  };
}

/** A TransactWriteItems element that records the entry with the change it describes. */
export function auditPut(entry: AuditEntry, at = new Date()) {
  return { Put: { TableName: config.tableName, Item: auditItem(entry, at) } };
}

export async function writeAudit(entry: AuditEntry, at = new Date()): Promise<void> {
  await ddb().send(new PutCommand({ TableName: config.tableName, Item: auditItem(entry, at) }));
}

/** The newest audit records of a tenant, or of one item when entityType and entityId are given. */
export async function listAudit(tenantId: string, filter?: { entityType: string; entityId: string }, limit = 50) {
  const res = await ddb().send(
    filter
      ? new QueryCommand({
          TableName: config.tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': auditKeys.entity(tenantId, filter.entityType, filter.entityId) },
          ScanIndexForward: false,
          Limit: limit,
        })
      : new QueryCommand({
          TableName: config.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': auditKeys.pk(tenantId) },
          ScanIndexForward: false,
          Limit: limit,
        }),
  );
  return res.Items ?? [];
}

/** Audit records of a tenant between two instants (ISO), oldest first; follows pagination. */
export async function listAuditBetween(tenantId: string, fromIso: string, toIso: string) {
  return queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': auditKeys.pk(tenantId), ':from': fromIso, ':to': `${toIso}~` },
  });
}

// The audit trail: who did what to which item, when, with the before and after images.
// Mutations put the audit record in the same transaction as the change (auditPut), so neither can
// exist without the other; events that change nothing else (sign-in, sign-out) use writeAudit.
import { createHash, randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './aws';
import { config } from './config';
import { queryAll, rewriteAsRead } from './dynamo';
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
const KEY_FIELDS = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK', 'expiresAt']);

function image(value: Record<string, unknown> | null | undefined) {
  if (!value) return null;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !KEY_FIELDS.has(k))
      .map(([k, v]) => [k, SECRET_FIELDS.has(k) ? '[redacted]' : v]),
  );
}

/**
 * A tenant's trail is written to a partition per UTC day and shard (AUDIT#<day>#<0..3>, the shard
 * from the item's id), so a large tenant's writes at a shift start spread over several partitions
 * instead of heating one (docs/performance.md); an item's own trail is read through GSI1.
 */
export const AUDIT_SHARDS = 4;
const shardOf = (entityId: string) => createHash('sha1').update(entityId).digest()[0]! % AUDIT_SHARDS;

export const auditKeys = {
  pk: (tenantId: string, day: string, shard: number) => tenantPk(tenantId, 'AUDIT', day, String(shard)),
  entity: (tenantId: string, entityType: string, entityId: string) => tenantPk(tenantId, 'AUDIT', entityType, entityId),
};

export function auditItem(entry: AuditEntry, at = new Date()) {
  const iso = at.toISOString();
  const id = randomUUID();
  return {
    PK: auditKeys.pk(entry.tenantId, iso.slice(0, 10), shardOf(entry.entityId)),
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

/** The newest audit records of one item (its trail, through GSI1). */
export async function listAudit(tenantId: string, filter: { entityType: string; entityId: string }, limit = 50) {
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': auditKeys.entity(tenantId, filter.entityType, filter.entityId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return res.Items ?? [];
}

/** Audit records of a tenant between two instants (ISO), oldest first: every day's shards, all pages. */
export async function listAuditBetween(tenantId: string, fromIso: string, toIso: string) {
  const partitions: string[] = [];
  for (
    let day = fromIso.slice(0, 10);
    day <= toIso.slice(0, 10);
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  ) {
    for (let shard = 0; shard < AUDIT_SHARDS; shard++) partitions.push(auditKeys.pk(tenantId, day, shard));
  }
  const records: Record<string, unknown>[] = [];
  for (let i = 0; i < partitions.length; i += 16) {
    const pages = await Promise.all(
      partitions.slice(i, i + 16).map((pk) =>
        queryAll({
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': pk, ':from': fromIso, ':to': `${toIso}~` },
        }),
      ),
    );
    records.push(...pages.flat());
  }
  return records.sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
}

/**
 * Rewrites an item's whole trail through `scrub` (an erasure of a person, issue #36: the trail keeps
 * who did what when, with the person's data replaced). Keys and the record's id stay as they are.
 */
export async function rewriteAuditTrail(
  tenantId: string,
  filter: { entityType: string; entityId: string },
  scrub: (image: Record<string, unknown>) => Record<string, unknown>,
): Promise<number> {
  const trail = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': auditKeys.entity(tenantId, filter.entityType, filter.entityId) },
  });
  // Only over each record as it was read (issue #52). A scrub that names another entity id moves the
  // record to that entity's trail (a consent history kept under the erased person's new key).
  for (const item of trail)
    await rewriteAsRead(item, ({ PK, SK, GSI1PK: _trail, GSI1SK, ...record }) => {
      const after = scrub(record);
      return {
        ...after,
        PK,
        SK,
        GSI1PK: auditKeys.entity(tenantId, String(after.entityType), String(after.entityId)),
        GSI1SK,
      };
    });
  return trail.length;
}

// Erasure requests (TENANT#<t>#PRIVACY, ERASURE#<id>) and the access log of personal data
// (TENANT#<t>#PRIVACYACCESS, <at>#<id>, newest read first). Neither holds a person's name past the
// request's end: the log names the pseudonym only, the request drops the name when it is done.
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type Actor } from '../lib/audit';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, isConditionalCheckFailed, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError, RevisionConflictError } from '../lib/errors';
import { revised, revisionCondition, revisionOf } from '../lib/revision';
import { tenantPk } from '../lib/table';
import type { AccessLogEntry, ErasureRequest } from '../../shared/contracts/privacy';

const keys = {
  request: (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'PRIVACY'), SK: `ERASURE#${id}` }),
  accessLog: (tenantId: string) => tenantPk(tenantId, 'PRIVACYACCESS'),
  // The erasure worker's cursor (issue #52): beside the request, outside its `ERASURE#` prefix.
  cursor: (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'PRIVACY'), SK: `ERASURECURSOR#${id}` }),
};

/** Where the erasure worker is in a request's steps: the next step, what earlier steps found, who asked. */
export interface ErasureCursor {
  step: string;
  /**
   * The person's appointments, found first (by driver and by number): once erased, one without a
   * driver record leaves the index by number, so a resumed run finds them here; the steps after it
   * reach the check-ins, events and webhook deliveries through them.
   */
  appointmentIds: string[];
  /** How far into `appointmentIds` the current step has come (a step over them resumes there). */
  position: number;
  /** Items rewritten so far, per step (the worker's log line at the end). */
  counts: Record<string, number>;
  actor: Actor;
  updatedAt: string;
}

const CURSOR_KEEP_SECONDS = 90 * 86_400;

export const getErasureCursor = (tenantId: string, id: string) =>
  getItem<ErasureCursor>(keys.cursor(tenantId, id), true);

/**
 * Writes the cursor: the first one only if none exists (`seenAt` null), a next one only over the one
 * read (`seenAt` its updatedAt), so two runs of the worker never both move it; false when another did.
 */
export async function saveErasureCursor(
  tenantId: string,
  id: string,
  cursor: ErasureCursor,
  seenAt: string | null,
): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: config.tableName,
        Item: {
          ...keys.cursor(tenantId, id),
          entity: 'erasure-cursor',
          tenantId,
          ...cursor,
          expiresAt: Math.floor(Date.parse(cursor.updatedAt) / 1000) + CURSOR_KEEP_SECONDS,
        },
        ...(seenAt === null
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : { ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': seenAt } }),
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

export const listErasureRequests = (tenantId: string) =>
  queryPrefix<ErasureRequest>(tenantPk(tenantId, 'PRIVACY'), 'ERASURE#', { consistent: true });

export const getErasureRequest = (tenantId: string, id: string) =>
  getItem<ErasureRequest>(keys.request(tenantId, id), true);

/** The audit image of a request: never the person's name (the trail outlives the erasure). */
const auditImage = ({ driverName: _name, ...rest }: ErasureRequest) => rest;

export async function putErasureRequest(
  tenantId: string,
  request: Omit<ErasureRequest, 'id' | 'revision'>,
  actor: Actor,
  now: Date,
): Promise<ErasureRequest> {
  const stored: ErasureRequest = { ...request, id: randomUUID(), revision: 1 };
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...keys.request(tenantId, stored.id), entity: 'erasure-request', tenantId, ...stored },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      auditPut(
        {
          tenantId,
          actor,
          action: 'privacy.erasure.requested',
          entityType: 'erasure-request',
          entityId: stored.id,
          after: auditImage(stored),
        },
        now,
      ),
    ],
    () => new ConflictError('Erasure request already exists'),
  );
  return stored;
}

/** A request's next state, written only if nobody changed it since `before` was read. */
export async function saveErasureRequest(
  tenantId: string,
  before: ErasureRequest,
  after: ErasureRequest,
  action: string,
  actor: Actor,
  now: Date,
): Promise<ErasureRequest> {
  const stored = revised(before, after);
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...keys.request(tenantId, stored.id), entity: 'erasure-request', tenantId, ...stored },
          ...revisionCondition(revisionOf(before)),
        },
      },
      auditPut(
        {
          tenantId,
          actor,
          action,
          entityType: 'erasure-request',
          entityId: stored.id,
          before: auditImage(before),
          after: auditImage(stored),
        },
        now,
      ),
    ],
    () => new RevisionConflictError(),
  );
  return stored;
}

export async function logAccess(tenantId: string, entry: AccessLogEntry): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: config.tableName,
      Item: {
        PK: keys.accessLog(tenantId),
        SK: `${entry.at}#${randomUUID()}`,
        entity: 'privacy-access',
        tenantId,
        ...entry,
      },
    }),
  );
}

/** The newest entries of the access log. */
export async function listAccessLog(tenantId: string, limit = 100): Promise<AccessLogEntry[]> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.accessLog(tenantId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map((item) => {
    const { at, actorId, actorRole, action, subject } = item as AccessLogEntry;
    return { at, actorId, actorRole, action, subject };
  });
}

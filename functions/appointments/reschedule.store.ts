// Reschedule requests: own partition each; the pending ones are listed through GSI1
// (TENANT#<t>#RESCHEDULES#pending, oldest first). Deciding one moves it out of that index.
import { config } from '../lib/config';
import { getItem, queryPrefix } from '../lib/dynamo';
import type { RescheduleRequest } from '../../shared/contracts/appointments';
import { tenantPk } from '../lib/table';

export const rescheduleKeys = {
  key: (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'RESCHEDULE', id), SK: 'RESCHEDULE' }),
  byStatus: (tenantId: string, status: string) => tenantPk(tenantId, 'RESCHEDULES', status),
};

export function rescheduleItem(r: RescheduleRequest) {
  return {
    ...rescheduleKeys.key(r.tenantId, r.id),
    GSI1PK: rescheduleKeys.byStatus(r.tenantId, r.status),
    GSI1SK: `${r.createdAt}#${r.id}`,
    entity: 'reschedule',
    ...r,
  };
}

/** A new request, written only if its id is not taken. */
export function newRequestPut(r: RescheduleRequest) {
  return {
    Put: { TableName: config.tableName, Item: rescheduleItem(r), ConditionExpression: 'attribute_not_exists(PK)' },
  };
}

/** Writes a decided (or closed) request, only while it is still pending: one decision wins. */
export function decidedRequestPut(decided: RescheduleRequest) {
  return {
    Put: {
      TableName: config.tableName,
      Item: rescheduleItem(decided),
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 'pending' },
    },
  };
}

export function getRescheduleRequest(tenantId: string, id: string) {
  return getItem<RescheduleRequest>(rescheduleKeys.key(tenantId, id), true);
}

export function listPendingReschedules(tenantId: string) {
  return queryPrefix<RescheduleRequest>(rescheduleKeys.byStatus(tenantId, 'pending'), '', { index: 'GSI1' });
}

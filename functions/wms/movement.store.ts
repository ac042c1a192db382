// Stock movements: receipts (goods received, optionally against the appointment being unloaded) and
// adjustments (quantity before, change, after, reason), each written in the transaction of the stock
// change it records. Both lists are newest first by key.
import { config } from '../lib/config';
import { tenantPk } from '../lib/table';
import { queryAll, queryPrefix, withoutKeys } from '../lib/dynamo';
import type { AdjustmentReason, AppointmentReceipt } from '../../shared/contracts/wms-stock';
import { queryPage } from './page.store';

export interface StoredAdjustment {
  id: string;
  tenantId: string;
  createdAt: string;
  inventoryId: string;
  productId: string;
  productName: string;
  binId: string | null;
  binCode: string | null;
  quantityBefore: number;
  quantityAdjusted: number;
  quantityAfter: number;
  reasonCode: AdjustmentReason;
  notes: string | null;
  cycleCountId: string | null;
  createdBy: string | null;
  move?: { fromBin: string | null; toBin: string } | null;
}

export interface StoredReceipt extends AppointmentReceipt {
  tenantId: string;
  inventoryId: string;
  facilityId: string;
  productId: string;
  binId: string | null;
  quantityAfter: number;
  /** The unit cost the receipt came at, in whole paise. */
  unitCostPaise: number | null;
  poNumber: string | null;
  notes: string | null;
  appointmentId: string | null;
  receivedBy: string | null;
}

const movementKeys = {
  adjustments: (tenantId: string) => tenantPk(tenantId, 'WMS', 'ADJ'),
  receipts: (tenantId: string) => tenantPk(tenantId, 'WMS', 'RECEIPTS'),
  byAppointment: (tenantId: string, appointmentId: string) => tenantPk(tenantId, 'WMS', 'APPTRECEIPTS', appointmentId),
};

export function adjustmentPut(a: StoredAdjustment) {
  return {
    Put: {
      TableName: config.tableName,
      Item: { PK: movementKeys.adjustments(a.tenantId), SK: `${a.createdAt}#${a.id}`, entity: 'wms-adjustment', ...a },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export function receiptPut(r: StoredReceipt) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        PK: movementKeys.receipts(r.tenantId),
        SK: `${r.receivedAt}#${r.id}`,
        ...(r.appointmentId
          ? { GSI1PK: movementKeys.byAppointment(r.tenantId, r.appointmentId), GSI1SK: `${r.receivedAt}#${r.id}` }
          : {}),
        entity: 'wms-receipt',
        ...r,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export async function pageAdjustments(tenantId: string, limit: number, cursor?: string | null) {
  const page = await queryPage({ pk: movementKeys.adjustments(tenantId), limit, cursor });
  return {
    adjustments: page.items.map(({ PK: _p, SK: _s, entity: _e, ...a }) => a as unknown as StoredAdjustment),
    next: page.next,
  };
}

export async function receiptsOfAppointment(tenantId: string, appointmentId: string): Promise<StoredReceipt[]> {
  return queryPrefix<StoredReceipt>(movementKeys.byAppointment(tenantId, appointmentId), '', { index: 'GSI1' });
}

/** The tenant's receipts received at `since` (an ISO time) or later, oldest first: what a reconciliation
 * of the stock counts against its lines (scripts/bench/chaos.ts). */
export async function receiptsSince(tenantId: string, since: string): Promise<StoredReceipt[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK >= :since',
    ExpressionAttributeValues: { ':pk': movementKeys.receipts(tenantId), ':since': since },
    ConsistentRead: true,
  });
  return items.map((item) => withoutKeys<StoredReceipt>(item));
}

/** The tenant's adjustments (moves, counts, corrections) made at `since` (an ISO time) or later, oldest
 * first: what a reconciliation of the stock counts the moves by (scripts/bench/chaos.ts). */
export async function adjustmentsSince(tenantId: string, since: string): Promise<StoredAdjustment[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK >= :since',
    ExpressionAttributeValues: { ':pk': movementKeys.adjustments(tenantId), ':since': since },
    ConsistentRead: true,
  });
  return items.map((item) => withoutKeys<StoredAdjustment>(item));
}

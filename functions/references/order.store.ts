// A facility's POs (issue #32): one item per PO in the facility's references partition (SK PO#<po>),
// holding its uploaded lines and its ledger: `booked` and the live appointments holding it
// (`holders`), `received` (whole PO and per line). The booking's hold and the receipt's count are
// Updates of that one item in the booking's and the receipt's own transactions, so a PO cannot be held
// twice or booked past its quantity by a race. An upload writes each PO at the revision it read.
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { RevisionConflictError } from '../lib/errors';
import { wholeRecordPut } from '../lib/revision';
import { referencesPartition } from './policy.store';
import type { PurchaseOrder, PurchaseOrderHolder } from '../../shared/contracts/references';

export interface StoredOrderLine {
  sku: string;
  expected: number;
  received: number;
}

export interface StoredHolder extends PurchaseOrderHolder {
  carrierId: string | null;
  driverId: string | null;
}

/** A PO as stored: what the contract shows of it, less what is derived (open quantities), with its holders by appointment. */
export interface StoredOrder extends Omit<PurchaseOrder, 'openQuantity' | 'lines' | 'holders'> {
  tenantId: string;
  lines: StoredOrderLine[];
  holders: Record<string, StoredHolder>;
  revision?: number;
}

const orderKey = (tenantId: string, facilityId: string, po: string) => ({
  PK: referencesPartition(tenantId, facilityId),
  SK: `PO#${po}`,
});

export const getOrder = (tenantId: string, facilityId: string, po: string) =>
  getItem<StoredOrder>(orderKey(tenantId, facilityId, po), true);

export const listOrders = (tenantId: string, facilityId: string) =>
  queryPrefix<StoredOrder>(referencesPartition(tenantId, facilityId), 'PO#', { consistent: true });

/** Writes a PO as uploaded (`before`: as read, null for a new PO), conditioned on nobody changing it meanwhile. */
export async function putUploadedOrder(
  before: StoredOrder | null,
  after: Omit<StoredOrder, 'revision'>,
  actor: Actor,
  now: Date,
): Promise<void> {
  const { after: item, put } = wholeRecordPut<StoredOrder>(
    orderKey(after.tenantId, after.facilityId, after.po),
    'purchase-order',
    before,
    after,
  );
  await transact(
    [
      put,
      auditPut(
        {
          tenantId: after.tenantId,
          actor,
          action: before ? 'purchase-order.uploaded' : 'purchase-order.created',
          entityType: 'purchase-order',
          entityId: `${after.facilityId}#${after.po}`,
          before: before ? { ...before } : null,
          after: { ...item },
        },
        now,
      ),
    ],
    () => new RevisionConflictError(),
  );
}

export interface HoldTerms {
  /** Another live appointment may hold the PO too. */
  allowSplits: boolean;
  /** Refuse (by condition) a booking whose quantity is over what the PO still has: the figures it was read with. */
  within?: { ordered: number; maxBooked: number; maxReceived: number };
}

/** The booking's hold of an open PO (a transaction item): its holder entry and its quantity, on the terms. */
export function holdUpdate(order: StoredOrder, holder: StoredHolder, terms: HoldTerms) {
  const conditions = ['#isOpen = :open'];
  const values: Record<string, unknown> = {
    ':open': true,
    ':holder': holder,
    ':quantity': holder.quantity ?? 0,
    ':one': 1,
  };
  if (!terms.allowSplits) {
    conditions.push('size(#holders) = :none');
    values[':none'] = 0;
  }
  if (terms.within) {
    conditions.push('#ordered = :ordered', '#booked <= :maxBooked', '#received <= :maxReceived');
    values[':ordered'] = terms.within.ordered;
    values[':maxBooked'] = terms.within.maxBooked;
    values[':maxReceived'] = terms.within.maxReceived;
  }
  return {
    Update: {
      TableName: config.tableName,
      Key: orderKey(order.tenantId, order.facilityId, order.po),
      UpdateExpression: 'SET #holders.#appointment = :holder ADD #booked :quantity, #revision :one',
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: {
        '#appointment': holder.appointmentId,
        '#revision': 'revision',
        '#holders': 'holders',
        '#booked': 'booked',
        '#isOpen': 'isOpen',
        ...(terms.within ? { '#received': 'received', '#ordered': 'ordered' } : {}),
      },
      ExpressionAttributeValues: values,
    },
  };
}

/** Frees an appointment's hold (cancelled, no-show): its entry and its quantity; nothing else is touched. */
export function releaseUpdate(
  tenantId: string,
  facilityId: string,
  po: string,
  appointmentId: string,
  quantity: number | null,
) {
  return {
    Update: {
      TableName: config.tableName,
      Key: orderKey(tenantId, facilityId, po),
      // Unconditional: the appointment's own revision condition, in the same transaction, makes the
      // release happen once; a cancel must never fail for its PO.
      UpdateExpression: 'REMOVE #holders.#appointment ADD #booked :quantity, #revision :one',
      ExpressionAttributeNames: {
        '#appointment': appointmentId,
        '#revision': 'revision',
        '#holders': 'holders',
        '#booked': 'booked',
      },
      ExpressionAttributeValues: { ':quantity': -(quantity ?? 0), ':one': 1 },
    },
  };
}

/** Goods received against the PO (a transaction item): the PO's count, and its line's when one is named. */
export function receivedUpdate(order: StoredOrder, quantity: number, lineIndex: number | null, at: string) {
  const line =
    lineIndex === null ? '' : `, #lines[${lineIndex}].#received = #lines[${lineIndex}].#received + :quantity`;
  return {
    Update: {
      TableName: config.tableName,
      Key: orderKey(order.tenantId, order.facilityId, order.po),
      UpdateExpression: `SET #updatedAt = :at${line} ADD #received :quantity, #revision :one`,
      // The line read is the line written: an upload replacing the lines meanwhile retries the receipt.
      ConditionExpression: 'attribute_exists(PK) AND size(#lines) = :lineCount',
      ExpressionAttributeNames: {
        '#revision': 'revision',
        '#received': 'received',
        '#lines': 'lines',
        '#updatedAt': 'updatedAt',
      },
      ExpressionAttributeValues: {
        ':quantity': quantity,
        ':one': 1,
        ':lineCount': order.lines.length,
        ':at': at,
      },
    },
  };
}

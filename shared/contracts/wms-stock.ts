// Stock movements of the warehouse: goods receiving, adjustments with reason codes and cycle counts
// (doc 3 §3-§5, §7). Messages are the spec's texts.
import * as z from 'zod/mini';
import { isValidDate } from '../time';
import { optionalText } from './fields';
import { idField, unitCostField } from './wms';
import { MAX_SERIALS_PER_RECEIPT, RECEIVING_MAX_QUANTITY, VARIANCE_WARNING } from './wms-stock-limits';

export const ADJUSTMENT_REASONS = [
  'damaged',
  'expired',
  'shrinkage',
  'found',
  'cycle_adjustment',
  'transfer_out',
  'transfer_in',
  'other',
] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
/** Reasons a person may choose; cycle_adjustment is written only by completing a count. */
export const MANUAL_ADJUSTMENT_REASONS = ADJUSTMENT_REASONS.filter((r) => r !== 'cycle_adjustment');

export const COUNT_TYPES = ['full', 'partial', 'spot'] as const;
export const COUNT_STATUSES = ['planned', 'active', 'completed', 'cancelled'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];
export type CountPhase = 'snapshot' | 'counting' | 'applying';
/** Why a counted line's variance was not applied at completion. */
export type CountSkipReason = 'line-changed' | 'line-gone' | 'reserved';

const optionalId = z.pipe(
  z.optional(z.union([z.literal(''), z.null(), idField('Unknown item')])),
  z.transform((v) => v || null),
);
/** A date (YYYY-MM-DD) that may be left out or empty: null then (a lot's expiry, a count's planned day). */
const optionalDate = z.pipe(
  z.optional(
    z.union([
      z.literal(''),
      z.null(),
      z.string().check(z.trim(), z.refine(isValidDate, 'Use a date in the form YYYY-MM-DD')),
    ]),
  ),
  z.transform((v) => v || null),
);

export const receiveSchema = z.strictObject({
  facilityId: idField('Facility is required'),
  productId: idField('Product is required'),
  binId: optionalId,
  quantity: z._default(
    z.coerce
      .number({ error: 'Quantity must be at least 1' })
      .check(
        z.int('Quantity must be a whole number'),
        z.gte(1, 'Quantity must be at least 1'),
        z.lte(RECEIVING_MAX_QUANTITY, `At most ${RECEIVING_MAX_QUANTITY}`),
      ),
    1,
  ),
  unitCost: unitCostField,
  lotNumber: optionalText(60),
  expiryDate: optionalDate,
  poNumber: optionalText(60),
  notes: optionalText(500),
  /** Dock-to-stock: the appointment being unloaded at the facility today. */
  appointmentId: optionalId,
  /** A serial-tracked product: one distinct serial number per unit received (docs/decisions.md). */
  serialNumbers: z._default(
    z
      .array(
        z
          .string()
          .check(
            z.trim(),
            z.minLength(1, 'A serial number cannot be blank'),
            z.maxLength(60, 'Must be at most 60 characters'),
          ),
      )
      .check(
        z.maxLength(
          MAX_SERIALS_PER_RECEIPT,
          `Receive at most ${MAX_SERIALS_PER_RECEIPT} serial-tracked units at a time`,
        ),
      ),
    [],
  ),
});
export type ReceiveInput = z.input<typeof receiveSchema>;

export const adjustSchema = z.strictObject({
  inventoryId: idField('Inventory item is required'),
  quantityAdjusted: z
    ._default(
      z.coerce
        .number({ error: 'Adjustment cannot be zero' })
        .check(
          z.int('Adjustment must be a whole number'),
          z.gte(-RECEIVING_MAX_QUANTITY),
          z.lte(RECEIVING_MAX_QUANTITY),
        ),
      0,
    )
    .check(z.refine((v) => v !== 0, 'Adjustment cannot be zero')),
  reasonCode: z.enum(MANUAL_ADJUSTMENT_REASONS as [AdjustmentReason, ...AdjustmentReason[]], {
    error: 'Reason code is required',
  }),
  notes: optionalText(500),
});
export type AdjustInput = z.input<typeof adjustSchema>;

export const cycleCountInputSchema = z
  .pipe(
    z.strictObject({
      facilityId: idField('Facility is required'),
      countType: z._default(z.enum(COUNT_TYPES, { error: 'Count type is required' }), 'partial'),
      zoneId: optionalId,
      binId: optionalId,
      productId: optionalId,
      plannedDate: optionalDate,
      notes: optionalText(500),
    }),
    z.transform((v) => ({
      ...v,
      zoneId: v.countType === 'partial' ? v.zoneId : null,
      binId: v.countType === 'full' ? null : v.binId,
      productId: v.countType === 'spot' ? v.productId : null,
    })),
  )
  .check(
    z.refine((v) => v.countType !== 'spot' || v.binId || v.productId, {
      message: 'A spot count needs a bin or a product',
      path: ['binId'],
    }),
  );
export type CycleCountInput = z.input<typeof cycleCountInputSchema>;

export const countedQuantitySchema = z.strictObject({
  countedQuantity: z.coerce
    .number({ error: 'Counted quantity cannot be negative' })
    .check(
      z.int('Counted quantity must be a whole number'),
      z.gte(0, 'Counted quantity cannot be negative'),
      z.lte(RECEIVING_MAX_QUANTITY, `Counted quantity must be at most ${RECEIVING_MAX_QUANTITY}`),
    ),
});

/** Put-away: part or all of an inventory line to another bin of its facility. */
export const moveSchema = z.strictObject({
  toBinId: idField('Target bin is required'),
  quantity: z.coerce
    .number({ error: 'Quantity to move must be at least 1' })
    .check(
      z.int('Quantity must be a whole number'),
      z.gte(1, 'Quantity to move must be at least 1'),
      z.lte(RECEIVING_MAX_QUANTITY, `At most ${RECEIVING_MAX_QUANTITY}`),
    ),
  notes: optionalText(500),
});
export type MoveInput = z.input<typeof moveSchema>;

export interface Adjustment {
  id: string;
  createdAt: string;
  inventoryId: string;
  product: { name: string } | null;
  bin: { code: string } | null;
  quantityBefore: number;
  quantityAdjusted: number;
  quantityAfter: number;
  reasonCode: AdjustmentReason;
  notes: string | null;
  cycleCountId: string | null;
  createdBy: string | null;
  /** A move between bins is two records (out of one bin, into the other) naming both bins. */
  move: { fromBin: string | null; toBin: string } | null;
}

export interface CycleCount {
  id: string;
  countNumber: string;
  countType: (typeof COUNT_TYPES)[number];
  facilityId: string;
  facility: { name: string };
  zone: { id: string; name: string } | null;
  bin: { id: string; code: string } | null;
  product: { id: string; name: string } | null;
  status: CountStatus;
  /** While active: taking the snapshot, counting, or applying the variances (chunk by chunk). */
  phase: CountPhase | null;
  /** Variances applied and lines reported (changed since the count started) so far. */
  progress: { applied: number; skipped: number };
  plannedDate: string | null;
  notes: string | null;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface CycleCountItem {
  id: string;
  cycleCountId: string;
  inventoryId: string;
  product: { name: string };
  bin: { code: string } | null;
  expectedQuantity: number;
  countedQuantity: number | null;
  variance: number | null;
  /** Set when completing left the line as it was: why, and what it holds now. */
  /** Why a counted line was not applied; `reserved`: the units reserved on it, above the count. */
  skipped: { reason: CountSkipReason; onHand: number | null; reserved?: number } | null;
}

/** The answer of Complete: the count, and the lines whose variance was not applied. */
export interface CountCompletion extends CycleCount {
  skippedItems: CycleCountItem[];
}

export interface Receipt {
  id: string;
  inventoryId: string;
  /** Every line the receipt went to (one per unit for a serial-tracked product). */
  inventoryIds: string[];
  quantity: number;
  quantityAfter: number;
  appointmentId: string | null;
}

/** What was received against an appointment (dock-to-stock). */
export interface AppointmentReceipt {
  id: string;
  receivedAt: string;
  productName: string;
  productSku: string;
  binCode: string | null;
  quantity: number;
  lotNumber: string | null;
}

/** The colour of a count's variance (doc 3 §5): 0 green, up to 5 either way yellow, beyond red. */
export function varianceTone(variance: number): 'green' | 'yellow' | 'red' {
  const size = Math.abs(variance);
  return size === 0 ? 'green' : size <= VARIANCE_WARNING ? 'yellow' : 'red';
}

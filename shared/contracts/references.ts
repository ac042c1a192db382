// Reference (PO) validation of bookings (issue #32): each facility's policy, the open POs uploaded as a
// CSV list, each PO's quantity ledger, and the check a booking stores. The policy's `mode` is the
// switch a later `callback` mode (a POST to the customer's system) joins, with its own settings beside it.
import * as z from 'zod';
import { seenRevision } from './fields';

/** off: a PO number is free text (the default); list: it must be an open PO of the facility's uploaded list. */
export const REFERENCE_MODES = ['off', 'list'] as const;
export type ReferenceMode = (typeof REFERENCE_MODES)[number];
/** A booking over the PO's open quantity: refused, or booked and flagged for staff. */
export const OVER_QUANTITY = ['refuse', 'flag'] as const;
export const UPLOAD_MODES = ['replace', 'append'] as const;

/** The most lines one uploaded file may carry. */
export const MAX_PO_LINES = 5000;
/** The most characters one uploaded file may carry (5,000 long lines, with room). */
export const MAX_PO_FILE_CHARS = 1_000_000;
/** The columns of a PO list, in the order a template shows them (windowStart and windowEnd optional). */
export const PO_COLUMNS = ['po', 'supplier', 'sku', 'quantity', 'windowStart', 'windowEnd'] as const;

export const referencePolicySchema = z.strictObject({
  mode: z.enum(REFERENCE_MODES, { error: 'Reference check must be off or list' }),
  allowSplits: z.boolean({ error: 'Allow splits must be true or false' }).default(false),
  overQuantity: z.enum(OVER_QUANTITY, { error: 'Over the open quantity must be refuse or flag' }).default('refuse'),
  revision: seenRevision,
});
export type ReferencePolicyInput = z.input<typeof referencePolicySchema>;

export interface ReferencePolicy {
  facilityId: string;
  mode: ReferenceMode;
  allowSplits: boolean;
  overQuantity: (typeof OVER_QUANTITY)[number];
  revision: number;
  updatedAt: string | null;
}

export const poUploadSchema = z.strictObject({
  mode: z.enum(UPLOAD_MODES, { error: 'Choose replace or append' }),
  csv: z
    .string({ error: 'Choose a CSV file of open POs' })
    .min(1, 'Choose a CSV file of open POs')
    .max(MAX_PO_FILE_CHARS, 'The file is too large: at most 5,000 lines'),
});
export type PoUploadInput = z.input<typeof poUploadSchema>;

/** One refused line of an uploaded file, by its line number in the file (the header is line 1). */
export interface PoUploadError {
  line: number;
  message: string;
}

/** What a file would do (preview) or did (apply). */
export interface PoUploadResult {
  mode: (typeof UPLOAD_MODES)[number];
  lines: number;
  orders: number;
  errors: PoUploadError[];
  applied: boolean;
  /** replace only: open POs of the list that the file leaves out, closed by applying it. */
  closing: string[];
}

export interface PurchaseOrderLine {
  sku: string;
  expected: number;
  received: number;
  open: number;
}

/** A live appointment holding the PO (scheduled, on site or completed; cancelled and no-show free it). */
export interface PurchaseOrderHolder {
  appointmentId: string;
  bookingReference: string;
  quantity: number | null;
}

/** A PO of a facility's list with its ledger: ordered (its lines), booked (live appointments), received, open. */
export interface PurchaseOrder {
  facilityId: string;
  po: string;
  supplier: string;
  windowStart: string | null;
  windowEnd: string | null;
  /** False once a replacing list left it out. */
  isOpen: boolean;
  ordered: number;
  booked: number;
  received: number;
  /** ordered - received. */
  openQuantity: number;
  lines: PurchaseOrderLine[];
  holders: PurchaseOrderHolder[];
  updatedAt: string;
}

/** The reference check a booking stored (issue #32): how it was checked, and whether it passed or was flagged. */
export interface ReferenceCheck {
  mode: ReferenceMode;
  po: string;
  result: 'ok' | 'flagged';
  /** Why it was flagged (over the open quantity). */
  reason: string | null;
  quantity: number | null;
  checkedAt: string;
}

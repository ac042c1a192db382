// Reference (PO) validation of bookings (issue #32): each facility's policy, the open POs uploaded as a
// CSV list, each PO's quantity ledger, and the check a booking stores. In `callback` mode every booking
// and every change is POSTed, signed, to the customer's system, which accepts (2xx) or refuses.
import * as z from 'zod/mini';
import { seenRevision } from './fields';
import { httpUrl } from './integrations';

/**
 * off: a PO number is free text (the default); list: it must be an open PO of the facility's uploaded
 * list; callback: the customer's system answers for each booking and change.
 */
export const REFERENCE_MODES = ['off', 'list', 'callback'] as const;
export type ReferenceMode = (typeof REFERENCE_MODES)[number];
/** A booking over the PO's open quantity: refused, or booked and flagged for staff. */
export const OVER_QUANTITY = ['refuse', 'flag'] as const;
export const UPLOAD_MODES = ['replace', 'append'] as const;
/**
 * What a booking gets when the customer's system does not answer usefully (timeout, network error,
 * non-JSON refusal): accepted, refused, accepted as pending review with an alert to staff, or checked
 * against the last uploaded list.
 */
export const DOWN_POLICIES = ['accept', 'refuse', 'pending_review', 'list'] as const;
export type DownPolicy = (typeof DOWN_POLICIES)[number];
/** How long the customer's system has to answer. */
export const CALLBACK_TIMEOUT_MS = 3_000;

/** The most lines one uploaded file may carry. */
export const MAX_PO_LINES = 5000;
/** The most characters one uploaded file may carry (5,000 long lines, with room). */
export const MAX_PO_FILE_CHARS = 1_000_000;
/** The columns of a PO list, in the order a template shows them (windowStart and windowEnd optional). */
export const PO_COLUMNS = ['po', 'supplier', 'sku', 'quantity', 'windowStart', 'windowEnd'] as const;

const CALLBACK_URL_REQUIRED = "Enter the address of your system's reference check";
const SECRET_FORMAT = 'The signing secret must be whsec_ followed by at least 24 bytes in base64';

/** A Standard Webhooks signing secret: whsec_ and base64 of 24 to 64 bytes. */
export const isSigningSecret = (v: string) => {
  const m = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(v);
  if (!m) return false;
  const bytes = Math.floor((m[1]!.replace(/=+$/, '').length * 3) / 4);
  return bytes >= 24 && bytes <= 64;
};

export const referencePolicySchema = z
  .strictObject({
    mode: z.enum(REFERENCE_MODES, { error: 'Reference check must be off, list or callback' }),
    allowSplits: z._default(z.boolean({ error: 'Allow splits must be true or false' }), false),
    overQuantity: z._default(
      z.enum(OVER_QUANTITY, { error: 'Over the open quantity must be refuse or flag' }),
      'refuse',
    ),
    /** callback: where each booking and change is POSTed. */
    callbackUrl: z.optional(
      z.string({ error: CALLBACK_URL_REQUIRED }).check(z.trim(), z.maxLength(500, 'Must be at most 500 characters')),
    ),
    /** Write-only: a new signing secret; left out keeps the one set. */
    callbackSecret: z.optional(z.string({ error: SECRET_FORMAT }).check(z.trim())),
    downPolicy: z._default(
      z.enum(DOWN_POLICIES, { error: 'When the system is down: choose accept, refuse, pending review or list' }),
      'refuse',
    ),
    revision: seenRevision,
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.mode === 'callback') {
        if (!v.callbackUrl) ctx.addIssue({ code: 'custom', path: ['callbackUrl'], message: CALLBACK_URL_REQUIRED });
        else {
          const url = httpUrl(CALLBACK_URL_REQUIRED).safeParse(v.callbackUrl);
          if (!url.success)
            ctx.addIssue({ code: 'custom', path: ['callbackUrl'], message: url.error.issues[0]!.message });
        }
      }
      if (v.callbackSecret && !isSigningSecret(v.callbackSecret))
        ctx.addIssue({ code: 'custom', path: ['callbackSecret'], message: SECRET_FORMAT });
    }),
  );
export type ReferencePolicyInput = z.input<typeof referencePolicySchema>;

export interface ReferencePolicy {
  facilityId: string;
  mode: ReferenceMode;
  allowSplits: boolean;
  overQuantity: (typeof OVER_QUANTITY)[number];
  callbackUrl: string | null;
  /** The signing secret is never read back: only whether one is set. */
  hasCallbackSecret: boolean;
  downPolicy: DownPolicy;
  revision: number;
  updatedAt: string | null;
}

export const poUploadSchema = z.strictObject({
  mode: z.enum(UPLOAD_MODES, { error: 'Choose replace or append' }),
  csv: z
    .string({ error: 'Choose a CSV file of open POs' })
    .check(
      z.minLength(1, 'Choose a CSV file of open POs'),
      z.maxLength(MAX_PO_FILE_CHARS, 'The file is too large: at most 5,000 lines'),
    ),
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
  /** The PO checked (callback mode: the booking's PO, null when it has none). */
  po: string | null;
  /** pending_review: the customer's system did not answer and the facility accepts such bookings for staff to review. */
  result: 'ok' | 'flagged' | 'pending_review';
  /** Why it was flagged or is pending review, or the customer's message. */
  reason: string | null;
  quantity: number | null;
  checkedAt: string;
  /** callback mode: the down policy applied because the customer's system gave no usable answer (null: it answered). */
  downPolicy?: DownPolicy | null;
  /** The booking holds its PO on the facility's list (list mode, or callback's `list` down policy). */
  held?: boolean;
}

/** An appointment as the customer's system is shown it (callback mode). */
export interface CallbackAppointment {
  bookingReference: string;
  references: { po: string | null; bol: string | null };
  /** The slot's start and end, as instants (UTC). */
  start: string;
  end: string;
  /** The appointment type's id (null: booked without a type). */
  type: string | null;
  quantity: number | null;
  fields: { id: string; label: string; value: string | number | boolean }[];
}

/**
 * What callback mode POSTs, signed with Standard Webhooks headers: a new booking (`existing` null) or
 * a change (`existing`: the appointment as it was). A 2xx accepts, whatever its body; any other status
 * with a JSON body refuses, with its `errorMessage` shown to the person booking.
 */
export interface ReferenceCallbackBody {
  action: 'create' | 'update';
  appointment: CallbackAppointment;
  existing: CallbackAppointment | null;
}

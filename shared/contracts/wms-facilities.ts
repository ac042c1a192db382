// The warehouse's facilities (doc 3 §3 "WMS Facility", §5, §7): a view of the facilities domain's one
// facility record, in the spec's shape. A body is checked in two steps: the spec's fields with its
// texts, then, piped, the facilities domain's own schema (hours in order, at most 500 doors, the
// time zone and slot defaults), so no facility rule is written twice (docs/decisions.md, issue 51).
import * as z from 'zod/mini';
import { facilityInputSchema, facilityUpdateSchema } from './facilities';
import { nonNegativeInt, seenRevision } from './fields';
import { zoneListQuerySchema } from './wms';

/** doc 3 §5: "totalDockDoors is an integer of at least 0". */
export const TOTAL_DOORS_NON_NEGATIVE = 'Total dock doors must be non-negative';
/**
 * A facility's QR code is its check-in link's (GET /api/facilities/{id}/qr-code, signed and rotating),
 * not a text anyone types: a typed one is refused rather than dropped.
 */
export const QR_CODE_NOT_TYPED =
  "A facility's QR code is made from its check-in link (Check-in QR), not typed: leave it empty";

const facility = facilityInputSchema.shape;
const wmsFacilityFields = {
  name: facility.name,
  address: facility.address,
  operatingHoursStart: facility.operatingHoursStart,
  operatingHoursEnd: facility.operatingHoursEnd,
  totalDockDoors: nonNegativeInt(TOTAL_DOORS_NON_NEGATIVE),
  qrCode: z.optional(z.union([z.literal(''), z.null()], { error: QR_CODE_NOT_TYPED })),
};
const withoutQrCode = <T extends { qrCode?: unknown }>({ qrCode: _typed, ...fields }: T) => fields;

/**
 * The body of the warehouse's facility form, as the spec has it (the form validates with it and
 * sends its output; the server then applies the facilities domain's rules below).
 */
export const wmsFacilityFormSchema = z.strictObject({
  ...wmsFacilityFields,
  totalDockDoors: z._default(wmsFacilityFields.totalDockDoors, 0),
});

/** POST /api/wms/facilities: a new facility (no doors unless asked), made by the facilities domain. */
export const wmsFacilityInputSchema = z.pipe(
  z.pipe(
    wmsFacilityFormSchema,
    z.transform((body): z.input<typeof facilityInputSchema> => withoutQrCode(body)),
  ),
  facilityInputSchema,
);
export type WmsFacilityInput = z.input<typeof wmsFacilityInputSchema>;

/**
 * PUT /api/wms/facilities/{id}: the entity's fields (doc 3 §7; totalDockDoors left out is kept), and
 * `revision`, when sent, the one the form loaded (a facility changed since is a 409).
 */
export const wmsFacilityUpdateSchema = z.pipe(
  z.pipe(
    z.extend(z.strictObject({ ...wmsFacilityFields, totalDockDoors: z.optional(wmsFacilityFields.totalDockDoors) }), {
      revision: seenRevision,
    }),
    z.transform((body): z.input<typeof facilityUpdateSchema> => withoutQrCode(body)),
  ),
  facilityUpdateSchema,
);

/** GET /api/wms/facilities: the management list's search and page (doc 3 §2: "Facilities: search only"). */
export const wmsFacilityListQuerySchema = z.pick(zoneListQuerySchema, {
  page: true,
  limit: true,
  cursor: true,
  search: true,
});

/** A facility as the warehouse shows it (doc 3 §3). */
export interface WmsFacility {
  id: string;
  name: string;
  address: string;
  operatingHoursStart: string;
  operatingHoursEnd: string;
  totalDockDoors: number;
  /** The check-in QR code is fetched apart (GET /api/facilities/{id}/qr-code): never stored as text. */
  qrCode: null;
  createdAt: string;
  /** What an edit sends back as `revision` (functions/lib/revision.ts). */
  revision: number;
  /** Dock doors recorded (a facility with doors cannot be deleted). */
  doorCount: number;
}

// A booking's answers to its facility's custom booking fields (issue #32), as sent and as kept on the
// appointment. Apart from appointment-types.ts (the fields' definitions) so that the appointment's
// contracts carry them without importing the definitions.
import * as z from 'zod/mini';

// What a booking keeps of its answers, and the texts made of them, without schemas (booked-fields.ts):
// the scheduling list reads them without loading zod.
export { FIELD_KINDS, bookedFieldsText, matchesSearch, type BookedField, type FieldKind } from './booked-fields';

/** The value of one field on a booking, as sent. */
export type FieldValue = string | number | boolean | null;
/** A booking's answers by field id (none: no answers). */
export const fieldValuesSchema = z.pipe(
  z.optional(
    z
      .record(
        z.string().check(z.maxLength(64)),
        z.union([z.string().check(z.maxLength(500)), z.number(), z.boolean(), z.null()]),
      )
      .check(z.refine((v) => Object.keys(v).length <= 100, 'Too many booking fields')),
  ),
  z.transform((v) => v ?? {}),
);

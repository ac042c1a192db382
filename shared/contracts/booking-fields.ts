// A booking's answers to its facility's custom booking fields (issue #32), as sent and as kept on the
// appointment. Apart from appointment-types.ts (the fields' definitions) so that the appointment's
// contracts carry them without importing the definitions.
import * as z from 'zod';

export const FIELD_KINDS = ['text', 'number', 'date', 'dropdown', 'checkbox'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** The value of one field on a booking, as sent. */
export type FieldValue = string | number | boolean | null;
/** A booking's answers by field id (none: no answers). */
export const fieldValuesSchema = z
  .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((v) => Object.keys(v).length <= 100, 'Too many booking fields')
  .optional()
  .transform((v) => v ?? {});

/** A field's answer as the appointment keeps it: the label as it read when booked, and the value. */
export interface BookedField {
  fieldId: string;
  label: string;
  labelHi: string | null;
  kind: FieldKind;
  value: string | number | boolean;
}

/** A booking's answers as one line of text (exports, search): "Label: value; …". */
export const bookedFieldsText = (fields: readonly BookedField[] | undefined) =>
  (fields ?? []).map((f) => `${f.label}: ${f.value === true ? 'yes' : f.value === false ? 'no' : f.value}`).join('; ');

/** Whether a booking matches a list search: its reference, carrier, driver, vehicle, PO or custom answers. */
export function matchesSearch(
  a: {
    bookingReference: string;
    carrierName: string | null;
    driverName: string | null;
    vehicleLicense: string | null;
    poNumber: string | null;
    fields?: readonly BookedField[];
  },
  search: string,
): boolean {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return true;
  return [a.bookingReference, a.carrierName, a.driverName, a.vehicleLicense, a.poNumber, bookedFieldsText(a.fields)]
    .join(' ')
    .toLowerCase()
    .includes(wanted);
}

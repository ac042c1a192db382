// A booking's answers to its facility's custom booking fields as the appointment keeps them, and the
// texts made of them (exports, the list's search): without schemas, so a screen that lists bookings
// shows them without loading zod (booking-fields.ts re-exports these beside the schema of the answers).

export const FIELD_KINDS = ['text', 'number', 'date', 'dropdown', 'checkbox'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

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

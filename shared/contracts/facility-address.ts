// A facility's address as one line (lists, the check-in page, messages): without schemas, so a screen
// that lists facilities shows it without loading zod (facilities.ts re-exports it).
/** Where a facility is, as one line: street address, city, state and PIN code, each once. */
export const facilityAddressLine = (f: {
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
}) => [f.address, f.city, f.state, f.zipCode].filter(Boolean).join(', ');

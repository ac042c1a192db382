// What a carrier typed for a booking through a facility's booking link, kept on this device for their
// next booking through the same link (issue #53): the vehicle, the driver's name and licence, and the
// owner. Never the access code, the mobile number (where the confirmation goes) or the load. Kept in
// localStorage under the link's id, so another link (another hub, another tenant) never reads them;
// "Forget my details" removes them.
import { OWNER_TYPES, VEHICLE_TYPES, type GuestBookingInput } from '@shared/contracts/appointments-guest';
import { forgetValue, keepValue, keptValue } from '../../lib/device-storage';

const PREFIX = 'docksaathi.booking-details.';

export const REMEMBERED_FIELDS = [
  'ownerType',
  'vehicleNumber',
  'vehicleType',
  'capacityTons',
  'driverName',
  'driverLicense',
  'ownerName',
  'ownerContactNumber',
] as const;
type Remembered = (typeof REMEMBERED_FIELDS)[number];
export type RememberedDetails = Partial<Pick<GuestBookingInput, Remembered>>;

/** The longest value kept: anything longer was not typed into the form. */
const MAX_LENGTH = 120;

const isOneOf = <T extends string>(choices: readonly T[], value: string): value is T =>
  (choices as readonly string[]).includes(value);

/** Only the remembered fields, as text (what the form's inputs hold); a choice only when it is still one. */
function pick(values: Record<string, unknown>): RememberedDetails {
  const texts: Partial<Record<Remembered, string>> = {};
  for (const field of REMEMBERED_FIELDS) {
    const value = values[field];
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
    if (text.trim() && text.length <= MAX_LENGTH) texts[field] = text;
  }
  const { ownerType, vehicleType, ...rest } = texts;
  return {
    ...rest,
    ...(ownerType && isOneOf(OWNER_TYPES, ownerType) ? { ownerType } : {}),
    ...(vehicleType && isOneOf(VEHICLE_TYPES, vehicleType) ? { vehicleType } : {}),
  };
}

/** The details kept for `scope` on this device; null when none (or storage is unavailable). */
export function rememberedDetails(scope: string): RememberedDetails | null {
  try {
    const stored: unknown = JSON.parse(keptValue(PREFIX + scope) ?? 'null');
    if (!stored || typeof stored !== 'object') return null;
    const kept = pick(stored as Record<string, unknown>);
    return Object.keys(kept).length ? kept : null;
  } catch {
    return null;
  }
}

/** Keeps the remembered fields of a booking just made; answers what was kept. */
export function rememberDetails(scope: string, values: Record<string, unknown>): RememberedDetails | null {
  const kept = pick(values);
  if (!Object.keys(kept).length) return null;
  // Private mode or a full storage: nothing is kept, the booking is made all the same.
  return keepValue(PREFIX + scope, JSON.stringify(kept)) ? kept : null;
}

export function forgetDetails(scope: string): void {
  forgetValue(PREFIX + scope);
}
